import type { Core } from '@strapi/strapi';
import { exclusiveCronTask } from '../utils/cluster';
import { bumpContentVersion } from '../utils/content-version';

const DEFAULT_NEWS_FETCH_CRON = '*/30 * * * *';

/** Any write to posts, news or files moves the content version: every content cache is stale. */
function invalidateCachesOnWrites(strapi: Core.Strapi) {
  const writes = ['afterCreate', 'afterCreateMany', 'afterUpdate', 'afterUpdateMany', 'afterDelete', 'afterDeleteMany'];
  strapi.db.lifecycles.subscribe({
    models: ['api::blog-post.blog-post', 'api::news-item.news-item', 'plugin::upload.file'],
    ...Object.fromEntries(writes.map((event) => [event, () => bumpContentVersion()])),
  });
}

/** The aggregation task, on NEWS_FETCH_CRON (default every 30 minutes), only where cron is on. */
function scheduleNewsAggregation(strapi: Core.Strapi) {
  if (!strapi.config.get('server.cron.enabled', false)) return;
  const rule = process.env.NEWS_FETCH_CRON || DEFAULT_NEWS_FETCH_CRON;
  strapi.cron.add({
    newsAggregation: {
      // Every instance schedules it; one of them runs each tick (cluster.ts).
      task: exclusiveCronTask('news-aggregation', () => strapi.service('api::news-feed.aggregator').run()),
      options: { rule },
    },
  });
}

/** Start-up work for the content area (idempotent: runs on every boot). */
export default async function bootstrapContent(strapi: Core.Strapi): Promise<void> {
  invalidateCachesOnWrites(strapi);
  scheduleNewsAggregation(strapi);
}
