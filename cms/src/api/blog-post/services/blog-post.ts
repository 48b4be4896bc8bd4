/**
 * The one road for reading blog posts: /api/blog, the GraphQL list (ordered the same, see
 * extensions/graphql), the server-rendered pages, the sitemap and the RSS feed all read here.
 */
import { factories, type Core, type Modules } from '@strapi/strapi';
import type { BlogImageFormat, BlogListItem, BlogPostRecord } from '@haic/contract';
import { createVersionedCache } from '../../../utils/versioned-cache';
import { todayUtc, visibleOnDayFilter, withDraftAccess } from '../visibility';

const UID = 'api::blog-post.blog-post';

/** Newest publishedDate first; among posts of one day, the newest entry first. */
export const BLOG_ORDER = ['publishedDate:desc', 'createdAt:desc', 'documentId:asc'];

const IMAGE_FIELDS = ['url', 'alternativeText', 'width', 'height', 'formats'];
const LIST_FIELDS = ['title', 'slug', 'summary', 'authorName', 'publishedDate'];

/** BLOG_ORDER for the Query Engine, which reads rows rather than documents. */
const ROW_ORDER = BLOG_ORDER.map((term) => {
  const [field, direction] = term.split(':');
  return { [field]: direction };
});
/** The published rows of posts the public can read today (the draft row of each post is left out). */
const visibleRows = () => ({ publishedAt: { $notNull: true }, ...visibleOnDayFilter() });

/** A post's line in a sitemap file. */
export interface SitemapPost {
  slug: string;
  updatedAt: string;
}

/** What the feed needs. */
export interface BlogFeedEntry {
  title: string;
  slug: string;
  summary: string;
  authorName: string;
  publishedDate: string;
  updatedAt: string;
}

/** A post as the document service reads it with LIST_FIELDS (and the body, when asked for). */
interface BlogPostDocument extends Modules.Documents.AnyDocument {
  title: string;
  slug: string;
  summary: string;
  authorName: string;
  publishedDate: string;
  body?: BlogPostRecord['body'] | null;
  publishAt?: string | null;
  updatedAt?: string;
  featuredImage?: {
    url?: string;
    alternativeText?: string | null;
    width?: number | null;
    height?: number | null;
    formats?: Record<string, BlogImageFormat & Record<string, unknown>> | null;
  } | null;
}

function toRecord(doc: BlogPostDocument, withBody: boolean): BlogPostRecord {
  const image = doc.featuredImage;
  const formats: Record<string, BlogImageFormat> | null = image?.formats
    ? Object.fromEntries(Object.entries(image.formats).map(([name, f]) => [name, { url: f.url, width: f.width, height: f.height }]))
    : null;
  const record: BlogPostRecord = {
    documentId: doc.documentId,
    title: doc.title,
    slug: doc.slug,
    summary: doc.summary,
    authorName: doc.authorName,
    publishedDate: doc.publishedDate,
    featuredImage: image?.url
      ? { url: image.url, alternativeText: image.alternativeText ?? null, width: image.width ?? null, height: image.height ?? null, formats }
      : null,
  };
  if (withBody) record.body = doc.body ?? [];
  return record;
}

const toListItem = (record: BlogPostRecord): BlogListItem => {
  const item: BlogListItem = {
    id: record.documentId,
    title: record.title,
    slug: record.slug,
    summary: record.summary,
    authorName: record.authorName,
    publishedDate: record.publishedDate,
  };
  if (record.featuredImage) item.featuredImageUrl = record.featuredImage.url;
  return item;
};

// Pages of the list, and their /api/blog JSON, until the content changes (or a minute passes).
const pages = createVersionedCache<BlogPostRecord[]>({ name: 'blog-pages', maxEntries: 100, maxAgeMs: 60_000 });
const pagesJson = createVersionedCache<Buffer>({ name: 'blog-pages-json', maxEntries: 100, maxAgeMs: 60_000 });
const visiblePosts = createVersionedCache<{ slugs: Set<string>; count: number }>({ name: 'blog-slugs', maxEntries: 2, maxAgeMs: 60_000 });
const EMPTY_LIST_JSON = Buffer.from('[]');

