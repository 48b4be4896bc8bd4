import type { Context } from 'koa';
import { forbidden } from './api-error';

/**
 * /api/users/{id}/...: the signed-in caller's id when {id} is it (the route's 'global::is-logged-in' policy set
 * ctx.state.user), else 403: a per-user route serves only its owner.
 */
export function ownAccountId(ctx: Context): number {
  if (String(ctx.params.id) !== String(ctx.state.user.id)) throw forbidden('You can only access your own account');
  return ctx.state.user.id as number;
}
