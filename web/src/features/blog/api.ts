import { gql } from '@apollo/client';
import type { BlocksContent } from '@strapi/blocks-react-renderer';
import { getApolloClient, mediaUrl } from '../../lib/apollo';
import { api, ApiError } from '../../lib/api';

/** Spec section 9: page size 10, starting at page 1. */
export const BLOG_PAGE_SIZE = 10;

export interface BlogPost {
  id: string;
  title: string;
  slug: string;
  summary: string;
  authorName: string;
  publishedDate: string;
  featuredImageUrl?: string;
}

export interface BlogPostDetail extends BlogPost {
  body: BlocksContent;
  featuredImageAlt?: string;
}

interface GqlPost {
  documentId: string;
  title: string;
  slug: string;
  summary: string;
  authorName: string;
  publishedDate: string;
  featuredImage: { url: string; alternativeText: string | null } | null;
  body?: BlocksContent | null;
}

const POST_FIELDS = `
  documentId
  title
  slug
  summary
  authorName
  publishedDate
  featuredImage { url alternativeText }
`;

export const BLOG_POSTS_QUERY = gql`
  query BlogPosts($page: Int!, $pageSize: Int!) {
    blogPosts(sort: ["publishedDate:desc", "createdAt:desc"], pagination: { page: $page, pageSize: $pageSize }) {
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

function toPost(post: GqlPost): BlogPost {
  return {
    id: post.documentId,
    title: post.title,
    slug: post.slug,
    summary: post.summary,
    authorName: post.authorName,
    publishedDate: post.publishedDate,
    featuredImageUrl: post.featuredImage?.url ? mediaUrl(post.featuredImage.url) : undefined,
  };
}

/** One page of published posts, newest first, always fresh from the server. */
export async function fetchBlogPage(page: number, pageSize = BLOG_PAGE_SIZE): Promise<BlogPost[]> {
  const result = await getApolloClient().query<{ blogPosts: GqlPost[] }>({
    query: BLOG_POSTS_QUERY,
    variables: { page, pageSize },
    fetchPolicy: 'network-only',
  });
  return (result.data?.blogPosts ?? []).map(toPost);
}

/** A published post by slug, or null when there is none. */
export async function fetchBlogPost(slug: string): Promise<BlogPostDetail | null> {
  const result = await getApolloClient().query<{ blogPosts: GqlPost[] }>({
    query: BLOG_POST_QUERY,
    variables: { slug },
    fetchPolicy: 'network-only',
  });
  const post = result.data?.blogPosts?.[0];
  if (!post) return null;
  return { ...toPost(post), body: post.body ?? [], featuredImageAlt: post.featuredImage?.alternativeText ?? undefined };
}

/** A draft as an editor's preview link shows it: the post's latest draft content. */
export interface BlogPostPreview extends BlogPostDetail {
  /** When the post is scheduled to go live (ISO time), if it is. */
  publishAt: string | null;
}

interface PreviewJson {
  id: string;
  title: string;
  slug: string;
  summary: string;
  authorName: string;
  publishedDate: string;
  publishAt?: string | null;
  body?: BlocksContent | null;
  featuredImageUrl?: string;
  featuredImageAlt?: string;
}

/**
 * The latest draft of a post through a signed preview link (GET /api/blog/preview), or null when the
 * link is not valid for this post (expired, tampered, another post's): the page then behaves as for anyone.
 */
export async function fetchBlogPostPreview(slug: string, token: string): Promise<BlogPostPreview | null> {
  const query = new URLSearchParams({ slug, token });
  try {
    const post = await api.get<PreviewJson>(`/api/blog/preview?${query}`);
    return {
      id: post.id,
      title: post.title,
      slug: post.slug,
      summary: post.summary,
      authorName: post.authorName,
      publishedDate: post.publishedDate,
      publishAt: post.publishAt ?? null,
      body: post.body ?? [],
      featuredImageUrl: post.featuredImageUrl ? mediaUrl(post.featuredImageUrl) : undefined,
      featuredImageAlt: post.featuredImageAlt,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
