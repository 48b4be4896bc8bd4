import type { Core } from '@strapi/strapi';

/** Start-up work for the game area (idempotent: runs on every boot). */
export default async function bootstrapGame(_strapi: Core.Strapi): Promise<void> {}
