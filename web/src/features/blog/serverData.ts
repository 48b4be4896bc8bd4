/** The blog's pages on the server: the first page of posts, or one post, in the Apollo cache the pages read. */
import { BLOG_PAGE_SIZE } from '@haic/contract';
import type { ServerData } from '../../ssr/serverData';
import { writeBlogPage, writeBlogPost } from './serverCache';

export const blogListData: ServerData = async ({ content, apollo }) => {
  writeBlogPage(apollo, await content.blogPage(1, BLOG_PAGE_SIZE));
};

export const blogPostData: ServerData = async ({ params, content, preview, apollo, data }) => {
  const slug = params.slug ?? '';
  const post = await content.blogPost(slug);
  writeBlogPost(apollo, slug, post);
  if (!post) return { notFound: true };
  if (preview) data.preview = { publishAt: post.publishAt ?? null };
};