/** The reads every road shares (the core service's own actions are left as Strapi makes them). */
const blogReads = (strapi: Core.Strapi) => ({
  /** Published posts in BLOG_ORDER, one page of them. */
  async listPublishedPosts(page: number, pageSize: number): Promise<BlogPostRecord[]> {
    // A page past the last one is empty without a read, and takes no place from the pages that exist.
    if (await this.isPastTheEnd(page, pageSize)) return [];
    // Keyed by day too: at midnight (UTC) posts dated that day join the list without any write.
    return pages.get(`${todayUtc()}:${page}:${pageSize}`, async () => {
      const docs = await strapi.documents(UID).findMany({
        status: 'published',
        filters: visibleOnDayFilter(),
        fields: LIST_FIELDS,
        sort: BLOG_ORDER,
        start: (page - 1) * pageSize,
        limit: pageSize,
        populate: { featuredImage: { fields: IMAGE_FIELDS } },
      });
      return docs.map((doc) => toRecord(doc as BlogPostDocument, false));
    });
  },

  /** GET /api/blog: the same page as a plain JSON array of posts, serialized once. */
  async listPublishedJson(page: number, pageSize: number): Promise<Buffer> {
    if (await this.isPastTheEnd(page, pageSize)) return EMPTY_LIST_JSON;
    return pagesJson.get(`${todayUtc()}:${page}:${pageSize}`, async () =>
      Buffer.from(JSON.stringify((await this.listPublishedPosts(page, pageSize)).map(toListItem))),
    );
  },

  /** A published post with its body, or null. */
  async findPublishedBySlug(slug: string): Promise<BlogPostRecord | null> {
    const doc = await strapi.documents(UID).findFirst({
      status: 'published',
      filters: { slug: { $eq: slug }, ...visibleOnDayFilter() },
      fields: [...LIST_FIELDS, 'body'],
      populate: { featuredImage: { fields: IMAGE_FIELDS } },
    });
    return doc ? toRecord(doc as BlogPostDocument, true) : null;
  },

  /**
   * Whether the public can read a post with this slug today, answered from the set of readable slugs
   * (read once per content version and day): an unknown slug costs no database read.
   */
  async isVisibleSlug(slug: string): Promise<boolean> {
    return (await this.visiblePostSlugs()).slugs.has(slug);
  },

  /** The slugs of the posts the public can read today, and how many posts those are, read once per content version and day. */
  async visiblePostSlugs(): Promise<{ slugs: Set<string>; count: number }> {
    return visiblePosts.get(todayUtc(), async () => {
      const rows: Array<{ slug: string }> = await strapi.db.query(UID).findMany({ select: ['slug'], where: visibleRows() });
      return { slugs: new Set(rows.map((row) => row.slug)), count: rows.length };
    });
  },

  /** Whether a page of the list starts past the last visible post (answered from visiblePostSlugs: no read per page). */
  async isPastTheEnd(page: number, pageSize: number): Promise<boolean> {
    return (page - 1) * pageSize >= (await this.visiblePostSlugs()).count;
  },

  /** A post's latest draft, for a preview link (verified by api::blog-post.preview); null unless `slug` is its slug. */
  async findDraft(documentId: string, slug: string): Promise<BlogPostRecord | null> {
    const doc = await withDraftAccess(strapi, () =>
      strapi.documents(UID).findOne({
        documentId,
        status: 'draft',
        fields: [...LIST_FIELDS, 'body', 'publishAt'],
        populate: { featuredImage: { fields: IMAGE_FIELDS } },
      }),
    );
    const draft = doc as BlogPostDocument | null;
    return draft && draft.slug === slug ? { ...toRecord(draft, true), publishAt: draft.publishAt ?? null } : null;
  },

  /** How many posts the public can read today (the sitemap's size). */
  async countVisible(): Promise<number> {
    return strapi.db.query(UID).count({ where: visibleRows() });
  },

  /** One sitemap file: `limit` visible posts from `offset` in BLOG_ORDER, read for their slug and last edit only. */
  async listSitemapPosts(offset: number, limit: number): Promise<SitemapPost[]> {
    const rows: Array<{ slug: string; updatedAt: string | Date }> = await strapi.db.query(UID).findMany({
      select: ['slug', 'updatedAt'],
      where: visibleRows(),
      orderBy: ROW_ORDER,
      offset,
      limit,
    });
    return rows.map((row) => ({ slug: row.slug, updatedAt: new Date(row.updatedAt).toISOString() }));
  },

  /** When a visible post was last edited (the blog list's lastmod), or null without posts. */
  async newestEdit(): Promise<string | null> {
    const row = await strapi.db.query(UID).findOne({ select: ['updatedAt'], where: visibleRows(), orderBy: { updatedAt: 'desc' } });
    return row ? new Date(row.updatedAt).toISOString() : null;
  },

  /** The latest published posts for the RSS feed, newest first. */
  async listFeedEntries(limit: number): Promise<BlogFeedEntry[]> {
    const docs = await strapi.documents(UID).findMany({
      status: 'published',
      fields: [...LIST_FIELDS, 'updatedAt'],
      filters: visibleOnDayFilter(),
      sort: BLOG_ORDER,
      limit,
    });
    return (docs as Array<BlogPostDocument & { updatedAt: string }>).map((doc) => ({
      title: doc.title,
      slug: doc.slug,
      summary: doc.summary,
      authorName: doc.authorName,
      publishedDate: doc.publishedDate,
      updatedAt: new Date(doc.updatedAt).toISOString(),
    }));
  },
});

export type BlogPostService = ReturnType<typeof blogReads>;

/** The blog-post service as the site's other modules call it. */
export const blogPostService = (strapi: Core.Strapi) => strapi.service(UID) as BlogPostService;

export default factories.createCoreService(UID, ({ strapi }) => blogReads(strapi));
