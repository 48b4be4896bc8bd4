import type { Core } from '@strapi/strapi';
import bootstrapAccounts from './bootstrap/accounts';
import bootstrapAdmin from './bootstrap/admin';
import bootstrapContent from './bootstrap/content';
import bootstrapSecurity from './bootstrap/security';
import { closeReplayPool } from './utils/replay-pool';

export default {
  register(/* { strapi }: { strapi: Core.Strapi } */) {},

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await bootstrapContent(strapi);
    await bootstrapAccounts(strapi);
    await bootstrapAdmin(strapi);
    await bootstrapSecurity(strapi);
  },

  async destroy() {
    await closeReplayPool();
  },
};
