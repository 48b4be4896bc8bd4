import { factories } from '@strapi/strapi';
import { currentContentVersion } from '../../../utils/content-version';

export interface BlogListItem {
  id: string;
  title: string;
  slug: string;
  summary: string;
  authorName: string;
  publishedDate: string;
  featuredImageUrl?: string;
}

// The serialized pages are kept briefly: the list is read far more often than it changes. A page
// is used only while the content version it was built at is current (any write to a post or a file,
// through any instance, moves it: see bootstrap/content.ts).
const CACHE_MS = 5000;
const CACHE_MAX_ENTRIES = 50;
const cache = new Map<string, { at: number; version: number; json: Buffer }>();

export default factories.createCoreService('api::blog-post.blog-post', ({ strapi }) => ({
  /** Published posts, newest publishedDate first (ties: newest entry first). */
  async listPublished(page: number, pageSize: number): Promise<BlogListItem[]> {
    const rows = await strapi.db.query('api::blog-post.blog-post').findMany({
      select: ['documentId', 'title', 'slug', 'summary', 'authorName', 'publishedDate'],
      where: { publishedAt: { $notNull: true } },
      orderBy: [{ publishedDate: 'desc' }, { id: 'desc' }],
      offset: (page - 1) * pageSize,
      limit: pageSize,
      populate: { featuredImage: { select: ['url'] } },
    });
    return rows.map((row: any) => {
      const item: BlogListItem = {
        id: row.documentId,
        title: row.title,
        slug: row.slug,
        summary: row.summary,
        authorName: row.authorName,
        publishedDate: row.publishedDate,
      };
      if (row.featuredImage?.url) item.featuredImageUrl = row.featuredImage.url;
      return item;
    });
  },

  /** The same list, serialized to UTF-8 JSON once, from a short-lived cache. */
  async listPublishedJson(page: number, pageSize: number): Promise<Buffer> {
    const key = `${page}:${pageSize}`;
    const now = Date.now();
    // Read before the query: a write during the query moves the version, so this page is not reused.
    const version = await currentContentVersion();
    const hit = cache.get(key);
    if (hit && hit.version === version && now - hit.at < CACHE_MS) return hit.json;
    const json = Buffer.from(JSON.stringify(await this.listPublished(page, pageSize)));
    if (cache.size >= CACHE_MAX_ENTRIES) cache.clear();
    cache.set(key, { at: now, version, json });
    return json;
  },
}));
