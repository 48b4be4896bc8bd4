/**
 * Load shedding: while the event loop keeps lagging (LOAD_SHED_LAG_MS, here 150 ms, held for
 * LOAD_SHED_HOLD_MS), a page that would be rendered is refused at once with 503 and Retry-After in
 * Strapi's error body, while a cached page and /_health keep answering; once the lag has passed,
 * pages render again. The lag is made here by blocking this process's loop, which the server shares.
 */
import { startTestApp, type TestApp } from './helpers/strapi';

const ORIGIN = 'https://haic.example';
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

let app: TestApp;

beforeAll(async () => {
  // 150 ms: one 250 ms pause weighs 75 ms in the smoothed lag, which stays under it even on a machine whose
  // loop is already some tens of ms late from other work; six 300 ms pauses in a row pass it.
  app = await startTestApp({ PUBLIC_URL: ORIGIN, METRICS_TOKEN, LOAD_SHED_LAG_MS: '150', LOAD_SHED_HOLD_MS: '3000' });
  app.http.agent.set('Host', new URL(ORIGIN).host);
}, 300_000);

afterAll(async () => {
  await app?.stop();
});

const page = (url: string) => app.http.agent.get(url).set('Accept', 'text/html');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds the event loop for `ms` at a time, `times` times in a row (as a flood of work would), letting the lag sampler see each. */
async function blockLoop(ms: number, times: number) {
  await sleep(50);
  for (let i = 0; i < times; i += 1) {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      // busy
    }
    await sleep(0);
  }
  await sleep(30);
}

it('sheds renders while the loop lags, keeps cached pages and /_health, and renders again after', async () => {
  // Cached before the lag; /about is never rendered before it.
  expect((await page('/')).status).toBe(200);
  expect((await page('/')).status).toBe(200);
  await app.http.agent.get('/_health');

  // One long pause is not overload: pages still render.
  await blockLoop(250, 1);
  expect((await page('/team')).status).toBe(200);

  // A loop that stays busy is.
  await blockLoop(300, 6);
  const refused = await page('/about');
  expect(refused.status).toBe(503);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(refused.body).toEqual({ data: null, error: expect.objectContaining({ status: 503, name: 'ServiceUnavailableError' }) });

  const cached = await page('/');
  expect(cached.status).toBe(200);
  expect(cached.text).toContain('Healthcare AI on the XRP Ledger');
  expect((await app.http.agent.get('/_health')).status).toBe(204);

  const scraped = await app.http.agent.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
  // Refused by the front door before the middleware chain (work="request"), or at the render itself.
  expect(scraped.text).toMatch(/load_shed_refusals_total\{work="(request|render)"\} [1-9]/);

  await sleep(3200);
  const rendered = await page('/about');
  expect(rendered.status).toBe(200);
});
