/** The XSRF-TOKEN cookie that GET /api/xsrf hands out (global::xsrf checks its echo on every write). */
import crypto from 'crypto';
import type { Context } from 'koa';
import { XSRF_COOKIE, XSRF_TOKEN_PATTERN } from '@haic/contract';

/** Sets the XSRF-TOKEN cookie: the client's own when it holds a well-formed one, else a new random one. */
export function issueXsrfCookie(ctx: Context) {
  const held = ctx.cookies.get(XSRF_COOKIE, { signed: false });
  ctx.cookies.set(XSRF_COOKIE, held && XSRF_TOKEN_PATTERN.test(held) ? held : crypto.randomBytes(32).toString('base64url'), {
    httpOnly: false,
    sameSite: 'lax',
    secure: ctx.request.secure,
    path: '/',
    overwrite: true,
    signed: false,
  });
}
