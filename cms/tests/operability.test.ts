/**
 * What an operator sees: Prometheus metrics by route pattern, private to the holder of METRICS_TOKEN
 * (and checked by promtool when it is installed); a request id on every answer and in the request's
 * JSON log line, which never carries a token, password or cookie; readiness.
 */
import { spawnSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { Writable } from 'stream';
import { winston } from '@strapi/logger';
import { createUser, startTestApp, type TestApp } from './helpers/strapi';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
let app: TestApp;
const logLines: Record<string, any>[] = [];

beforeAll(async () => {
  app = await startTestApp({ METRICS_TOKEN, LOG_FORMAT: 'json' });
  await app.http.xsrfToken();
  // The request lines (level http) as the console would get them.
  app.strapi.log.level = 'http';
  app.strapi.log.add(
    new winston.transports.Stream({
      stream: new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
          done();
        },
      }),
    }),
  );
}, 300_000);
afterAll(async () => {
  await app.stop();
});

const scrape = (token?: string) => {
  const req = app.http.agent.get('/metrics');
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};

describe('GET /metrics', () => {
  it('is not found without the token, or with a wrong one', async () => {
    expect((await scrape()).status).toBe(404);
    expect((await scrape('wrong-token')).status).toBe(404);
    expect((await app.http.agent.get('/metrics').set('Authorization', `Basic ${METRICS_TOKEN}`)).status).toBe(404);
  });

  it('counts requests by route pattern (never a raw id), with latencies, pools, caches and limits', async () => {
    const { user, token } = await createUser(app, 'metricsnurse');
    await app.http.get(`/api/users/${user.id}/stats`, token);
    await app.http.get('/api/users/999999/stats', token);
    // A list with a post on it: a page past the last post is answered without the page cache.
    await app.strapi.documents('api::blog-post.blog-post').create({
      data: { title: 'Metrics post', slug: 'metrics-post', summary: 'S', authorName: 'A', publishedDate: '2024-01-01', body: [] } as any,
      status: 'published',
    });
    await app.http.get('/api/blog?page=1&pageSize=10');
    // A signed-in reader's request passes the front door's kept copies: the list comes from the content cache.
    await app.http.get('/api/blog?page=1&pageSize=10', token);
    const response = await scrape(METRICS_TOKEN);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.text;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/users\/:id\/stats",status="200"\} 1/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/users\/:id\/stats",status="403"\} 1/);
    expect(text).not.toContain(`/api/users/${user.id}/stats`);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/blog",status="200"\}/);
    expect(text).toMatch(/content_cache_lookups_total\{cache="blog-pages-json",result="hit"\} [1-9]/);
    for (const name of [
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'db_pool_connections_in_use',
      'db_pool_acquires_waiting',
      'score_replay_queue_length',
      'score_replay_duration_seconds',
      'rate_limit_refusals_total',
      'news_feed_last_success_timestamp_seconds',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });

  it('passes promtool check metrics (where Prometheus is installed)', async () => {
    const promtool = spawnSync('sh', ['-c', 'command -v promtool'], { encoding: 'utf8' }).stdout.trim();
    if (!promtool) return console.warn('promtool is not installed: the exposition format was not checked by it');
    const file = path.join(os.tmpdir(), `haic-metrics-${process.pid}.txt`);
    fs.writeFileSync(file, (await scrape(METRICS_TOKEN)).text);
    const checked = spawnSync('sh', ['-c', `promtool check metrics < ${file}`], { encoding: 'utf8' });
    fs.rmSync(file, { force: true });
    expect(checked.stderr.split('\n').filter((line) => /error|parse/i.test(line))).toEqual([]);
    expect(checked.status).toBe(0);
  });
});

describe('request ids and the request log', () => {
  it('every answer carries a generated X-Request-Id; a well-formed incoming one is kept; a malformed one is replaced', async () => {
    const made = await app.http.get('/_health');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await app.http.get('/api/blog?page=1&pageSize=1').set('X-Request-Id', 'lb-7f3a:42')).headers['x-request-id']).toBe('lb-7f3a:42');
    for (const bad of ['a b', 'x'.repeat(200), '<script>', 'id\u00e9']) {
      const answer = await app.http.get('/_health').set('X-Request-Id', bad);
      expect(answer.headers['x-request-id']).not.toBe(bad);
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('one JSON line per request with method, route, status, duration, request id and user; no secrets', async () => {
    const { user, token } = await createUser(app, 'lognurse');
    logLines.length = 0;
    const answer = await app.http.put('/api/users/profile', { firstName: 'Flo', bio: 'hunter2-password-in-body' }, token);
    await app.http.post('/api/auth/login', { username: 'lognurse', password: 'Secret-Password-9!' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const line = logLines.find((entry) => entry.requestId === answer.headers['x-request-id']);
    expect(line).toMatchObject({ level: 'http', type: 'request', method: 'PUT', route: '/api/users/profile', status: 200, userId: user.id });
    expect(typeof line?.durationMs).toBe('number');
    expect(typeof line?.timestamp).toBe('string');
    const all = JSON.stringify(logLines);
    for (const secret of [token, 'hunter2-password-in-body', 'Secret-Password-9!', 'XSRF-TOKEN', await app.http.xsrfToken()]) expect(all).not.toContain(secret);
  });
});

it('GET /_ready answers 200 while the database answers', async () => {
  const response = await app.http.get('/_ready');
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ status: 'ready' });
});
