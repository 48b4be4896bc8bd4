import type { Core } from '@strapi/strapi';

/**
 * Scheduled publishing: a draft whose 'Publish at' time has come is published through the document
 * service, so the same validation, lifecycles and cache clearing run as for the panel's Publish button.
 */
export interface ScheduleService {
  publishDue(now?: Date): Promise<{ published: string[]; failed: string[] }>;
}

const BLOG = 'api::blog-post.blog-post';
const BATCH = 100;

/** The calendar day (UTC) of an instant, as a date field stores it. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export default ({ strapi }: { strapi: Core.Strapi }): ScheduleService => ({
  async publishDue(now = new Date()) {
    const documents = strapi.documents(BLOG);
    const due = await documents.findMany({
      status: 'draft',
      filters: { publishAt: { $notNull: true, $lte: now.toISOString() } } as any,
      fields: ['documentId', 'title', 'publishAt', 'publishedDate'],
      sort: ['publishAt:asc', 'id:asc'],
      limit: BATCH,
    });
    const published: string[] = [];
    const failed: string[] = [];
    for (const post of due as any[]) {
      let cleared = false;
      try {
        const publishDay = utcDay(new Date(post.publishAt));
        // A post goes out dated the day it goes live, unless the editor dated it later still.
        const publishedDate = !post.publishedDate || post.publishedDate < publishDay ? publishDay : post.publishedDate;
        await documents.update({ documentId: post.documentId, data: { publishAt: null, publishedDate } as any });
        cleared = true;
        await documents.publish({ documentId: post.documentId });
        published.push(post.documentId);
        strapi.log.info(`[schedule] published "${post.title}" (${post.documentId}), due ${post.publishAt}`);
      } catch (error) {
        // Left scheduled: the editor sees it still waiting in the list, and the next run tries again.
        failed.push(post.documentId);
        if (cleared) {
          await documents.update({ documentId: post.documentId, data: { publishAt: post.publishAt, publishedDate: post.publishedDate } as any }).catch(() => undefined);
        }
        strapi.log.error(`[schedule] could not publish "${post.title}" (${post.documentId}): ${(error as Error).message}`);
      }
    }
    return { published, failed };
  },
});
