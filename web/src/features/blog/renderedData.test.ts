import { ApolloClient, ApolloLink } from '@apollo/client';
import type { BlocksContent } from '@strapi/blocks-react-renderer';
import type { BlogPostRecord } from '@haic/contract';
import { createCache } from '../../lib/apolloCache';
import { renderedBlogPage, renderedBlogPost } from './api';
import { writeBlogPage, writeBlogPost } from './serverCache';

type PostRecord = BlogPostRecord<BlocksContent>;

const record = (n: number, extra: Partial<PostRecord> = {}): PostRecord => ({
  documentId: `doc${n}`,
  title: `Post ${n}`,
  slug: `post-${n}`,
  summary: `Summary ${n}`,
  authorName: 'HAIC Team',
  publishedDate: '2026-11-01',
  featuredImage: {
    url: `/uploads/p${n}.webp`,
    alternativeText: null,
    width: 1200,
    height: 675,
    formats: { small: { url: `/uploads/small_p${n}.webp`, width: 500, height: 281 } },
  },
  ...extra,
});

/** The extract the server sends, from the site's Apollo cache, as the browser parses it from the page. */
function serverExtract(write: (client: ApolloClient) => void) {
  const client = new ApolloClient({ link: ApolloLink.empty(), cache: createCache() });
  write(client);
  return JSON.parse(JSON.stringify(client.extract()));
}

describe("hydrating the blog from Apollo's cache restored from the server's extract", () => {
  it('reads the first page the server wrote, in order, with its pictures', () => {
    const posts = [record(1), record(2), record(3, { featuredImage: null })];
    const apollo = serverExtract((client) => writeBlogPage(client, posts));
    const page = renderedBlogPage({ apollo });
    expect(page?.map((post) => post.title)).toEqual(['Post 1', 'Post 2', 'Post 3']);
    expect(page?.[0]).toMatchObject({ id: 'doc1', slug: 'post-1', image: { width: 1200, height: 675, srcSet: expect.stringContaining('500w') } });
    expect(page?.[2].image).toBeUndefined();
  });

  it('reads a post by its slug, null for a slug the server found nothing for, and nothing for another slug', () => {
    const body = [{ type: 'paragraph', children: [{ type: 'text', text: 'Hello' }] }] as PostRecord['body'];
    const apollo = serverExtract((client) => {
      writeBlogPost(client, 'post-7', record(7, { body }));
      writeBlogPost(client, 'gone', null);
    });
    expect(renderedBlogPost({ apollo }, 'post-7')).toMatchObject({ title: 'Post 7', body });
    expect(renderedBlogPost({ apollo }, 'gone')).toBeNull();
    expect(renderedBlogPost({ apollo }, 'post-8')).toBeUndefined();
    expect(renderedBlogPage({ apollo })).toBeUndefined();
  });

  it('keeps each post once, by its documentId (the type policy), whichever queries read it', () => {
    const apollo = serverExtract((client) => {
      writeBlogPage(client, [record(1), record(2)]);
      writeBlogPost(client, 'post-1', record(1, { body: [] }));
    });
    expect(JSON.stringify(apollo.ROOT_QUERY)).toContain('__ref');
    expect(Object.keys(apollo).filter((key) => key.startsWith('BlogPost:'))).toEqual(['BlogPost:{"documentId":"doc1"}', 'BlogPost:{"documentId":"doc2"}']);
    expect(renderedBlogPage({ apollo })?.map((post) => post.slug)).toEqual(['post-1', 'post-2']);
    expect(renderedBlogPost({ apollo }, 'post-1')).toMatchObject({ id: 'doc1', body: [] });
  });

  it('a page without an extract, or with a malformed one, hydrates nothing from it', () => {
    expect(renderedBlogPage({})).toBeUndefined();
    expect(renderedBlogPage({ apollo: { ROOT_QUERY: { 'blogPosts({not json)': [] } } })).toBeUndefined();
    expect(renderedBlogPost({ apollo: { ROOT_QUERY: { 'blogPosts(7)': [] } } }, 'x')).toBeUndefined();
  });
});
