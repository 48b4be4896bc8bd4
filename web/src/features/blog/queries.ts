/**
 * The blog's GraphQL queries. api.ts imports this module only when it fetches, together with Apollo
 * Client, so the GraphQL parser stays off a server-rendered blog page's way to its first paint.
 */
import { gql } from '@apollo/client';

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
