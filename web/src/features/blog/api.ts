import type { DocumentNode } from 'graphql';
import type { BlocksContent } from '@strapi/blocks-react-renderer';
import { BLOG_PAGE_SIZE, type BlogListItem, type BlogPostRecord } from '@haic/contract';
import { loadApolloClient } from '../../lib/apollo';
import { cacheFrom } from '../../lib/apolloCache';
import { api, ApiError, mediaUrl } from '../../lib/api';
import type { InitialData } from '../../lib/initialData';
import { BLOG_POST_QUERY, BLOG_POSTS_QUERY } from './queries';

/** A picture with the sizes Strapi generated for it (srcset), and its own dimensions. */
export interface BlogImage {
  src: string;
  srcSet?: string;
  width: number;
  height: number;
  alt: string;
}

/** A post as the list answers it, with its picture resolved for the page. */
export interface BlogPost extends Omit<BlogListItem, 'featuredImageUrl'> {
  image?: BlogImage;
}

export interface BlogPostDetail extends BlogPost {
  body: BlocksContent;
}

interface BlogPageData {
  blogPosts: BlogPostRecord<BlocksContent>[];
}

// Cards are 16:9; the hero keeps the picture's own ratio.
const FALLBACK_SIZE = { width: 800, height: 450 };

function toImage(image: BlogPostRecord['featuredImage'], title: string): BlogImage | undefined {
  if (!image?.url) return undefined;
  const width = image.width ?? FALLBACK_SIZE.width;
  const height = image.height ?? FALLBACK_SIZE.height;
  const candidates = new Map<number, string>();
  for (const format of Object.values(image.formats ?? {})) {
    if (format?.url && format.width) candidates.set(format.width, mediaUrl(format.url));
  }
  if (image.width) candidates.set(image.width, mediaUrl(image.url));
  const srcSet =
    candidates.size > 1
      ? [...candidates.entries()]
          .sort(([a], [b]) => a - b)
          .map(([w, url]) => `${url} ${w}w`)
          .join(', ')
      : undefined;
  return { src: mediaUrl(image.url), srcSet, width, height, alt: image.alternativeText ?? title };
}

function toPost(post: BlogPostRecord<BlocksContent>): BlogPost {
  return {
    id: post.documentId,
    title: post.title,
    slug: post.slug,
    summary: post.summary,
    authorName: post.authorName,
    publishedDate: post.publishedDate,
    image: toImage(post.featuredImage, post.title),
  };
}

const toDetail = (post: BlogPostRecord<BlocksContent>): BlogPostDetail => ({ ...toPost(post), body: post.body ?? [] });

/** One page of published posts, newest first, always fresh from the server. */
export async function fetchBlogPage(page: number, pageSize = BLOG_PAGE_SIZE): Promise<BlogPost[]> {
  const client = await loadApolloClient();
  const result = await client.query<BlogPageData>({ query: BLOG_POSTS_QUERY, variables: { page, pageSize }, fetchPolicy: 'network-only' });
  return (result.data?.blogPosts ?? []).map(toPost);
}

/** The first page of posts, read past the browser's copy (after a live event: the caches in front were purged first). */
export async function fetchNewestPosts(): Promise<BlogPost[]> {
  const client = await loadApolloClient();
  const result = await client.query<BlogPageData>({
    query: BLOG_POSTS_QUERY,
    variables: { page: 1, pageSize: BLOG_PAGE_SIZE },
    fetchPolicy: 'network-only',
    context: { fetchOptions: { cache: 'no-cache' } },
  });
  return (result.data?.blogPosts ?? []).map(toPost);
}

/** A published post by slug, or null when there is none. */
export async function fetchBlogPost(slug: string): Promise<BlogPostDetail | null> {
  const client = await loadApolloClient();
  const result = await client.query<BlogPageData>({ query: BLOG_POST_QUERY, variables: { slug }, fetchPolicy: 'network-only' });
  const post = result.data?.blogPosts?.[0];
  return post ? toDetail(post) : null;
}

/** Loads what a fetch needs (Apollo Client) ahead of it, e.g. as Load More comes near. */
export function prefetchBlogReads(): void {
  loadApolloClient().catch(() => undefined);
}

/** What the page was rendered with, read from Apollo's cache (null when the server did not write that query). */
function readRendered(data: InitialData, query: DocumentNode, variables: Record<string, unknown>): BlogPageData | null {
  return data.apollo ? cacheFrom(data.apollo).readQuery<BlogPageData>({ query, variables }) : null;
}

/** The first page the server rendered /blog with (undefined when the page was not rendered with one). */
export function renderedBlogPage(data: InitialData): BlogPost[] | undefined {
  return readRendered(data, BLOG_POSTS_QUERY, { page: 1, pageSize: BLOG_PAGE_SIZE })?.blogPosts.map(toPost);
}

/** The post the server rendered this slug's page with: a post, null for none, undefined when it did not. */
export function renderedBlogPost(data: InitialData, slug: string): BlogPostDetail | null | undefined {
  const rendered = readRendered(data, BLOG_POST_QUERY, { slug });
  if (!rendered) return undefined;
  return rendered.blogPosts[0] ? toDetail(rendered.blogPosts[0]) : null;
}

/** A draft as an editor's preview link shows it: the post's latest draft content. */
export interface BlogPostPreview extends BlogPostDetail {
  /** When the post is scheduled to go live (ISO time), if it is. */
  publishAt: string | null;
}

/**
 * The latest draft of a post through a signed preview link (GET /api/blog/preview), or null when the
 * link is not valid for this post (expired, tampered, another post's): the page then behaves as for anyone.
 */
export async function fetchBlogPostPreview(slug: string, token: string): Promise<BlogPostPreview | null> {
  const query = new URLSearchParams({ slug, token });
  try {
    // The same record the site's GraphQL query reads, plus the schedule.
    const post = await api.get<BlogPostRecord<BlocksContent>>(`/api/blog/preview?${query}`);
    return { ...toDetail(post), publishAt: post.publishAt ?? null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
