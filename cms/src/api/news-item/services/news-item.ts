import { factories } from '@strapi/strapi';
import { isImageUrl, isWebUrl } from '@haic/contract';
import { createVersionedCache } from '../../../utils/versioned-cache';

interface NewsListItem {
  id: string;
  title: string;
  description: string;
  url: string;
  source: string;
  category: string;
  /** The item's own publication time (stored as publishedDate: Strapi reserves publishedAt). */
  publishedAt: string;
  imageUrl?: string;
  isActive: boolean;
}

/** The page shows a digest, not an archive. */
const NEWS_LIST_LIMIT = 100;
// Until the content changes (or a minute passes: relative times on the page move on).
const cache = createVersionedCache<Buffer>({ name: 'news-list', maxEntries: 1, maxAgeMs: 60_000 });

export default factories.createCoreService('api::news-item.news-item', ({ strapi }) => ({
  async listActive(): Promise<NewsListItem[]> {
    const rows = await strapi.db.query('api::news-item.news-item').findMany({
      select: ['documentId', 'title', 'description', 'url', 'source', 'category', 'publishedDate', 'imageUrl', 'isActive'],
      where: { isActive: true },
      orderBy: [{ publishedDate: 'desc' }, { id: 'desc' }],
      limit: NEWS_LIST_LIMIT,
    });
    // Stored before links were checked: an item whose article is not an http(s) address is not served.
    return rows.filter((row: any) => isWebUrl(row.url)).map((row: any) => {
      const item: NewsListItem = {
        id: row.documentId,
        title: row.title,
        description: row.description ?? '',
        url: row.url,
        source: row.source,
        category: row.category,
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
}));
