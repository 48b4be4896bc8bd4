/**
 * What a flood of public reads costs: GraphQL answers are kept by what an operation means (the query
 * without whitespace, commas or comments, the variables in any key order), so the same read sent again,
 * spelled otherwise or by POST, is answered without Apollo, until the content changes; a request Apollo
 * would refuse (its CSRF rule) is not answered from a kept copy; Apollo's store of parsed documents is
 * bounded in bytes; and a blog list page past the last post is empty without a read of the list.
 * Kept answers and list reads are counted in /metrics (content_cache_lookups_total), where an operator reads them.
 */
import { parse } from 'graphql';
import request from 'supertest';
import { BoundedDocumentStore } from '../src/utils/graphql-cache';
import { startTestApp, type TestApp } from './helpers/strapi';

const ORIGIN = 'https://haic.example';
const HOST = new URL(ORIGIN).host;
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const BLOG = 'api::blog-post.blog-post';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL: ORIGIN, METRICS_TOKEN });
  app.http.agent.set('Host', HOST);
  for (const n of [1, 2, 3]) {
    await app.strapi.documents(BLOG).create({
      data: { title: `Kept post ${n}`, slug: `kept-post-${n}`, summary: 'S', authorName: 'A', publishedDate: `2024-01-0${n}`, body: [] } as any,
      status: 'published',
    });
  }
}, 300_000);

afterAll(async () => {
  await app?.stop();
});

async function metrics(): Promise<string> {
  const response = await app.http.agent.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
  expect(response.status).toBe(200);
  return response.text;
}
const lookups = (text: string, cache: string, result: string) =>
  Number(new RegExp(`^content_cache_lookups_total\\{cache="${cache}",result="${result}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);

const post = (body: object | string, type = 'application/json') =>
  request(app.strapi.server.httpServer)
    .post('/graphql')
    .set('Host', HOST)
    .set('Content-Type', type)
    .send(typeof body === 'string' ? body : JSON.stringify(body));

describe('kept GraphQL answers', () => {
  const QUERY = 'query List($page: Int!, $size: Int!) { blogPosts(pagination: { page: $page, pageSize: $size }) { title slug } }';

  it('the same read in another spelling is answered from the kept copy, with the same body', async () => {
    const first = await post({ query: QUERY, variables: { page: 1, size: 10 }, operationName: 'List' });
    expect(first.status).toBe(200);
    expect(first.body.data.blogPosts.map((p: { slug: string }) => p.slug)).toEqual(['kept-post-3', 'kept-post-2', 'kept-post-1']);
    const before = await metrics();
    const respelled = await post({
      query: `# the same list\nquery List( $page : Int! , $size : Int! ) {\n  blogPosts( pagination : { page : $page , pageSize : $size } ) {\n    title\n    slug\n  }\n}`,
      variables: { size: 10, page: 1 },
      operationName: 'List',
    });
    const after = await metrics();
    expect(respelled.status).toBe(200);
    expect(respelled.text).toBe(first.text);
    expect(respelled.headers['cache-control']).toBe('private, no-store');
    expect(lookups(after, 'graphql-answers', 'hit')).toBe(lookups(before, 'graphql-answers', 'hit') + 1);
    expect(lookups(after, 'graphql-answers', 'miss')).toBe(lookups(before, 'graphql-answers', 'miss'));
  });

  it('other variables are another read', async () => {
    const second = await post({ query: QUERY, variables: { page: 1, size: 2 }, operationName: 'List' });
    expect(second.body.data.blogPosts.map((p: { slug: string }) => p.slug)).toEqual(['kept-post-3', 'kept-post-2']);
  });

  it('a change of content is shown at once', async () => {
    const query = '{ blogPosts(pagination: { page: 1, pageSize: 10 }) { title } }';
    expect((await post({ query })).body.data.blogPosts).toHaveLength(3);
    expect((await post({ query })).body.data.blogPosts).toHaveLength(3);
    await app.strapi.documents(BLOG).create({
      data: { title: 'Kept post 4', slug: 'kept-post-4', summary: 'S', authorName: 'A', publishedDate: '2024-01-04', body: [] } as any,
      status: 'published',
    });
    const after = await post({ query });
    expect(after.body.data.blogPosts.map((p: { title: string }) => p.title)).toContain('Kept post 4');
  });

  it('a kept read sent as a simple cross-site form is still refused, as Apollo refuses it (CSRF)', async () => {
    const query = '{ blogPosts(pagination: { page: 1, pageSize: 1 }) { slug } }';
    expect((await post({ query })).status).toBe(200);
    const form = await post(`query=${encodeURIComponent(query)}`, 'application/x-www-form-urlencoded');
    expect(form.status).toBe(400);
    expect(form.text).toMatch(/Cross-Site Request Forgery/);
  });

  it('a malformed JSON body is the 400 any malformed body gets', async () => {
    const malformed = await post('{"query": "{ blogPosts { title } }"', 'application/json');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toEqual(expect.objectContaining({ status: 400, message: 'The request body is not valid JSON' }));
  });

  it.each(['null', '0', 'false', '"query"', '[]', '[{"query": "{ blogPosts { title } }"}]'])(
    'a JSON body that is no object (%s) is a 400 naming the body',
    async (body) => {
      const answer = await post(body, 'application/json');
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual(expect.objectContaining({ status: 400, message: 'The request body must be a JSON object' }));
      expect(answer.body.error.details.errors[0].path).toEqual(['body']);
    },
  );

  it('an answer with errors is not kept: each is asked again and still refused', async () => {
    const before = await metrics();
    for (let i = 0; i < 2; i += 1) {
      const wrong = await post({ query: '{ blogPosts { nope } }' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors[0].message).toMatch(/nope/);
    }
    const after = await metrics();
    expect(lookups(after, 'graphql-answers', 'hit')).toBe(lookups(before, 'graphql-answers', 'hit'));
  });
});

describe("Apollo's parsed documents", () => {
  it('are bounded in bytes, however many distinct texts arrive', async () => {
    const store = new BoundedDocumentStore(64 * 1024);
    for (let i = 0; i < 2000; i += 1) {
      const text = `{ blogPosts(pagination: { page: ${i}, pageSize: 10 }) { title slug summary } }`;
      await store.set(`key-${i}`, parse(text));
    }
    const { entries, bytes } = store.stats();
    expect(bytes).toBeLessThanOrEqual(64 * 1024);
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(2000);
    // The newest stays; the oldest gave way.
    expect(await store.get('key-1999')).toBeDefined();
    expect(await store.get('key-0')).toBeUndefined();
  });
});

describe('/api/blog past the last page', () => {
  it('is an empty list, without a read of the list and without taking a place among the kept pages', async () => {
    expect((await app.http.agent.get('/api/blog?page=1&pageSize=10')).status).toBe(200);
    const before = await metrics();
    for (const page of [2, 3, 999, 123456]) {
      const answer = await app.http.agent.get(`/api/blog?page=${page}&pageSize=10`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([]);
    }
    const after = await metrics();
    expect(lookups(after, 'blog-pages', 'miss')).toBe(lookups(before, 'blog-pages', 'miss'));
    expect(lookups(after, 'blog-pages-json', 'miss')).toBe(lookups(before, 'blog-pages-json', 'miss'));
    // The last page that has posts still answers them.
    const last = await app.http.agent.get('/api/blog?page=2&pageSize=3');
    expect(last.body.length).toBeGreaterThan(0);
  });
});
