import { gql } from '@apollo/client';
import type { BlocksContent } from '@strapi/blocks-react-renderer';
import { getApolloClient, mediaUrl } from '../../lib/apollo';

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
