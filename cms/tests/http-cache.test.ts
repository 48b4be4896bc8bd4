/**
 * Pages a cache in front may keep: no cookie on pages and public reads, a shareable
 * Cache-Control with a validator and 304s, Vary: Accept-Encoding only, cache tags, purges sent to the
 * configured cache on a publish; per-user and write answers private; the XSRF cookie from GET /api/xsrf.
 * Each address is asked twice: the first answer comes from the middleware chain, the next from the
 * front door's copy, and both must say the same.
 */
import http from 'http';
import type { AddressInfo } from 'net';
import path from 'path';
import request from 'supertest';
import { createUser, startTestApp, type TestApp } from './helpers/strapi';

const seedDist = path.resolve(__dirname, '..', '..', 'seed', 'dist');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built seed command (seed/dist, built by npm test), by its path
const { seedBlog } = require(path.join(seedDist, 'blog.js'));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built seed command (seed/dist, built by npm test), by its path
const { seedNews } = require(path.join(seedDist, 'news.js'));

const ORIGIN = 'https://haic.example';
const HOST = new URL(ORIGIN).host;
const BLOG = 'api::blog-post.blog-post';
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const kept = async () => Number(/^front_cache_entries (\d+)/m.exec((await fresh('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`)).text)?.[1]);

let app: TestApp;
let purges: Array<{ method: string; keys: string }> = [];
/** Every purge with when it came (never reset). */
const purgeLog: Array<{ keys: string; at: number }> = [];
let purgeServer: http.Server;
let slug: string;

beforeAll(async () => {
  purgeServer = http.createServer((req, res) => {
    purges.push({ method: req.method ?? '', keys: String(req.headers['surrogate-key'] ?? '') });
    purgeLog.push({ keys: String(req.headers['surrogate-key'] ?? ''), at: Date.now() });
    res.end('purged');
  });
  await new Promise<void>((resolve) => purgeServer.listen(0, '127.0.0.1', resolve));
  const { port } = purgeServer.address() as AddressInfo;
  app = await startTestApp({ PUBLIC_URL: ORIGIN, CACHE_PURGE_URLS: `http://127.0.0.1:${port}/`, METRICS_TOKEN });
  app.http.agent.set('Host', HOST);
  await seedBlog(app.strapi);
  await seedNews(app.strapi);
  slug = (await app.strapi.documents(BLOG).findFirst({ status: 'published', fields: ['slug'] }))!.slug as string;
}, 300_000);

afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => purgeServer?.close(resolve));
});

/** A fresh client (no cookie jar), as a cache in front or a first-time visitor asks. */
const fresh = (url: string) => request(app.strapi.server.httpServer).get(url).set('Host', HOST);

const SHAREABLE = /^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+/;

describe('pages and public reads: no cookie, shareable, validated', () => {
  const pages = () => ['/', '/about', '/blog', `/blog/${slug}`, '/news', '/blog/no-such-post', '/no-such-page'];
  const reads = [
    '/api/blog?page=1&pageSize=10',
    '/api/news/aggregate',
    '/api/leaderboard',
    '/blog/rss.xml',
    '/sitemap.xml',
    '/sitemap-posts-1.xml',
    '/robots.txt',
  ];

  it.each([
    ['pages', pages],
    ['public reads', () => reads],
  ])('%s', async (_kind, urls) => {
    for (const url of urls()) {
      const answers = [await fresh(url), await fresh(url)];
      for (const answer of answers) {
        expect([url, answer.headers['set-cookie']]).toEqual([url, undefined]);
        expect([url, answer.headers['cache-control']]).toEqual([url, expect.stringMatching(SHAREABLE)]);
        expect([url, answer.headers.vary]).toEqual([url, 'Accept-Encoding']);
        expect(answer.headers.etag).toMatch(/^W\/"[\w-]+"$/);
        expect(answer.headers['surrogate-key']).toBeTruthy();
        expect(answer.headers['x-request-id']).toBeTruthy();
      }
      expect(answers[1].headers.etag).toBe(answers[0].headers.etag);
      expect(answers[1].text ?? answers[1].body).toEqual(answers[0].text ?? answers[0].body);
      if (answers[0].status !== 200) continue;
      const conditional = await fresh(url).set('If-None-Match', answers[0].headers.etag);
      expect([url, conditional.status]).toEqual([url, 304]);
      expect(conditional.text ?? '').toBe('');
      expect(conditional.headers.etag).toBe(answers[0].headers.etag);
    }
  });

  it("the site's blog query as a GET, as Apollo Client sends it, is shareable, tagged and validated", async () => {
    const query =
      'query BlogPosts($page: Int!, $pageSize: Int!) { blogPosts(pagination: { page: $page, pageSize: $pageSize }) { documentId title slug __typename } }';
    const url = `/graphql?${new URLSearchParams({ operationName: 'BlogPosts', variables: JSON.stringify({ page: 1, pageSize: 10 }), query })}`;
    const ask = () => fresh(url).set('Content-Type', 'application/json');
    const answer = await ask();
    expect(answer.status).toBe(200);
    expect(answer.body.data.blogPosts.length).toBeGreaterThan(0);
    expect(answer.headers['cache-control']).toMatch(SHAREABLE);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.headers['surrogate-key']).toBe('blog');
    expect((await ask().set('If-None-Match', answer.headers.etag)).status).toBe(304);
    // A POST of the same query stays private.
    const posted = await request(app.strapi.server.httpServer)
      .post('/graphql')
      .set('Host', HOST)
      .send({ operationName: 'BlogPosts', query, variables: { page: 1, pageSize: 10 } });
    expect(posted.headers['cache-control']).toBe('private, no-store');
  });

  it('the front door sends a kept page with every header the chain sent', async () => {
    const before = await kept();
    const first = await fresh('/team');
    // The chain's answer is kept once sent.
    expect(await kept()).toBe(before + 1);
    const second = await fresh('/team');
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'x-content-type-options',
      'referrer-policy',
      'permissions-policy',
      'cross-origin-opener-policy',
      'cache-control',
      'etag',
      'last-modified',
      'content-type',
      'surrogate-key',
      'cache-tag',
    ]) {
      expect([name, second.headers[name]]).toEqual([name, first.headers[name]]);
    }
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    const modified = await fresh('/team').set('If-Modified-Since', first.headers['last-modified']);
    expect(modified.status).toBe(304);
  });

  it('tags name what a page shows', async () => {
    expect((await fresh(`/blog/${slug}`)).headers['surrogate-key'].split(' ')).toEqual(expect.arrayContaining(['site', 'blog', `post:${slug}`]));
    expect((await fresh('/news')).headers['cache-tag'].split(',')).toEqual(expect.arrayContaining(['site', 'news']));
    expect((await fresh('/api/leaderboard')).headers['surrogate-key']).toBe('board');
  });

  it('a query parameter the page does not read gets the same copy', async () => {
    const plain = await fresh('/about');
    const tagged = await fresh('/about?utm_source=newsletter');
    expect(tagged.headers.etag).toBe(plain.headers.etag);
  });
});

