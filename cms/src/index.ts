import type { Core } from '@strapi/strapi';
import bootstrapAccounts from './bootstrap/accounts';
import bootstrapAdmin from './bootstrap/admin';
import bootstrapCluster from './bootstrap/cluster';
import bootstrapContent from './bootstrap/content';
import bootstrapGame from './bootstrap/game';
import bootstrapSecurity from './bootstrap/security';

export default {
  register(/* { strapi }: { strapi: Core.Strapi } */) {},

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await bootstrapCluster(strapi);
    await bootstrapContent(strapi);
    await bootstrapAccounts(strapi);
    await bootstrapAdmin(strapi);
    await bootstrapGame(strapi);
    await bootstrapSecurity(strapi);
  },
};
