import type { Core } from '@strapi/strapi';
import bootstrapAccounts from './bootstrap/accounts';
import bootstrapAdmin from './bootstrap/admin';
import bootstrapCluster from './bootstrap/cluster';
import bootstrapContent from './bootstrap/content';
import bootstrapEditors, { registerBlogPostRules } from './bootstrap/editors';
import bootstrapIndexes from './bootstrap/indexes';
import bootstrapLive from './bootstrap/live';
import bootstrapNotices from './bootstrap/notices';
import bootstrapSecurity from './bootstrap/security';
import bootstrapSqlite from './bootstrap/sqlite';
import { registerNewsFeedAdminRoutes } from './api/news-feed/admin-routes';
import { registerAccountRemoval } from './api/account/services/account-removal';
import { registerUsernameChanges } from './api/account/username-changes';
import { scheduleHolderRefresh } from './api/wallet/services/holders';
import type { OutboxService } from './api/telegram/services/outbox';
import { bootstrapSearchIndex } from './api/search/search-index';
import { installEdge, registerEdge, stopEdge } from './edge/install';
import { closePasswordPool } from './utils/password-pool';
import { closeReplayPool } from './utils/replay-pool';
import { installGracefulShutdown } from './utils/lifecycle';
import { stopLiveBridge } from './utils/live-bridge';
import { closeAllStreams } from './utils/live-hub';
import { stopLagMonitor } from './utils/load-shed';
import { gaugeOnScrape } from './utils/metrics';

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    // First: the middlewares find the app's edge as they are made.
    registerEdge(strapi);
    registerNewsFeedAdminRoutes(strapi);
    registerBlogPostRules(strapi);
    registerAccountRemoval(strapi);
    registerUsernameChanges(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await bootstrapSqlite(strapi);
    await bootstrapCluster(strapi);
    await bootstrapIndexes(strapi);
    await bootstrapSearchIndex(strapi);
    await bootstrapContent(strapi);
    await bootstrapAccounts(strapi);
    await bootstrapAdmin(strapi);
    await bootstrapSecurity(strapi);
    await bootstrapEditors(strapi);
    scheduleHolderRefresh(strapi);
    await bootstrapLive(strapi);
    await bootstrapNotices(strapi);
    // Before the shutdown handler's own listener: it counts the edge's answers too.
    installEdge(strapi);
    installGracefulShutdown(strapi);
    // knex's pool (tarn) is not in knex's declarations: the two counts read here.
    const pool = () => (strapi.db?.connection.client as { pool?: { numUsed(): number; numPendingAcquires(): number } } | undefined)?.pool;
    gaugeOnScrape('db_pool_connections_in_use', 'Database connections in use', () => pool()?.numUsed() ?? null);
    gaugeOnScrape('db_pool_acquires_waiting', 'Requests waiting for a database connection', () => pool()?.numPendingAcquires() ?? null);
  },

  async destroy({ strapi }: { strapi: Core.Strapi }) {
    closeAllStreams();
    (strapi.service('api::telegram.outbox') as OutboxService).stop();
    await Promise.all([closeReplayPool(), closePasswordPool(), stopLiveBridge()]);
    stopEdge(strapi);
    // Settings read once per app: an app started again in this process reads its own.
    stopLagMonitor();
  },
};
