/**
 * The edge of a booted app (src/edge/): one copy of each page, the one the site rendered and the edge sends;
 * only what the chain answered for everyone is kept; the edge belongs to its app.
 */
import request from 'supertest';
import { withTestApp } from './helpers/strapi';

const ORIGIN = 'https://haic.example';
const HOST = new URL(ORIGIN).host;
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const app = withTestApp({ PUBLIC_URL: ORIGIN, METRICS_TOKEN });

const fresh = (url: string) => request(app.strapi.server.httpServer).get(url).set('Host', HOST).set('Accept', 'text/html');
async function gauges() {
  const text = (await fresh('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`)).text;
  const gauge = (name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1]);
  return {
    pages: gauge('site_page_cache_entries'),
    pageBytes: gauge('site_page_cache_bytes'),
    kept: gauge('front_cache_entries'),
    keptBytes: gauge('front_cache_bytes'),
  };
}

it('a page is held once: the copy the site rendered is the copy the edge sends', async () => {
  const before = await gauges();
  const rendered = await fresh('/team');
  expect(rendered.status).toBe(200);
  const after = await gauges();
  expect(after.pages).toBe(before.pages + 1);
  expect(after.kept).toBe(before.kept + 1);
  // The page's bytes are counted once, in the pages and in everything kept alike.
  expect(after.keptBytes - before.keptBytes).toBe(after.pageBytes - before.pageBytes);
  const sent = await fresh('/team');
  expect(sent.headers.etag).toBe(rendered.headers.etag);
  expect(sent.headers['x-request-id']).not.toBe(rendered.headers['x-request-id']);
  expect(await gauges()).toEqual(after);
});

it("an answer the chain made private is never kept, nor sent to the next visitor: the site's 404 page under the panel's API", async () => {
  const panel = await fresh('/admin/no-such-screen');
  expect(panel.status).toBe(404);
  expect(panel.headers['cache-control']).toBe('private, no-store');
  const missing = await fresh('/no-such-page-at-all');
  expect(missing.status).toBe(404);
  expect(missing.headers['cache-control']).toMatch(/^public, /);
  const again = await fresh('/admin/no-such-screen');
  expect(again.headers['cache-control']).toBe('private, no-store');
});

it("the app's edge lives in the app: its container holds it", () => {
  const edge = app.strapi.get('haic.edge');
  expect(Object.keys(edge).sort()).toEqual(['cache', 'log', 'probes', 'replies', 'stop']);
});
