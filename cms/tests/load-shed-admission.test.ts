/**
 * Admission into the middleware chain (LOAD_SHED_CONCURRENCY, LOAD_SHED_QUEUE), here one request at a
 * time and one waiting: a sign-in whose body is still arriving holds the one place, the next API read
 * waits its turn, and the one after is refused at once with 503, Retry-After and Strapi's error body;
 * meanwhile /_health, a kept page and a built file are answered as usual. Once the body has arrived,
 * the waiting read is answered. (The loop-lag threshold is set out of reach: only the queue decides.)
 */
import fs from 'fs';
import http from 'http';
import type { AddressInfo } from 'net';
import path from 'path';
import { startTestApp, type TestApp } from './helpers/strapi';

const ORIGIN = 'https://haic.example';
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

let app: TestApp;
let port: number;

beforeAll(async () => {
  app = await startTestApp({
    PUBLIC_URL: ORIGIN,
    METRICS_TOKEN,
    LOAD_SHED_LAG_MS: '600000',
    LOAD_SHED_CONCURRENCY: '1',
    LOAD_SHED_QUEUE: '1',
    LOAD_SHED_WAIT_MS: '600000',
  });
  app.http.agent.set('Host', new URL(ORIGIN).host);
  const server = app.strapi.server.httpServer;
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.address() as AddressInfo).port;
}, 300_000);

afterAll(async () => {
  await app?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A sign-in that sends half its body now and the rest when told: it stays in the middleware chain until then. */
async function slowSignIn() {
  const xsrf = await app.http.xsrfToken();
  const body = JSON.stringify({ username: 'nobody-here', password: 'Wrong!Pass1' });
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/auth/login',
    headers: {
      Host: new URL(ORIGIN).host,
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      Cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}`,
      'X-XSRF-TOKEN': xsrf,
    },
  });
  const answered = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, 10));
  return {
    finish: () => {
      req.end(body.slice(10));
      return answered;
    },
  };
}

/** A file of the site's build, as the browser asks for it. */
function builtAsset(): string {
  const dist = path.resolve(process.env.SITE_DIST_DIR || path.join(__dirname, '..', '..', 'web', 'dist'));
  const name = fs.readdirSync(path.join(dist, 'assets')).find((file) => file.endsWith('.js'));
  if (!name) throw new Error(`no built script under ${dist}/assets`);
  return `/assets/${name}`;
}

it('lets one request run and one wait, refuses the next with 503, and never holds back probes, kept pages or built files', async () => {
  // The front door learns the probes' headers and keeps the home page.
  expect((await app.http.agent.get('/_health')).status).toBe(204);
  expect((await app.http.agent.get('/').set('Accept', 'text/html')).status).toBe(200);
  expect((await app.http.agent.get('/').set('Accept', 'text/html')).status).toBe(200);

  const signIn = await slowSignIn();
  await sleep(300);

  let waited: { status: number } | null = null;
  const waiting = app.http.agent.get('/api/blog?page=2&pageSize=3').then((response) => (waited = response));
  await sleep(300);
  expect(waited).toBeNull();

  const refused = await app.http.agent.get('/api/blog?page=3&pageSize=3');
  expect(refused.status).toBe(503);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(refused.headers['cache-control']).toBe('no-store');
  expect(refused.headers['x-content-type-options']).toBe('nosniff');
  expect(refused.body).toEqual({ data: null, error: expect.objectContaining({ status: 503, name: 'ServiceUnavailableError' }) });

  expect((await app.http.agent.get('/_health')).status).toBe(204);
  const kept = await app.http.agent.get('/').set('Accept', 'text/html');
  expect(kept.status).toBe(200);
  expect(kept.text).toContain('Healthcare AI on the XRP Ledger');
  expect((await app.http.agent.get(builtAsset())).status).toBe(200);
  expect(waited).toBeNull();

  // The sign-in ends (a refused sign-in); the waiting read takes its place and is answered.
  expect(await signIn.finish()).toBeGreaterThanOrEqual(400);
  await waiting;
  expect(waited!.status).toBe(200);

  const scraped = await app.http.agent.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
  expect(scraped.text).toMatch(/load_shed_refusals_total\{work="request"\} [1-9]/);
});
