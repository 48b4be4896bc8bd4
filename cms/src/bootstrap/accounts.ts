import type { Core } from '@strapi/strapi';

/** Start-up work for the accounts area (idempotent: runs on every boot). */
export default async function bootstrapAccounts(_strapi: Core.Strapi): Promise<void> {}
