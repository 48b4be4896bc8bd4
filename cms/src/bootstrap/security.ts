import crypto from 'crypto';
import type { Core } from '@strapi/strapi';
import { revokeSessionsOnPasswordChange } from '../utils/sessions';
import { setting } from '../utils/settings';

/** The panel's own user and role services, as far as this file uses them. */
interface PanelUsers {
  count(): Promise<number>;
  create(data: Record<string, unknown>): Promise<unknown>;
}
interface PanelRoles {
  getSuperAdmin(): Promise<{ id: number } | undefined>;
}

/**
 * The panel cannot be claimed: on a database without any panel account, the first Super Admin is
 * created at start from PANEL_ADMIN_EMAIL / PANEL_ADMIN_PASSWORD (npm start generates them into
 * cms/.env and prints them once). Without them a random password is generated and logged once.
 * From then on Strapi's /admin/register-admin refuses (it only serves a database without admins).
 */
async function ensurePanelSuperAdmin(strapi: Core.Strapi) {
  const users = strapi.service('admin::user') as PanelUsers;
  if ((await users.count()) > 0) return;
  const superAdmin = await (strapi.service('admin::role') as PanelRoles).getSuperAdmin();
  if (!superAdmin) throw new Error('[panel] the Super Admin role is missing');

  const email = (setting('PANEL_ADMIN_EMAIL') || 'admin@haic.local').trim().toLowerCase();
  const given = setting('PANEL_ADMIN_PASSWORD');
  const password = given || `Pa${crypto.randomBytes(12).toString('base64url')}9!`;
  await users.create({ email, firstname: 'Site', lastname: 'Admin', password, registrationToken: null, isActive: true, roles: [superAdmin.id] });
  if (given) strapi.log.info(`[panel] created the first Super Admin ${email} (PANEL_ADMIN_EMAIL / PANEL_ADMIN_PASSWORD)`);
  else
    strapi.log.warn(
      `[panel] created the first Super Admin: email "${email}", password "${password}" (shown only this once; set PANEL_ADMIN_PASSWORD to choose it)`,
    );
}

/** Start-up work for hardening (idempotent: runs on every boot). */
export default async function bootstrapSecurity(strapi: Core.Strapi): Promise<void> {
  revokeSessionsOnPasswordChange(strapi);
  await ensurePanelSuperAdmin(strapi);
}
