import { factories } from '@strapi/strapi';

export interface NewsListItem {
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
export const NEWS_LIST_LIMIT = 100;
const CACHE_MS = 5000;
let cached: { at: number; json: Buffer } | null = null;
let generation = 0;

export function clearNewsListCache() {
  generation += 1;
  cached = null;
}

export default factories.createCoreService('api::news-item.news-item', ({ strapi }) => ({
  async listActive(): Promise<NewsListItem[]> {
    const rows = await strapi.db.query('api::news-item.news-item').findMany({
      select: ['documentId', 'title', 'description', 'url', 'source', 'category', 'publishedDate', 'imageUrl', 'isActive'],
      where: { isActive: true },
      orderBy: [{ publishedDate: 'desc' }, { id: 'desc' }],
      limit: NEWS_LIST_LIMIT,
    });
    return rows.map((row: any) => {
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
      if (row.imageUrl) item.imageUrl = row.imageUrl;
      return item;
    });
  },

  /** Serialized to UTF-8 JSON once, from a short-lived cache. */
  async listActiveJson(): Promise<Buffer> {
    const now = Date.now();
    if (cached && now - cached.at < CACHE_MS) return cached.json;
    const started = generation;
    const json = Buffer.from(JSON.stringify(await this.listActive()));
    if (started === generation) cached = { at: now, json };
    return json;
  },
}));
