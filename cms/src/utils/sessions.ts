/**
 * Sessions that end. Every token carries the user's session version (claim `sv`); signing out on
 * the server or changing the password bumps the version, and every token issued before it stops
 * working at once (userFromToken compares the two).
 */
import type { Core } from '@strapi/strapi';

const USER = 'plugin::users-permissions.user';

export const issueToken = (strapi: Core.Strapi, user: { id: number; sessionVersion?: number | null }): string =>
  strapi
    .plugin('users-permissions')
    .service('jwt')
    .issue({ id: user.id, sv: user.sessionVersion ?? 0 });

/** A token's payload is current when its version equals the user's (tokens without one count as version 0). */
export const tokenIsCurrent = (payload: { sv?: unknown }, user: { sessionVersion?: number | null }) =>
  (typeof payload.sv === 'number' ? payload.sv : 0) === (user.sessionVersion ?? 0);

export async function revokeSessions(strapi: Core.Strapi, userId: number): Promise<void> {
  const user = await strapi.db.query(USER).findOne({ where: { id: userId }, select: ['id', 'sessionVersion'] });
  if (user) await strapi.db.query(USER).update({ where: { id: userId }, data: { sessionVersion: (user.sessionVersion ?? 0) + 1 } });
}

/** A new password (from any road: panel, service, script) ends the user's earlier sessions. */
export function revokeSessionsOnPasswordChange(strapi: Core.Strapi) {
  strapi.db.lifecycles.subscribe({
    models: [USER],
    async beforeUpdate(event: { params?: { data?: { password?: unknown; sessionVersion?: number }; where?: Record<string, unknown> } }) {
      const data = event.params?.data;
      if (!data?.password || data.sessionVersion !== undefined) return;
      const rows = await strapi.db.query(USER).findMany({ where: event.params?.where, select: ['id', 'sessionVersion'], limit: 2 });
      if (rows.length === 1) data.sessionVersion = (rows[0].sessionVersion ?? 0) + 1;
    },
  });
}
