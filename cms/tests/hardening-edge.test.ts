/**
 * Bounded at the edge: every public write route reads at most its own body size (413 naming the body,
 * from Content-Length, before a byte is parsed) and every field at most its length (400 naming the
 * field) before the text rule, the limiter, a hash or the database sees it. A password over its byte
 * bound is never compared (the password queues count each bcrypt comparison in /metrics).
 * Admin sign-in has its own password queue: a flood of user sign-ins leaves it answering.
 * Private logs: a database error is logged without the values bound into its SQL.
 */
import type { AddressInfo } from 'net';
import { Writable } from 'stream';
import { Worker } from 'worker_threads';
import { winston } from '@strapi/logger';
import { MAX_INPUT_LOG_LENGTH, PASSWORD_MAX_BYTES, ROUTE_BOUNDS, SIGN_IN_IDENTIFIER_MAX } from '@haic/contract';
import { createUser, startTestApp, type TestApp } from './helpers/strapi';

const METRICS_TOKEN = 'metrics-token-for-edge-tests-0123456789';
const ADMIN = { username: 'edgeadmin', password: 'AdminPass123!' };
let app: TestApp;
let base = '';
let xsrf = '';
const logLines: string[] = [];

beforeAll(async () => {
  app = await startTestApp({
    METRICS_TOKEN,
    LOG_FORMAT: 'json',
    // Each comparison at its production price: the queues fill as they would.
    PASSWORD_HASH_ROUNDS: '10',
    // The flood below comes from one address with many names: only the queues may turn it away.
    LOGIN_RATE_LIMIT_MAX: '100000',
    LOGIN_RATE_LIMIT_IP_MAX: '100000',
    LOGIN_SLOWDOWN_AFTER: '100000',
  });
  await new Promise<void>((resolve) => app.strapi.server.httpServer.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(app.strapi.server.httpServer.address() as AddressInfo).port}`;
  xsrf = await app.http.xsrfToken();
  await (app.strapi.service('api::admin-auth.admin-auth') as any).ensureAdminAccount(ADMIN);
  app.strapi.log.add(
    new winston.transports.Stream({
      stream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    }),
  );
}, 300_000);
afterAll(async () => {
  await app?.stop();
});

/** bcrypt comparisons run so far on one password queue, as /metrics counts them. */
async function comparisons(queue: 'user' | 'admin'): Promise<number> {
  const text = (await app.http.agent.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`)).text;
  const match = new RegExp(`password_comparisons_total\\{queue="${queue}"\\} (\\d+)`).exec(text);
  return match ? Number(match[1]) : 0;
}

