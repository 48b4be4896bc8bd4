import type { Seeder } from './types';

interface AdminAuthService {
  ensureAdminAccount(input: { username: string; password: string; email?: string }): Promise<'created' | 'exists' | 'conflict'>;
}

/**
 * The site admin account (users-permissions role 'Admin'), from ADMIN_USERNAME and ADMIN_PASSWORD
 * (ADMIN_EMAIL optional). Created when missing, never changed; nothing without both variables:
 * there is no default password. `npm start` generates them into cms/.env on a new local setup.
 * The service also creates the Admin role, since a new database is seeded before its first boot.
 */
export const seedAdmin: Seeder = async (strapi) => {
  const username = process.env.ADMIN_USERNAME?.trim();
  const password = process.env.ADMIN_PASSWORD;
  if (!username || !password) {
    console.log('[seed] admin: ADMIN_USERNAME and ADMIN_PASSWORD are not both set; no site admin account created.');
    return { name: 'admin', created: 0 };
  }
  const service = strapi.service('api::admin-auth.admin-auth') as unknown as AdminAuthService;
  const outcome = await service.ensureAdminAccount({ username, password, email: process.env.ADMIN_EMAIL?.trim() || undefined });
  if (outcome === 'conflict') {
    console.warn(`[seed] admin: the username "${username}" belongs to an account that is not a site admin; it was left unchanged.`);
  }
  return { name: 'admin', created: outcome === 'created' ? 1 : 0 };
};
