/**
 * A burst of parallel wrong sign-ins from one address: each attempt is reserved before its password is
 * compared, so no more than the limit are compared (401) and the rest are refused at once (429); the
 * comparisons run off the request thread, so /_health keeps answering throughout. (The latency figures
 * of a burst, against the 100 ms bar, are measured by tests/perf/login-burst.mjs on a quiet machine.)
 */
import type { AddressInfo } from 'net';
import { Worker } from 'worker_threads';
import { createUser, startTestApp, type TestApp } from './helpers/strapi';

let app: TestApp;
beforeAll(async () => {
  // The defaults: 5 failures per username and address, 50 per address.
  // Each comparison at its production price (PASSWORD_HASH_ROUNDS 10): what a burst costs the server.
  app = await startTestApp({ LOGIN_RATE_LIMIT_MAX: '5', LOGIN_RATE_LIMIT_IP_MAX: '50', PASSWORD_HASH_ROUNDS: '10' });
  // Listen once: supertest would otherwise open and close the server around each request and reset the others.
  await new Promise<void>((resolve) => app.strapi.server.httpServer.listen(0, '127.0.0.1', () => resolve()));
  const { port } = app.strapi.server.httpServer.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  xsrf = await app.http.xsrfToken();
  cookie = `XSRF-TOKEN=${encodeURIComponent(xsrf)}`;
  await createUser(app, 'burstnurse');
  // The password threads start with the first comparison: start them before the burst, as a running server has.
  await app.http.post('/api/auth/login', { username: 'burstnurse', password: 'Passw0rd!x' });
}, 300_000);
afterAll(async () => {
  await app.stop();
});

let base = '';
let cookie = '';
let xsrf = '';

/**
 * Sends `bodies` to `route` all at once from a worker thread (as clients elsewhere would: the test's own
 * client work stays off the server's thread) while this thread polls /_health.
 */
async function burst(route: string, bodies: object[]) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('worker_threads');
     Promise.all(workerData.bodies.map((body) => fetch(workerData.url, { method: 'POST', headers: workerData.headers, body: JSON.stringify(body) }).then((r) => r.status)))
       .then((statuses) => parentPort.postMessage(statuses));`,
    { eval: true, workerData: { url: `${base}${route}`, bodies, headers: { 'Content-Type': 'application/json', Cookie: cookie, 'X-XSRF-TOKEN': xsrf } } },
  );
  const answered = new Promise<number[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  let done = false;
  const probes: number[] = [];
  const poll = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${base}/_health`);
      probes.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const statuses = await answered.finally(() => {
    done = true;
  });
  await poll;
  await worker.terminate();
  const sorted = [...probes].sort((a, b) => a - b);
  return {
    count: (status: number) => statuses.filter((s) => s === status).length,
    probes: probes.length,
    medianProbeMs: sorted[Math.floor(sorted.length / 2)],
  };
}

describe('100 parallel wrong sign-ins from one address', () => {
  it('one username: 5 are compared (401), 95 refused (429), /_health keeps answering', async () => {
    const result = await burst(
      '/api/auth/login',
      Array.from({ length: 100 }, () => ({ username: 'burstnurse', password: 'Wrong!Pass1' })),
    );
    expect(result.count(401)).toBe(5);
    expect(result.count(429)).toBe(95);
    expect(result.probes).toBeGreaterThan(0);
    expect(result.medianProbeMs).toBeLessThan(100);
  });

  it('many usernames: no more than the 50 the address may fail are compared, /_health keeps answering', async () => {
    const result = await burst(
      '/api/admin/login',
      Array.from({ length: 100 }, (_, i) => ({ username: `guess${i}`, password: 'Wrong!Pass1', captchaToken: 'x' })),
    );
    expect(result.count(401)).toBe(50);
    expect(result.count(429)).toBe(50);
    // 50 comparisons take seconds of CPU off the request thread; /_health kept answering all along
    // (before, the thread was held for each comparison in turn and a probe waited seconds).
    expect(result.probes).toBeGreaterThan(20);
    expect(result.medianProbeMs).toBeLessThan(100);
  });
});
