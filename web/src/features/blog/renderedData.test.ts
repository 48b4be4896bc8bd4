import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import type { BlocksContent } from '@strapi/blocks-react-renderer';
import type { BlogPostRecord } from '@haic/contract';
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

/** The extract the server sends, from a real Apollo cache (optionally normalizing posts by documentId). */
function serverExtract(write: (client: ApolloClient) => void, cache = new InMemoryCache()) {
  const client = new ApolloClient({ link: ApolloLink.empty(), cache });
  write(client);
  return JSON.parse(JSON.stringify(client.extract()));
}

describe('hydrating the blog from the Apollo cache extract, without Apollo Client', () => {
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

  it('follows references when the cache normalizes posts', () => {
    const cache = new InMemoryCache({ typePolicies: { BlogPost: { keyFields: ['documentId'] } } });
    const apollo = serverExtract((client) => writeBlogPage(client, [record(1), record(2)]), cache);
    expect(JSON.stringify(apollo.ROOT_QUERY)).toContain('__ref');
    expect(renderedBlogPage({ apollo })?.map((post) => post.slug)).toEqual(['post-1', 'post-2']);
  });

  it('a page without an extract, or with a malformed one, hydrates nothing from it', () => {
    expect(renderedBlogPage({})).toBeUndefined();
    expect(renderedBlogPage({ apollo: { ROOT_QUERY: { 'blogPosts({not json)': [] } } })).toBeUndefined();
    expect(renderedBlogPost({ apollo: { ROOT_QUERY: { 'blogPosts(7)': [] } } }, 'x')).toBeUndefined();
  });
});
