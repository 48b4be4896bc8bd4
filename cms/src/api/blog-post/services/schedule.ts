import type { Core, Modules } from '@strapi/strapi';

/**
 * Scheduled publishing: a draft whose 'Publish at' time has come is published through the document
 * service, so the same validation, lifecycles and cache clearing run as for the panel's Publish button.
 */
export interface ScheduleService {
  publishDue(now?: Date): Promise<{ published: string[]; failed: string[] }>;
}

const BLOG = 'api::blog-post.blog-post';

/** A due draft as publishDue reads it. */
interface ScheduledPost extends Modules.Documents.AnyDocument {
  title: string;
  publishAt: string;
  publishedDate: string | null;
}
const BATCH = 100;

/** The calendar day (UTC) of an instant, as a date field stores it. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export default ({ strapi }: { strapi: Core.Strapi }): ScheduleService => ({
  async publishDue(now = new Date()) {
    const documents = strapi.documents(BLOG);
    /** Sets the schedule fields (the document service's input type knows no attribute without generated types). */
    const setSchedule = (documentId: string, fields: Pick<ScheduledPost, 'publishAt' | 'publishedDate'> | { publishAt: null; publishedDate: string }) => {
      const data: Record<string, unknown> = fields;
      return documents.update({ documentId, data });
    };
    const due = await documents.findMany({
      status: 'draft',
      filters: { publishAt: { $notNull: true, $lte: now.toISOString() } },
      fields: ['documentId', 'title', 'publishAt', 'publishedDate'],
      sort: ['publishAt:asc', 'id:asc'],
      limit: BATCH,
    });
    const published: string[] = [];
    const failed: string[] = [];
    for (const post of due as ScheduledPost[]) {
      let cleared = false;
      try {
        const publishDay = utcDay(new Date(post.publishAt));
        // A post goes out dated the day it goes live, unless the editor dated it later still.
        const publishedDate = !post.publishedDate || post.publishedDate < publishDay ? publishDay : post.publishedDate;
        await setSchedule(post.documentId, { publishAt: null, publishedDate });
        cleared = true;
        await documents.publish({ documentId: post.documentId });
        published.push(post.documentId);
        strapi.log.info(`[schedule] published "${post.title}" (${post.documentId}), due ${post.publishAt}`);
      } catch (error) {
        // Left scheduled: the editor sees it still waiting in the list, and the next run tries again.
        failed.push(post.documentId);
        if (cleared) {
          await setSchedule(post.documentId, { publishAt: post.publishAt, publishedDate: post.publishedDate }).catch(() => undefined);
        }
        strapi.log.error(`[schedule] could not publish "${post.title}" (${post.documentId}): ${(error as Error).message}`);
      }
    }
    return { published, failed };
  },
});