/** A raw POST (no client-side limits): the status and the parsed error body. */
async function rawPost(path: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}`, 'X-XSRF-TOKEN': xsrf, ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as any };
}

const fieldsNamed = (body: any) => (body?.error?.details?.errors ?? []).map((e: any) => e.path.join('.'));

describe('field bounds, before anything reads the value', () => {
  it('a 255-character sign-in name is a 400 naming username, never compared', async () => {
    const before = await comparisons('user');
    const response = await app.http.post('/api/auth/login', { username: 'a'.repeat(SIGN_IN_IDENTIFIER_MAX + 1), password: 'Wrong!Pass1' });
    expect(response.status).toBe(400);
    expect(fieldsNamed(response.body)).toEqual(['username']);
    expect(response.body.error.message).toBe('Username must be no more than 254 characters');
    // 254 characters are read (and refused as wrong credentials, after one comparison).
    expect((await app.http.post('/api/auth/login', { username: 'a'.repeat(SIGN_IN_IDENTIFIER_MAX), password: 'Wrong!Pass1' })).status).toBe(401);
    expect(await comparisons('user')).toBe(before + 1);
  });

  it('a password over 512 UTF-8 bytes is a 400 naming password, without a hash; the admin sign-in too', async () => {
    const userBefore = await comparisons('user');
    const adminBefore = await comparisons('admin');
    // 200 characters of 3 bytes each: within the characters, over the bytes.
    const wide = await app.http.post('/api/auth/login', { username: 'someone', password: '€'.repeat(200) });
    expect(wide.status).toBe(400);
    expect(fieldsNamed(wide.body)).toEqual(['password']);
    expect(wide.body.error.message).toBe(`Password must be no more than ${PASSWORD_MAX_BYTES} bytes`);
    const admin = await app.http.post('/api/admin/login', { username: ADMIN.username, password: 'x'.repeat(PASSWORD_MAX_BYTES + 1), captchaToken: 'x' });
    expect(admin.status).toBe(400);
    expect(fieldsNamed(admin.body)).toEqual(['password']);
    expect(await comparisons('user')).toBe(userBefore);
    expect(await comparisons('admin')).toBe(adminBefore);
  });

  it('a 1 MB password is a 4xx without a hash', async () => {
    const before = await comparisons('user');
    const response = await rawPost('/api/auth/login', JSON.stringify({ username: 'someone', password: 'P'.repeat(1_000_000) }));
    expect(response.status).toBe(413);
    expect(fieldsNamed(response.body)).toEqual(['body']);
    expect(await comparisons('user')).toBe(before);
  });

  it('register, contact and profile check the length before the text rule reads the value', async () => {
    // Each value is over its bound and also breaks the text rule: the length answers, the pattern never runs.
    const register = await app.http.post('/api/auth/register', { username: '\u200b'.repeat(255), email: 'a@b.co', password: 'Str0ng!Pass' });
    expect(register.status).toBe(400);
    expect(fieldsNamed(register.body)).toEqual(['username']);
    expect(register.body.error.message).toBe('Username must be no more than 254 characters');
    // DEL: a control character the text rule refuses, one byte in JSON.
    const contact = await app.http.post('/api/contact', { name: 'Ann', email: 'a@b.co', subject: 'Hello there', message: '\u007f'.repeat(5001) });
    expect(contact.status).toBe(400);
    expect(fieldsNamed(contact.body)).toEqual(['message']);
    expect(contact.body.error.message).toBe('Message is too long');
    const { token } = await createUser(app, 'edgeprofile');
    const profile = await app.http.put('/api/users/profile', { bio: '\u007f'.repeat(501) }, token);
    expect(profile.status).toBe(400);
    expect(fieldsNamed(profile.body)).toEqual(['bio']);
    expect(profile.body.error.message).toBe('Bio must be no more than 500 characters');
  });
});

describe('body size per route, from Content-Length', () => {
  it('a body over the route limit is a 413 naming the body, on every bounded route', async () => {
    for (const [route, bounds] of Object.entries(ROUTE_BOUNDS)) {
      const [method, path] = route.split(' ');
      if (method !== 'POST') continue;
      const body = JSON.stringify({ padding: 'x'.repeat(bounds.bodyBytes) });
      const response = await rawPost(path.replace(':id', '1'), body, { 'X-Telegram-Bot-Api-Secret-Token': 'test-telegram-secret' });
      expect({ route, status: response.status, fields: fieldsNamed(response.body) }).toEqual({ route, status: 413, fields: ['body'] });
    }
  });

  it('a sign-in body of a few kilobytes is read; the global megabyte is not', async () => {
    expect(ROUTE_BOUNDS['POST /api/auth/login'].bodyBytes).toBeLessThanOrEqual(8 * 1024);
    expect(ROUTE_BOUNDS['POST /api/contact'].bodyBytes).toBeLessThanOrEqual(32 * 1024);
    // A score carries its input log: the longest a game can produce fits, nothing more.
    expect(ROUTE_BOUNDS['POST /api/game/nursehelpme/score'].bodyBytes).toBeLessThanOrEqual(MAX_INPUT_LOG_LENGTH + 8 * 1024);
    const response = await rawPost('/api/auth/login', JSON.stringify({ username: 'someone', password: 'Wrong!Pass1', note: 'n'.repeat(3000) }));
    expect(response.status).toBe(401);
  });

  it('a bounded route refuses a compressed body (it could inflate past the limit)', async () => {
    const response = await rawPost('/api/contact', JSON.stringify({ name: 'Ann' }), { 'Content-Encoding': 'gzip' });
    expect(response.status).toBe(415);
    expect(fieldsNamed(response.body)).toEqual(['body']);
  });
});

describe('admin sign-in has its own password queue', () => {
  it('a flood of wrong user sign-ins leaves admin sign-in answering', async () => {
    // Warm both queues' threads, as on a running server.
    await app.http.post('/api/admin/login', { ...ADMIN, captchaToken: 'x' });
    // 230 wrong user sign-ins at once from a worker thread: the user queue (200) fills and turns the rest away with 503.
    const worker = new Worker(
      `const { parentPort, workerData } = require('worker_threads');
       for (let i = 0; i < 230; i++) {
         fetch(workerData.url, { method: 'POST', headers: workerData.headers, body: JSON.stringify({ username: 'flood' + i, password: 'Wrong!Pass1' }) })
           .then((r) => parentPort.postMessage(r.status), () => parentPort.postMessage(0));
       }`,
      {
        eval: true,
        workerData: {
          url: `${base}/api/auth/login`,
          headers: { 'Content-Type': 'application/json', Cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}`, 'X-XSRF-TOKEN': xsrf },
        },
      },
    );
    const userAnswers: number[] = [];
    worker.on('message', (status: number) => userAnswers.push(status));
    try {
      // The user queue is full once a sign-in is turned away for it.
      const deadline = Date.now() + 60_000;
      while (!userAnswers.includes(503) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(userAnswers).toContain(503);
      const admin = await app.http.post('/api/admin/login', { ...ADMIN, captchaToken: 'x' });
      expect(admin.status).toBe(200);
      expect(admin.body.role).toBe('Admin');
      // Answered while most of the queued user sign-ins were still waiting for their turn.
      expect(userAnswers.filter((status) => status === 401).length).toBeLessThan(100);
    } finally {
      // The queued comparisons finish (or are cut at shutdown) on the server; the clients are not needed.
      await worker.terminate();
    }
  }, 120_000);
});

describe('private logs', () => {
  it('a database error is logged without the username, email or password hash bound into its SQL', async () => {
    const db = app.strapi.db.connection;
    const table = app.strapi.db.metadata.get('plugin::users-permissions.user').tableName;
    await db.raw(`create trigger edge_refuse_user before insert on ${table} begin select raise(abort, 'refused by the test'); end`);
    logLines.length = 0;
    try {
      const response = await app.http.post('/api/auth/register', { username: 'secretnurse', email: 'secret.nurse@example.com', password: 'Str0ng!Secret' });
      expect(response.status).toBe(500);
    } finally {
      await db.raw('drop trigger edge_refuse_user');
    }
    const logged = logLines.join('\n');
    expect(logged).toContain('database error');
    for (const secret of ['secretnurse', 'secret.nurse@example.com', 'Str0ng!Secret', '$2a$', '$2b$', 'insert into']) expect(logged).not.toContain(secret);
  });
});
