/**
 * Double-submit XSRF protection for the REST API.
 * GET /api/xsrf (api/xsrf) gives the browser its XSRF-TOKEN cookie (readable by scripts); no other
 * answer sets it, so pages and public reads are the same bytes for everyone and a cache may keep them.
 * A state-changing /api call must echo the cookie in the X-XSRF-TOKEN header.
 * The Telegram webhook is exempt: Telegram cannot read cookies and proves itself with
 * its own secret header.
 */
import type { Core } from '@strapi/strapi';
import { TELEGRAM_WEBHOOK_PATH, XSRF_COOKIE, XSRF_HEADER } from '@haic/contract';
import { forbidden } from '../utils/api-error';
import { sameSecret } from '../utils/signed-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const EXEMPT_PATHS = new Set([TELEGRAM_WEBHOOK_PATH]);
/** The router matches paths without regard to case ('/API/contact' is '/api/contact'), and so does this check. */
const isApiPath = (path: string) => /^\/api(\/|$)/i.test(path);

const xsrf: Core.MiddlewareFactory = () => {
  return async (ctx, next) => {
    const cookie = ctx.cookies.get(XSRF_COOKIE, { signed: false });

    if (!SAFE_METHODS.has(ctx.method) && isApiPath(ctx.path) && !EXEMPT_PATHS.has(ctx.path.toLowerCase())) {
      const header = ctx.get(XSRF_HEADER);
      if (!cookie || !header || !sameSecret(cookie, header)) {
        throw forbidden('Missing or invalid XSRF token: send the XSRF-TOKEN cookie value in the X-XSRF-TOKEN header.');
      }
    }

    await next();
  };
};

export default xsrf;
