import { factories } from '@strapi/strapi';
import { todayUtc, visibleOnDayFilter } from '../visibility';

export interface BlogListItem {
  id: string;
  title: string;
  slug: string;
  summary: string;
  authorName: string;
  publishedDate: string;
  featuredImageUrl?: string;
}

// The serialized pages are kept briefly: the list is read far more often than it changes,
// and any write to a post or a file clears them (see bootstrap/content.ts).
const CACHE_MS = 5000;
const CACHE_MAX_ENTRIES = 50;
const cache = new Map<string, { at: number; json: Buffer }>();
let generation = 0;

export function clearBlogListCache() {
  generation += 1;
  cache.clear();
}

export default factories.createCoreService('api::blog-post.blog-post', ({ strapi }) => ({
  /** Published posts dated today or earlier, newest publishedDate first (ties: newest entry first). */
  async listPublished(page: number, pageSize: number): Promise<BlogListItem[]> {
    const rows = await strapi.db.query('api::blog-post.blog-post').findMany({
      select: ['documentId', 'title', 'slug', 'summary', 'authorName', 'publishedDate'],
      where: { publishedAt: { $notNull: true }, ...visibleOnDayFilter() },
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
    // Keyed by day too: at midnight (UTC) posts dated that day join the list without any write.
    const key = `${todayUtc()}:${page}:${pageSize}`;
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && now - hit.at < CACHE_MS) return hit.json;
    const started = generation;
    const json = Buffer.from(JSON.stringify(await this.listPublished(page, pageSize)));
    // A write during the query would make this result stale: do not keep it.
    if (started !== generation) return json;
    if (cache.size >= CACHE_MAX_ENTRIES) cache.clear();
    cache.set(key, { at: now, json });
    return json;
  },
}));
