import type { Core } from '@strapi/strapi';
import { clearBlogListCache } from '../api/blog-post/services/blog-post';
import { clearNewsListCache } from '../api/news-item/services/news-item';

export const DEFAULT_NEWS_FETCH_CRON = '*/30 * * * *';

/** Any write to posts, news or files makes the short-lived list caches stale. */
function invalidateCachesOnWrites(strapi: Core.Strapi) {
  const clearBlog = () => clearBlogListCache();
  const clearNews = () => clearNewsListCache();
  const writes = ['afterCreate', 'afterCreateMany', 'afterUpdate', 'afterUpdateMany', 'afterDelete', 'afterDeleteMany'];
  const subscriber = (clear: () => void) => Object.fromEntries(writes.map((event) => [event, clear]));
  strapi.db.lifecycles.subscribe({ models: ['api::blog-post.blog-post', 'plugin::upload.file'], ...subscriber(clearBlog) });
  strapi.db.lifecycles.subscribe({ models: ['api::news-item.news-item'], ...subscriber(clearNews) });
}

/** The aggregation task, on NEWS_FETCH_CRON (default every 30 minutes), only where cron is on. */
function scheduleNewsAggregation(strapi: Core.Strapi) {
  if (!strapi.config.get('server.cron.enabled', false)) return;
  const rule = process.env.NEWS_FETCH_CRON || DEFAULT_NEWS_FETCH_CRON;
  strapi.cron.add({
    newsAggregation: {
      task: async () => {
        try {
          await strapi.service('api::news-feed.aggregator').run();
        } catch (error) {
          strapi.log.error(`[news] aggregation failed: ${(error as Error).message}`);
        }
      },
      options: { rule },
    },
  });
}

/** Start-up work for the content area (idempotent: runs on every boot). */
export default async function bootstrapContent(strapi: Core.Strapi): Promise<void> {
  invalidateCachesOnWrites(strapi);
  scheduleNewsAggregation(strapi);
}
