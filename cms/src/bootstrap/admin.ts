import type { Core } from '@strapi/strapi';

/** Start-up work for the admin area (idempotent: runs on every boot). */
export default async function bootstrapAdmin(_strapi: Core.Strapi): Promise<void> {}
