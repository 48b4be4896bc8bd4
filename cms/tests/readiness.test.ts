/**
 * Readiness and admission whatever the probes call: /_ready answers from one database check a second shared by
 * every caller, and admission (one request in the chain, one waiting) holds from the start, on an instance
 * that is only ever probed on /_ready (as compose and Varnish do), never on /_health.
 */
import http from 'http';
import type { AddressInfo } from 'net';
import { startTestApp, type TestApp } from './helpers/strapi';

let app: TestApp;
let port: number;
/** `select 1` statements sent to the database (the readiness check's). */
let readinessQueries = 0;

beforeAll(async () => {
  app = await startTestApp({ LOAD_SHED_LAG_MS: '600000', LOAD_SHED_CONCURRENCY: '1', LOAD_SHED_QUEUE: '1', LOAD_SHED_WAIT_MS: '600000' });
  app.strapi.db.connection.on('query', (query: { sql?: string }) => {
    if (query.sql === 'select 1') readinessQueries += 1;
  });
  const server = app.strapi.server.httpServer;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.address() as AddressInfo).port;
}, 300_000);

afterAll(async () => {
  await app?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw request on its own connection, sent whole, or with only `partBody` sent until the caller ends it. */
function send(method: string, path: string, headers: Record<string, string | number> = {}, partBody?: string) {
  const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false });
  const answered = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
  });
  if (partBody === undefined) req.end();
  else req.write(partBody);
  return { req, answered };
}

it('a flood of /_ready makes about one database check a second, and each answers ready', async () => {
  const before = readinessQueries;
  const started = Date.now();
  const answers: number[] = [];
  while (Date.now() - started < 2500) {
    const round = await Promise.all(Array.from({ length: 25 }, () => send('GET', '/_ready').answered));
    answers.push(...round.map((answer) => answer.status));
  }
  const seconds = (Date.now() - started) / 1000;
  expect(answers.length).toBeGreaterThan(100);
  expect(answers.every((status) => status === 200)).toBe(true);
  expect(readinessQueries - before).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
});

it('admits one request into the chain and queues one from the start, though nothing ever asked for /_health', async () => {
  const xsrf = await app.http.xsrfToken();
  // A sign-in whose body is still arriving holds the one place in the chain.
  const body = JSON.stringify({ username: 'nobody-here', password: 'Wrong!Pass1' });
  const signIn = send(
    'POST',
    '/api/auth/login',
    { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}`, 'X-XSRF-TOKEN': xsrf },
    body.slice(0, 10),
  );
  await sleep(300);
  const waiting = send('GET', '/api/blog?page=2&pageSize=3').answered;
  await sleep(300);
  const refused = await send('GET', '/api/blog?page=3&pageSize=3').answered;
  expect(refused.status).toBe(503);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  // The refusal carries the site's security headers (learnt from the instance's own /_health at start).
  expect(refused.headers['x-content-type-options']).toBe('nosniff');
  expect(JSON.parse(refused.body)).toEqual({ data: null, error: expect.objectContaining({ status: 503, name: 'ServiceUnavailableError' }) });
  signIn.req.end(body.slice(10));
  expect((await signIn.answered).status).toBeGreaterThanOrEqual(400);
  expect((await waiting).status).toBe(200);
});
