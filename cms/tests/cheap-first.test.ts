/**
 * Cheap before expensive: what an outsider can ask for freely (random slugs, random query strings,
 * sitemap file numbers) costs no render and takes no place in the page cache; every 404 of a kind is
 * the same bytes; /_health is answered before the middleware chain, with the same security headers.
 * The page cache's size is read where an operator reads it, in /metrics.
 */
import http from 'http';
import type { AddressInfo } from 'net';
import path from 'path';
import { startTestApp, type TestApp } from './helpers/strapi';

const seedDist = path.resolve(__dirname, '..', '..', 'seed', 'dist');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built seed command (seed/dist, built by npm test), by its path
const { seedBlog } = require(path.join(seedDist, 'blog.js'));

const ORIGIN = 'https://haic.example';
const HOST = new URL(ORIGIN).host;
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const BLOG = 'api::blog-post.blog-post';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL: ORIGIN, METRICS_TOKEN });
  app.http.agent.set('Host', HOST);
  await seedBlog(app.strapi);
}, 300_000);

afterAll(async () => {
  await app?.stop();
});

async function metrics(): Promise<string> {
  const response = await app.http.agent.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
  expect(response.status).toBe(200);
  return response.text;
}

const metric = (text: string, line: RegExp) => Number(text.match(line)?.[1] ?? 0);
const cacheEntries = async () => metric(await metrics(), /^site_page_cache_entries (\d+)/m);
const cacheBytes = async () => metric(await metrics(), /^site_page_cache_bytes (\d+)/m);
const lookups = (text: string, cache: string, result: string) =>
  metric(text, new RegExp(`^content_cache_lookups_total\\{cache="${cache}",result="${result}"\\} (\\d+)`, 'm'));

/** A GET with the body as it came over the wire (supertest would decompress it). */
async function rawGet(url: string, acceptEncoding = 'br'): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer; status: number; ms: number }> {
  const server = app.strapi.server.httpServer;
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers: { Host: HOST, 'Accept-Encoding': acceptEncoding, Accept: 'text/html' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }));
      })
      .on('error', reject);
  });
}

const randomSlug = (i: number) => `no-such-${i}-${Math.random().toString(36).slice(2)}`;

describe('addresses that name nothing', () => {
  it('random slugs under /blog/, /news/ and / take no place in the page cache', async () => {
    await rawGet('/');
    // The one 404 page of each kind may be made once.
    await rawGet(`/blog/${randomSlug(0)}`);
    await rawGet(`/${randomSlug(0)}`);
    await rawGet(`/news/${randomSlug(0)}`);
    const entries = await cacheEntries();
    const bytes = await cacheBytes();
    const kept = metric(await metrics(), /^front_cache_entries (\d+)/m);
    expect(entries).toBeGreaterThan(0);
    for (let i = 1; i <= 60; i += 1) {
      const answers = await Promise.all([rawGet(`/blog/${randomSlug(i)}`), rawGet(`/news/${randomSlug(i)}`), rawGet(`/${randomSlug(i)}`)]);
      for (const answer of answers) expect(answer.status).toBe(404);
    }
    expect(await cacheEntries()).toBe(entries);
    expect(await cacheBytes()).toBe(bytes);
    expect(metric(await metrics(), /^front_cache_entries (\d+)/m)).toBe(kept);
  });

  it('every missing post gets the same bytes, and so does every unknown path', async () => {
    const posts = await Promise.all([rawGet(`/blog/${randomSlug(1)}`), rawGet(`/blog/${randomSlug(2)}`)]);
    expect(posts[0].status).toBe(404);
    expect(posts[0].headers['content-encoding']).toBe('br');
    expect(posts[0].body.equals(posts[1].body)).toBe(true);
    const pages = await Promise.all([rawGet(`/${randomSlug(1)}`), rawGet(`/blog/${randomSlug(1)}/deeper`)]);
    expect(pages[0].status).toBe(404);
    expect(pages[0].body.equals(pages[1].body)).toBe(true);
    expect(pages[0].body.equals(posts[0].body)).toBe(false);
    // The words a reader sees: the post's own "not found", the site's "page not found".
    const post = await app.http.agent.get(`/blog/${randomSlug(3)}`).set('Accept', 'text/html');
    expect(post.text).toMatch(/<h1[^>]*>Post not found<\/h1>/);
    const page = await app.http.agent.get(`/${randomSlug(3)}`).set('Accept', 'text/html');
    expect(page.text).toMatch(/Page not found/);
    expect(page.text).toContain('noindex');
  });

  it('a post published after its address was a 404 is shown at once', async () => {
    const slug = randomSlug(7);
    expect((await rawGet(`/blog/${slug}`)).status).toBe(404);
    await app.strapi.documents(BLOG).create({
      data: {
        title: 'Late arrival',
        slug,
        summary: 'Published after its address was asked for.',
        authorName: 'HAIC',
        publishedDate: '2024-01-01',
        body: [],
      } as any,
      status: 'published',
    });
    const page = await app.http.agent.get(`/blog/${slug}`).set('Accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Late arrival');
  });
});

