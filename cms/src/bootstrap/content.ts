import type { Core } from '@strapi/strapi';
import { exclusiveCronTask } from '../utils/cluster';
import { fieldsOf } from '../utils/fields';
import type { AggregatorService } from '../api/news-feed/services/aggregator';
import { invalidateTags, TAGS } from '../utils/http-cache';
import { setting } from '../utils/settings';

/**
 * Any write to posts, news or files (the panel's publish, edit and unpublish, a news fetch) invalidates
 * what showed them: every content cache of every instance, and the caches in front (utils/http-cache).
 */
function invalidateCachesOnWrites(strapi: Core.Strapi) {
  const writes = ['afterCreate', 'afterCreateMany', 'afterUpdate', 'afterUpdateMany', 'afterDelete', 'afterDeleteMany'];
  const tagsOf: Record<string, (result: unknown) => string[]> = {
    'api::blog-post.blog-post': (result) => {
      const { slug } = fieldsOf(result);
      return typeof slug === 'string' ? [TAGS.blog, TAGS.post(slug)] : [TAGS.blog];
    },
    'api::news-item.news-item': () => [TAGS.news],
    // Pictures show in posts and news.
    'plugin::upload.file': () => [TAGS.blog, TAGS.news],
  };
  strapi.db.lifecycles.subscribe({
    models: Object.keys(tagsOf),
    ...Object.fromEntries(
      writes.map((event) => [event, (e: { model: { uid: string }; result?: unknown }) => invalidateTags(tagsOf[e.model.uid]?.(e.result) ?? [TAGS.site])]),
    ),
  });
}

/** The aggregation task, on NEWS_FETCH_CRON (default every 30 minutes), only where cron is on. */
function scheduleNewsAggregation(strapi: Core.Strapi) {
  if (!strapi.config.get('server.cron.enabled', false)) return;
  const rule = setting('NEWS_FETCH_CRON');
  strapi.cron.add({
    newsAggregation: {
      // Every instance schedules it; one of them runs each tick (cluster.ts).
      task: exclusiveCronTask('news-aggregation', () => (strapi.service('api::news-feed.aggregator') as AggregatorService).run()),
      options: { rule },
    },
  });
}

/** Start-up work for the content area (idempotent: runs on every boot). */
export default async function bootstrapContent(strapi: Core.Strapi): Promise<void> {
  invalidateCachesOnWrites(strapi);
  scheduleNewsAggregation(strapi);
}