describe('XSRF cookie from GET /api/xsrf', () => {
  it('answers 204 with the cookie, never stored; a write with that pair works, without it is refused', async () => {
    const agent = request.agent(app.strapi.server.httpServer);
    const issued = await agent.get('/api/xsrf').set('Host', HOST);
    expect(issued.status).toBe(204);
    expect(issued.headers['cache-control']).toMatch(/no-store/);
    const cookie = ([] as string[]).concat(issued.headers['set-cookie'] ?? []).find((c) => c.startsWith('XSRF-TOKEN='))!;
    expect(cookie).toBeTruthy();
    const token = decodeURIComponent(cookie.split(';')[0].slice('XSRF-TOKEN='.length));
    const message = { name: 'Florence', email: 'f@example.com', subject: 'A subject', message: 'A message long enough' };
    const refused = await agent.post('/api/contact').set('Host', HOST).send(message);
    expect(refused.status).toBe(403);
    const sent = await agent.post('/api/contact').set('Host', HOST).set('X-XSRF-TOKEN', token).send(message);
    expect(sent.status).toBe(201);
    expect(sent.headers['cache-control']).toBe('private, no-store');
  });
});

describe('per-user answers are never shareable', () => {
  it('a signed-in read, the board with a token, a failed read and a write are private, no-store', async () => {
    const { user, token } = await createUser(app, 'cachenurse');
    const auth = { Authorization: `Bearer ${token}` };
    for (const url of ['/api/users/profile', `/api/users/${user.id}/stats`, '/api/leaderboard', '/api/blog?page=0']) {
      const answer = await fresh(url).set(auth);
      expect([url, answer.headers['cache-control']]).toEqual([url, 'private, no-store']);
      expect(answer.headers['surrogate-key']).toBeUndefined();
    }
    // Asked again: the front door has no copy of a per-user answer to give.
    const again = await fresh('/api/leaderboard').set(auth);
    expect(again.headers['cache-control']).toBe('private, no-store');
    expect(again.body).toHaveProperty('me');
  });
});

