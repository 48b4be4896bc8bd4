import type { Core } from '@strapi/strapi';

/** Start-up work for the content area (idempotent: runs on every boot). */
export default async function bootstrapContent(_strapi: Core.Strapi): Promise<void> {}
