import type { PublicRun } from './scores';
import type { SearchParams, SearchResponse } from './search';

/** One size Strapi generated for an uploaded image (thumbnail, small, medium, large). */
export interface BlogImageFormat {
  url: string;
  width: number;
  height: number;
}

/** A blog post as GET /api/blog answers it. */
export interface BlogListItem {
  id: string;
  title: string;
  slug: string;
  summary: string;
  authorName: string;
  publishedDate: string;
  featuredImageUrl?: string;
}

/**
 * A post with the fields the site's GraphQL queries select: what the CMS reads for the server renderer
 * and what the site restores from it. `Body` is the rich-text body's type where a reader knows it.
 */
export interface BlogPostRecord<Body = unknown> {
  documentId: string;
  title: string;
  slug: string;
  summary: string;
  authorName: string;
  publishedDate: string;
  featuredImage: {
    url: string;
    alternativeText: string | null;
    width: number | null;
    height: number | null;
    formats: Record<string, BlogImageFormat> | null;
  } | null;
  body?: Body | null;
  /** Drafts only: when the post is scheduled to go live. */
  publishAt?: string | null;
}

/** What the CMS reads for the site's server renderer (blog posts in the shape the site's queries select). */
export interface ContentSource<Body = unknown> {
  blogPage(page: number, pageSize: number): Promise<BlogPostRecord<Body>[]>;
  /** A published post (or, for a preview, the draft); null when there is none. */
  blogPost(slug: string): Promise<BlogPostRecord<Body> | null>;
  /** Whether a published post has this slug (a cheap read, before anything is rendered). */
  blogPostExists(slug: string): Promise<boolean>;
  /** The list /api/news/aggregate answers. */
  news(): Promise<unknown[]>;
  /** A stored run as GET /api/runs/{id} answers it; null when there is none. */
  run(id: string): Promise<PublicRun | null>;
  /** What GET /api/search answers for these parameters. */
  search(params: SearchParams): Promise<SearchResponse>;
}
