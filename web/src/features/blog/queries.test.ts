import { createApolloClient } from '../../lib/apolloClient';
import { BLOG_POSTS_QUERY } from './queries';

describe("the site's GraphQL client", () => {
  it('reads public content as a GET that names the query and its variables in the URL (shareable by caches)', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    global.fetch = jest.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      // jsdom has no Response: what Apollo's HttpLink reads of one.
      const headers = new Map([['content-type', 'application/json']]);
      return {
        ok: true,
        status: 200,
        headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null },
        text: async () => JSON.stringify({ data: { blogPosts: [] } }),
      };
    }) as unknown as typeof fetch;

    const result = await createApolloClient().query({ query: BLOG_POSTS_QUERY, variables: { page: 2, pageSize: 10 } });

    expect(result.data).toEqual({ blogPosts: [] });
    expect(calls).toHaveLength(1);
    expect(calls[0].init.method).toBe('GET');
    expect(calls[0].init.body).toBeUndefined();
    const url = new URL(calls[0].url, 'http://site');
    expect(url.pathname).toBe('/graphql');
    expect(url.searchParams.get('operationName')).toBe('BlogPosts');
    expect(JSON.parse(url.searchParams.get('variables') ?? '')).toEqual({ page: 2, pageSize: 10 });
    expect(url.searchParams.get('query')).toContain('blogPosts(pagination: {page: $page, pageSize: $pageSize})');
  });
});