describe('a news fetch reaches the news list at once', () => {
  it('a stored item shows in /api/news/aggregate on the next request, and the cache in front is told', async () => {
    await fresh('/api/news/aggregate');
    const before = await fresh('/api/news/aggregate');
    purges = [];
    await app.strapi.db.query('api::news-item.news-item').create({
      data: {
        title: 'Just fetched',
        url: 'https://news.example.org/just-fetched',
        urlKey: 'news.example.org/just-fetched',
        source: 'Example',
        category: 'health',
        publishedDate: new Date(),
        isActive: true,
      },
    });
    const after = await fresh('/api/news/aggregate');
    expect(after.body.map((item: { title: string }) => item.title)).toContain('Just fetched');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    for (let i = 0; i < 50 && !purges.length; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(purges).toContainEqual({ method: 'PURGE', keys: 'news' });
  });
});

describe('a publish reaches the page at once and purges the cache in front', () => {
  it('the blog list shows a new post on the next request; the old validator no longer matches; the cache in front is told', async () => {
    const before = await fresh('/blog');
    await fresh('/blog');
    purges = [];
    await app.strapi.documents(BLOG).create({
      data: {
        title: 'Fresh from the panel',
        slug: 'fresh-from-the-panel',
        summary: 'Just published.',
        authorName: 'HAIC',
        publishedDate: new Date().toISOString().slice(0, 10),
        body: [],
      } as any,
      status: 'published',
    });
    const after = await fresh('/blog');
    expect(after.text.includes('Fresh from the panel')).toBe(true);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await fresh('/blog').set('If-None-Match', before.headers.etag)).status).toBe(200);
    for (let i = 0; i < 50 && !purges.some((p) => p.keys.includes('post:fresh-from-the-panel')); i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(purges).toContainEqual({ method: 'PURGE', keys: expect.stringMatching(/(^| )blog( |$)/) });
    expect(purges).toContainEqual({ method: 'PURGE', keys: expect.stringContaining('post:fresh-from-the-panel') });
  });

  it('the cache in front is purged again a second later, once every instance shows the change (another may have answered from the old content meanwhile)', async () => {
    await app.strapi.documents(BLOG).create({
      data: {
        title: 'Purged twice',
        slug: 'purged-twice',
        summary: 'Just published.',
        authorName: 'HAIC',
        publishedDate: new Date().toISOString().slice(0, 10),
        body: [],
      } as any,
      status: 'published',
    });
    const ofPost = () => purgeLog.filter((purge) => purge.keys.includes('post:purged-twice'));
    const later = () => ofPost().filter((purge) => purge.at - ofPost()[0].at >= 1000);
    for (let i = 0; i < 100 && !later().length; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(ofPost()[0]).toBeDefined();
    expect(later().map((purge) => purge.keys)).toContain(ofPost()[0].keys);
  });
});
