import type { Core } from '@strapi/strapi';
import { ensureClusterTables } from '../utils/cluster';
import { installCounterStore } from '../utils/counter-store';

/**
 * Start-up work for running several instances on one PostgreSQL (idempotent; first in the list, so
 * the shared tables and the shared rate-limit store are in place before anything uses them).
 */
export default async function bootstrapCluster(strapi: Core.Strapi): Promise<void> {
  await ensureClusterTables(strapi);
  installCounterStore(strapi);
}
