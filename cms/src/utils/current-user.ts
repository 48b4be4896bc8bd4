import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import type { UserRow } from './user-row';
import { tokenIsCurrent } from './sessions';

/**
 * The users-permissions user named by the request's Bearer token, or null when there is no
 * valid token, the token was revoked (sign-out, password change) or the user is blocked.
 * For routes declared with `auth: false`.
 */
export async function userFromToken(strapi: Core.Strapi, ctx: Pick<Context, 'request'>): Promise<UserRow | null> {
  let payload: { id?: number; sv?: unknown } | null;
  try {
    payload = await strapi.plugin('users-permissions').service('jwt').getToken(ctx);
  } catch {
    return null;
  }
  if (!payload?.id) return null;
  const user: UserRow | null = await strapi.plugin('users-permissions').service('user').fetchAuthenticatedUser(payload.id);
  if (!user || user.blocked || !tokenIsCurrent(payload, user)) return null;
  return user;
}
