import type { Core } from '@strapi/strapi';
import { ensureClusterTables, exclusiveCronTask } from '../utils/cluster';
import { bumpContentVersion } from '../utils/content-version';

/** Read actions the anonymous (public) role gets; nothing else becomes public. */
export const PUBLIC_CONTENT_ACTIONS = ['api::blog-post.blog-post.find', 'api::blog-post.blog-post.findOne'];

export const DEFAULT_NEWS_FETCH_CRON = '*/30 * * * *';

async function grantPublicReads(strapi: Core.Strapi) {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });
  if (!role) {
    strapi.log.warn('[content] no public role found: blog posts are not readable anonymously');
    return;
  }
  for (const action of PUBLIC_CONTENT_ACTIONS) {
    const existing = await strapi.db.query('plugin::users-permissions.permission').findOne({ where: { action, role: role.id } });
    if (!existing) {
      await strapi.db.query('plugin::users-permissions.permission').create({ data: { action, role: role.id } });
    }
  }
}

/** Any write to posts, news or files moves the content version, which every content cache checks. */
function invalidateCachesOnWrites(strapi: Core.Strapi) {
  const writes = ['afterCreate', 'afterCreateMany', 'afterUpdate', 'afterUpdateMany', 'afterDelete', 'afterDeleteMany'];
  strapi.db.lifecycles.subscribe({
    models: ['api::blog-post.blog-post', 'api::news-item.news-item', 'plugin::upload.file'],
    ...Object.fromEntries(writes.map((event) => [event, () => bumpContentVersion()])),
  });
}

/**
 * The aggregation task, on NEWS_FETCH_CRON (default every 30 minutes), only where cron is on. Every
 * instance schedules it; one of them runs each tick.
 */
function scheduleNewsAggregation(strapi: Core.Strapi) {
  if (!strapi.config.get('server.cron.enabled', false)) return;
  const rule = process.env.NEWS_FETCH_CRON || DEFAULT_NEWS_FETCH_CRON;
  strapi.cron.add({
    newsAggregation: {
      task: exclusiveCronTask('news-aggregation', () => strapi.service('api::news-feed.aggregator').run()),
      options: { rule },
    },
  });
}

/** Start-up work for the content area (idempotent: runs on every boot). */
export default async function bootstrapContent(strapi: Core.Strapi): Promise<void> {
  await ensureClusterTables(strapi);
  await grantPublicReads(strapi);
  invalidateCachesOnWrites(strapi);
  scheduleNewsAggregation(strapi);
}
