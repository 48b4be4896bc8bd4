/**
 * 'global::input-guard': first the field bounds of the public write routes (utils/request-limits: a
 * value over its length is refused with a 400 naming the field before anything else reads it), then
 * the text rule (utils/text-rules) on every query string and every write
 * request's body, on every path
 * (the site's API and the panel's): a body holding a NUL, an unpaired surrogate or a control
 * character anywhere, in a value or a key, is refused with a 400 naming the field before any
 * route, database or hash sees it. Runs after strapi::body.
 *
 * The Telegram webhook is the exception: Telegram re-sends a refused update and holds the chat's
 * later updates behind it, so that route takes the body as is and ignores malformed messages itself.
 */
import type { Core } from '@strapi/strapi';
import { TELEGRAM_WEBHOOK_PATH } from '@haic/contract';
import { findTextProblem } from '../utils/text-rules';
import { invalid } from '../utils/api-error';
import { fieldBoundProblem, routeBounds } from '../utils/request-limits';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const INPUT_GUARD_EXEMPT = new Set([TELEGRAM_WEBHOOK_PATH]);

const inputGuard: Core.MiddlewareFactory = () => {
  return async (ctx, next) => {
    const bounds = routeBounds(ctx.method, ctx.path);
    const tooLong = bounds && fieldBoundProblem(ctx.request.body, bounds);
    if (tooLong) throw invalid([tooLong]);
    if (!INPUT_GUARD_EXEMPT.has(ctx.path.toLowerCase())) {
      const problem = (WRITE_METHODS.has(ctx.method) ? findTextProblem(ctx.request.body) : null) ?? findTextProblem(ctx.query);
      if (problem) throw invalid([problem]);
    }
    await next();
  };
};

export default inputGuard;
