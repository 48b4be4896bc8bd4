import type { Context } from 'koa';
import { issueXsrfCookie } from '../cookie';

export default {
  /** 204 with Set-Cookie: XSRF-TOKEN (the one the client holds, or a new one); never stored by a cache. */
  async issue(ctx: Context) {
    issueXsrfCookie(ctx);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.status = 204;
  },
};
