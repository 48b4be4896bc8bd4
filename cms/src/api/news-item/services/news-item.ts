import { factories, type Core } from '@strapi/strapi';
import { isImageUrl, isWebUrl, type NewsCategory, type NewsListItem } from '@haic/contract';
import { createVersionedCache } from '../../../utils/versioned-cache';

const UID = 'api::news-item.news-item';

/** The page shows a digest, not an archive. */
const NEWS_LIST_LIMIT = 100;
// Until the content changes (or a minute passes: relative times on the page move on).
const cache = createVersionedCache<Buffer>({ name: 'news-list', maxEntries: 1, maxAgeMs: 60_000 });

/** A stored item as listActive reads it. */
interface NewsItemRow {
  documentId: string;
  title: string;
  description: string | null;
  url: string;
  source: string;
  category: string;
  publishedDate: string | Date;
  imageUrl: string | null;
}

const newsReads = (strapi: Core.Strapi) => ({
  async listActive(): Promise<NewsListItem[]> {
    const rows: NewsItemRow[] = await strapi.db.query(UID).findMany({
      select: ['documentId', 'title', 'description', 'url', 'source', 'category', 'publishedDate', 'imageUrl', 'isActive'],
      where: { isActive: true },
      orderBy: [{ publishedDate: 'desc' }, { id: 'desc' }],
      limit: NEWS_LIST_LIMIT,
    });
    // Stored before links were checked: an item whose article is not an http(s) address is not served.
    return rows
      .filter((row) => isWebUrl(row.url))
      .map((row) => {
        const item: NewsListItem = {
          id: row.documentId,
          title: row.title,
          description: row.description ?? '',
          url: row.url,
          source: row.source,
          category: row.category as NewsCategory,
          publishedAt: new Date(row.publishedDate).toISOString(),
          isActive: true,
        };
        if (isImageUrl(row.imageUrl)) item.imageUrl = row.imageUrl;
        return item;
      });
  },

  /** Serialized to UTF-8 JSON once per content version. */
  async listActiveJson(): Promise<Buffer> {
    return cache.get('active', async () => Buffer.from(JSON.stringify(await this.listActive())));
  },
});

export type NewsItemService = ReturnType<typeof newsReads>;

export default factories.createCoreService(UID, ({ strapi }) => newsReads(strapi));
