import { factories } from '@strapi/strapi';
import { currentContentVersion } from '../../../utils/content-version';

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
// Used only while the content version it was built at is current (see blog-post's service).
let cached: { at: number; version: number; json: Buffer } | null = null;

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
    const version = await currentContentVersion();
    if (cached && cached.version === version && now - cached.at < CACHE_MS) return cached.json;
    const json = Buffer.from(JSON.stringify(await this.listActive()));
    cached = { at: now, version, json };
    return json;
  },
}));
