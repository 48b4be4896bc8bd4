import type { Core } from '@strapi/strapi';
import { exclusiveCronTask } from '../utils/cluster';
import type { ScheduleService } from '../api/blog-post/services/schedule';
import { PREVIEW_STATE_FLAG, visibleOnDayFilter } from '../api/blog-post/visibility';
import { invalid } from '../utils/api-error';
import { setting } from '../utils/settings';

const BLOG = 'api::blog-post.blog-post';
const READS = new Set(['findMany', 'findFirst', 'findOne', 'count']);
const WRITES = new Set(['create', 'update', 'clone']);

/**
 * A request from the public side: the content API (REST under /api, GraphQL) or a page the server renders,
 * i.e. any request but the panel's own (admin routes). Work outside requests (cron, seed) is not public.
 */
function publicRequest(strapi: Core.Strapi) {
  const ctx = strapi.requestContext.get() as { state?: { route?: { info?: { type?: string } } } & Record<string, unknown> } | undefined;
  if (!ctx) return null;
  return ctx.state?.route?.info?.type === 'admin' ? null : ctx;
}

/** One clear message when a slug is taken by another post (draft or published). */
async function assertSlugFree(strapi: Core.Strapi, slug: unknown, documentId: string | undefined) {
  if (typeof slug !== 'string' || !slug) return;
  const other = await strapi.db.query(BLOG).findOne({
    select: ['documentId', 'title'],
    where: { slug, ...(documentId ? { documentId: { $ne: documentId } } : {}) },
  });
  if (other) {
    const message = `The slug "${slug}" is already used by the post "${other.title}". Choose another slug.`;
    throw invalid([{ path: ['slug'], message, name: 'ValidationError' }]);
  }
}

/**
 * Blog post rules that hold whoever calls the document service:
 * - public reads see published posts dated today or earlier only (drafts only through a valid preview link);
 * - a slug belongs to one post.
 */
export function registerBlogPostRules(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== BLOG) return next();
    // The parameters of whichever action this is: the ones these rules read or set.
    const params = context.params as { status?: string; filters?: unknown; data?: Record<string, unknown>; documentId?: string };
    if (READS.has(context.action)) {
      const request = publicRequest(strapi);
      if (request && !request.state?.[PREVIEW_STATE_FLAG]) {
        params.status = 'published';
        params.filters = params.filters ? { $and: [params.filters, visibleOnDayFilter()] } : visibleOnDayFilter();
      }
    } else if (WRITES.has(context.action) && params.data && 'slug' in params.data) {
      // A clone is a new post: the post it copies does not own the slug for it.
      await assertSlugFree(strapi, params.data.slug, context.action === 'update' ? params.documentId : undefined);
    }
    return next();
  });
}

/** The one entry point of the scheduled-publishing job (a cluster lock can wrap this call). */
async function runScheduledPublishing(strapi: Core.Strapi) {
  return (strapi.service('api::blog-post.schedule') as unknown as ScheduleService).publishDue();
}

/** Publishes due posts on PUBLISH_SCHEDULE_CRON (default every minute), where cron is on. */
function scheduleDuePosts(strapi: Core.Strapi) {
  if (!strapi.config.get('server.cron.enabled', false)) return;
  strapi.cron.add({
    scheduledPublishing: {
      // One instance runs each tick, and a slow run is never overlapped (cluster.ts).
      task: exclusiveCronTask('scheduled-publishing', () => runScheduledPublishing(strapi)),
      options: { rule: setting('PUBLISH_SCHEDULE_CRON') },
    },
  });
}

/** Start-up work for the editors' tools (idempotent: runs on every boot). */
export default async function bootstrapEditors(strapi: Core.Strapi): Promise<void> {
  scheduleDuePosts(strapi);
}
