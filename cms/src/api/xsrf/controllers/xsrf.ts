import type { Context } from 'koa';
import { cachePolicy } from '../../../edge/cache-policy';
import { issueXsrfCookie } from '../cookie';

export default {
  /** 204 with Set-Cookie: XSRF-TOKEN (the one the client holds, or a new one); never stored by a cache. */
  async issue(ctx: Context) {
    issueXsrfCookie(ctx);
    ctx.set('Cache-Control', cachePolicy.private());
    ctx.status = 204;
  },
};
