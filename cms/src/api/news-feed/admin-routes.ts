/**
 * POST /admin/news-feeds/fetch-now (Strapi's admin API prefix) — the panel's "Fetch now" on the News Feed
 * list. An admin route (Strapi's admin JWT, not the site's users-permissions token): only a signed-in panel
 * user who may edit news feeds can start a pass; it answers with the per-feed results.
 */
import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import type { AggregatorService } from './services/aggregator';

const FETCH_NOW_PATH = '/news-feeds/fetch-now';
const FEED = 'api::news-feed.news-feed';

export function registerNewsFeedAdminRoutes(strapi: Core.Strapi) {
  const routers = strapi.admin.routes as unknown as Record<string, unknown>;
  routers['haic-news-feeds'] = {
    type: 'admin',
    routes: [
      {
        method: 'POST',
        path: FETCH_NOW_PATH,
        handler: async (ctx: Context) => {
          const report = await (strapi.service('api::news-feed.aggregator') as AggregatorService).run();
          ctx.body = { data: report };
        },
        config: {
          policies: [
            'admin::isAuthenticatedAdmin',
            { name: 'admin::hasPermissions', config: { actions: [['plugin::content-manager.explorer.update', FEED]] } },
          ],
        },
      },
    ],
  };
}
