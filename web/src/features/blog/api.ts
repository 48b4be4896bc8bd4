import { gql, type ApolloClient } from '@apollo/client';
import type { BlocksContent } from '@strapi/blocks-react-renderer';
import type { BlogPostRecord as ContractBlogPostRecord } from '@haic/contract';
import { mediaUrl } from '../../lib/apollo';
import { api, ApiError } from '../../lib/api';

/** Spec section 9: page size 10, starting at page 1. */
export const BLOG_PAGE_SIZE = 10;

/** A picture with the sizes Strapi generated for it (srcset), and its own dimensions. */
export interface BlogImage {
  src: string;
  srcSet?: string;
  width: number;
  height: number;
  alt: string;
}

export interface BlogPost {
  id: string;
  title: string;
  slug: string;
  summary: string;
  authorName: string;
  publishedDate: string;
  image?: BlogImage;
}

export interface BlogPostDetail extends BlogPost {
  body: BlocksContent;
}

/** A post as the CMS reads it for the server renderer (without GraphQL's type names). */
export type BlogPostRecord = ContractBlogPostRecord<BlocksContent>;

/** The fields the site reads, as GraphQL answers them: the contract's record with type names. */
type GqlPost = Omit<BlogPostRecord, 'featuredImage' | 'publishAt'> & {
  __typename: 'BlogPost';
  featuredImage: (NonNullable<BlogPostRecord['featuredImage']> & { __typename: 'UploadFile' }) | null;
};

interface BlogPageData {
  blogPosts: GqlPost[];
}

const POST_FIELDS = `
  documentId
  title
  slug
  summary
  authorName
  publishedDate
  featuredImage { url alternativeText width height formats }
`;

// The server orders the list (newest publishedDate first), the same for /api/blog and GraphQL.
export const BLOG_POSTS_QUERY = gql`
  query BlogPosts($page: Int!, $pageSize: Int!) {
    blogPosts(pagination: { page: $page, pageSize: $pageSize }) {
      ${POST_FIELDS}
    }
  }
`;

export const BLOG_POST_QUERY = gql`
  query BlogPost($slug: String!) {
    blogPosts(filters: { slug: { eq: $slug } }, pagination: { pageSize: 1 }) {
      ${POST_FIELDS}
      body
    }
  }
`;

// Cards are 16:9; the hero keeps the picture's own ratio.
const FALLBACK_SIZE = { width: 800, height: 450 };

function toImage(image: GqlPost['featuredImage'], title: string): BlogImage | undefined {
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

function toPost(post: GqlPost): BlogPost {
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

const toDetail = (post: GqlPost): BlogPostDetail => ({ ...toPost(post), body: post.body ?? [] });

const pageVariables = (page: number, pageSize: number) => ({ page, pageSize });

/** One page of published posts, newest first, always fresh from the server. */
export async function fetchBlogPage(client: ApolloClient, page: number, pageSize = BLOG_PAGE_SIZE): Promise<BlogPost[]> {
  const result = await client.query<BlogPageData>({ query: BLOG_POSTS_QUERY, variables: pageVariables(page, pageSize), fetchPolicy: 'network-only' });
  return (result.data?.blogPosts ?? []).map(toPost);
}

/** A published post by slug, or null when there is none. */
export async function fetchBlogPost(client: ApolloClient, slug: string): Promise<BlogPostDetail | null> {
  const result = await client.query<BlogPageData>({ query: BLOG_POST_QUERY, variables: { slug }, fetchPolicy: 'network-only' });
  const post = result.data?.blogPosts?.[0];
  return post ? toDetail(post) : null;
}

/** The page the server rendered, from the cache it sent along (undefined when it is not there). */
export function readCachedBlogPage(client: ApolloClient, page: number, pageSize = BLOG_PAGE_SIZE): BlogPost[] | undefined {
  const data = client.readQuery<BlogPageData>({ query: BLOG_POSTS_QUERY, variables: pageVariables(page, pageSize) });
  return data ? data.blogPosts.map(toPost) : undefined;
}

/** The post the server rendered: a post, null for none, undefined when the cache does not know. */
export function readCachedBlogPost(client: ApolloClient, slug: string): BlogPostDetail | null | undefined {
  const data = client.readQuery<BlogPageData>({ query: BLOG_POST_QUERY, variables: { slug } });
  if (!data) return undefined;
  return data.blogPosts[0] ? toDetail(data.blogPosts[0]) : null;
}

const withTypenames = (post: BlogPostRecord): GqlPost => ({
  ...post,
  __typename: 'BlogPost',
  featuredImage: post.featuredImage && { ...post.featuredImage, __typename: 'UploadFile' },
});

/** Server side: puts what the CMS read into the cache in the shape the queries above read. */
export function writeBlogPage(client: ApolloClient, page: number, posts: BlogPostRecord[], pageSize = BLOG_PAGE_SIZE) {
  client.writeQuery<BlogPageData>({ query: BLOG_POSTS_QUERY, variables: pageVariables(page, pageSize), data: { blogPosts: posts.map(withTypenames) } });
}

export function writeBlogPost(client: ApolloClient, slug: string, post: BlogPostRecord | null) {
  client.writeQuery<BlogPageData>({ query: BLOG_POST_QUERY, variables: { slug }, data: { blogPosts: post ? [withTypenames(post)] : [] } });
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
    const post = await api.get<GqlPost & { publishAt?: string | null }>(`/api/blog/preview?${query}`);
    return { ...toDetail(post), publishAt: post.publishAt ?? null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
