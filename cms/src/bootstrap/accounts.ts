import type { Core } from '@strapi/strapi';

/**
 * Start-up work for the accounts area (idempotent: runs on every boot).
 * Sign-up goes through POST /api/auth/register, which enforces the site's password rules, so the
 * users-permissions plugin's own /api/auth/local/register (weaker rules) is switched off.
 * Telegram linking codes that have expired are of no use to anyone: they are removed at start.
 */
export default async function bootstrapAccounts(strapi: Core.Strapi): Promise<void> {
  const store = strapi.store({ type: 'plugin', name: 'users-permissions', key: 'advanced' });
  const advanced = (await store.get()) as Record<string, unknown> | null;
  if (advanced && advanced.allow_register !== false) await store.set({ value: { ...advanced, allow_register: false } });

  await strapi.db.query('api::linking-code.linking-code').deleteMany({ where: { expiresAt: { $lt: new Date() } } });
}
