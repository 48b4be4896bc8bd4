/**
 * The blog's GraphQL queries: the server writes what it read under them into Apollo's cache, the page
 * hydrates by reading them from the restored cache, and Apollo Client fetches them.
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
