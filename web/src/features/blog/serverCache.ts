/**
 * Server side only (entry-server): puts what the CMS read into an Apollo cache in the shape the
 * queries read, so the page renders from it and the browser restores the same extract.
 */
import type { ApolloClient } from '@apollo/client';
import { BLOG_PAGE_SIZE, type BlogPostRecord } from '@haic/contract';
import { BLOG_POST_QUERY, BLOG_POSTS_QUERY } from './queries';

const withTypenames = (post: BlogPostRecord) => ({
  ...post,
  __typename: 'BlogPost' as const,
  featuredImage: post.featuredImage && { ...post.featuredImage, __typename: 'UploadFile' as const },
});

export function writeBlogPage(client: ApolloClient, posts: BlogPostRecord[]) {
  client.writeQuery({ query: BLOG_POSTS_QUERY, variables: { page: 1, pageSize: BLOG_PAGE_SIZE }, data: { blogPosts: posts.map(withTypenames) } });
}

export function writeBlogPost(client: ApolloClient, slug: string, post: BlogPostRecord | null) {
  client.writeQuery({ query: BLOG_POST_QUERY, variables: { slug }, data: { blogPosts: post ? [withTypenames(post)] : [] } });
}