describe('query strings', () => {
  it("a query parameter the page does not read shares the page's cached copy", async () => {
    const first = await rawGet('/about');
    const before = await metrics();
    const entries = metric(before, /^site_page_cache_entries (\d+)/m);
    expect(metric(before, /^front_cache_entries (\d+)/m)).toBeGreaterThan(0);
    for (let i = 0; i < 20; i += 1) {
      const tagged = await rawGet(`/about?utm_source=${randomSlug(i)}&fbclid=${i}`);
      expect(tagged.status).toBe(200);
      expect(tagged.body.equals(first.body)).toBe(true);
    }
    const after = await metrics();
    expect(metric(after, /^site_page_cache_entries (\d+)/m)).toBe(entries);
    // Nor did the front door keep a copy per address.
    expect(metric(after, /^front_cache_entries (\d+)/m)).toBe(metric(before, /^front_cache_entries (\d+)/m));
  });

  it('a parameter the page reads still makes its own page (/signin?registered=true)', async () => {
    const plain = await app.http.agent.get('/signin').set('Accept', 'text/html');
    const registered = await app.http.agent.get('/signin?registered=true&username=nurse').set('Accept', 'text/html');
    expect(plain.status).toBe(200);
    expect(registered.status).toBe(200);
    expect(registered.text).not.toBe(plain.text);
  });
});

describe('sitemap files', () => {
  it('a file number past the last is 404 and makes no document', async () => {
    expect((await app.http.agent.get('/sitemap-posts-1.xml')).status).toBe(200);
    const before = await metrics();
    for (const n of [2, 3, 999, 123456]) expect((await app.http.agent.get(`/sitemap-posts-${n}.xml`)).status).toBe(404);
    const after = await metrics();
    expect(lookups(after, 'site-documents', 'miss')).toBe(lookups(before, 'site-documents', 'miss'));
    expect(lookups(after, 'site-documents', 'hit')).toBe(lookups(before, 'site-documents', 'hit'));
  });
});

describe('/_health', () => {
  it('is answered before the middleware chain with the same security headers, and counted', async () => {
    const api = await app.http.agent.get('/api/blog?page=1&pageSize=1');
    await rawGet('/_health');
    const health = await rawGet('/_health');
    expect(health.status).toBe(204);
    for (const name of ['x-content-type-options', 'x-frame-options', 'referrer-policy', 'permissions-policy', 'cross-origin-opener-policy']) {
      expect(health.headers[name]).toBe(api.headers[name]);
    }
    expect(health.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(health.headers['set-cookie']).toBeUndefined();
    // No framework name, no empty CORS grant.
    for (const name of ['strapi', 'access-control-allow-origin', 'access-control-allow-credentials']) expect(health.headers).not.toHaveProperty(name);
    expect(await metrics()).toMatch(/http_requests_total\{method="GET",route="\/_health",status="204"\} [2-9]/);
  });
});
