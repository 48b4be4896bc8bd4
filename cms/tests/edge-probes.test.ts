/**
 * The probes (src/edge/probes.ts) and the edge's own answers (src/edge/replies.ts), on their own: readiness from
 * one database check a second, /_health learnt from the chain's first answer, and what every answer of the edge carries.
 */
import { EventEmitter } from 'events';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'http';
import type { Core } from '@strapi/strapi';
import { createProbes } from '../src/edge/probes';
import { createReplies } from '../src/edge/replies';
import { HSTS } from '../src/utils/hsts';
import type { RequestLog, RequestRecord } from '../src/edge/request-log';

/** An app whose database answers `select 1` as told, counting the checks. */
function app(answer: () => Promise<unknown>) {
  const state = { checks: 0 };
  const strapi = { db: { connection: { raw: () => ((state.checks += 1), answer()) } } } as unknown as Core.Strapi;
  return { strapi, state };
}

function recorder() {
  const edge: RequestRecord[] = [];
  return { log: { chain: () => undefined, edge: (record: RequestRecord) => edge.push(record) } as RequestLog, edge };
}

/** A response that keeps what is written to it. */
function response(status = 200, headers: OutgoingHttpHeaders = {}) {
  const sent: { status?: number; head?: Array<string | string[]>; body?: unknown } = {};
  const res = Object.assign(new EventEmitter(), {
    statusCode: status,
    getHeaders: () => headers,
    writeHead: (code: number, head: Array<string | string[]>) => Object.assign(sent, { status: code, head }),
    end: (body?: unknown) => Object.assign(sent, { body }),
  });
  return { res: res as unknown as ServerResponse, sent, finish: () => res.emit('finish') };
}
const request = (headers: Record<string, string> = {}, method = 'GET') => ({ headers, method, socket: {} }) as unknown as IncomingMessage;
const valueOf = (head: Array<string | string[]> | undefined, name: string) => head?.[head.indexOf(name) + 1];

describe('readiness', () => {
  it('one database check a second, shared by every caller', async () => {
    const { strapi, state } = app(() => Promise.resolve([]));
    const probes = createProbes(strapi, createReplies(recorder().log));
    const answers = await Promise.all(Array.from({ length: 50 }, () => probes.readiness()));
    expect(answers.every((a) => a.status === 200 && a.body.status === 'ready')).toBe(true);
    expect(state.checks).toBe(1);
  });

  it('503 when the database fails or does not answer within a second', async () => {
    const failing = createProbes(app(() => Promise.reject(new Error('down'))).strapi, createReplies(recorder().log));
    expect(await failing.readiness()).toEqual({ status: 503, body: { status: 'database unavailable' } });
    const silent = createProbes(app(() => new Promise(() => undefined)).strapi, createReplies(recorder().log));
    const started = Date.now();
    expect((await silent.readiness()).status).toBe(503);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});

describe('the probes at the edge', () => {
  it("leaves /_health and /_ready to the chain until the chain's first /_health has taught it the headers", async () => {
    const { log, edge } = recorder();
    const replies = createReplies(log);
    const probes = createProbes(app(() => Promise.resolve([])).strapi, replies);
    const first = response(204, {
      'x-frame-options': 'SAMEORIGIN',
      'content-length': '0',
      strapi: 'You are so French!',
      vary: 'Origin',
      'access-control-allow-origin': '',
      'access-control-allow-credentials': 'true',
    });
    expect(probes.ready(request(), first.res, process.hrtime.bigint())).toBe(false);
    expect(probes.health(request(), first.res, process.hrtime.bigint())).toBe(false);
    first.finish();
    // Only the security headers: not Strapi's health route's own header, nor CORS's Vary and empty grant.
    expect(replies.security).toEqual({ 'x-frame-options': 'SAMEORIGIN' });

    const health = response();
    expect(probes.health(request(), health.res, process.hrtime.bigint())).toBe(true);
    expect(health.sent.status).toBe(204);
    expect(valueOf(health.sent.head, 'x-frame-options')).toBe('SAMEORIGIN');

    const ready = response();
    expect(probes.ready(request(), ready.res, process.hrtime.bigint())).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(ready.sent.status).toBe(200);
    expect(JSON.parse(String(ready.sent.body))).toEqual({ status: 'ready' });
    expect(valueOf(ready.sent.head, 'cache-control')).toBe('no-store');
    expect(edge.map((r) => [r.route, r.status])).toEqual([
      ['/_health', 204],
      ['/_ready', 200],
    ]);
  });
});

describe("the edge's own answers", () => {
  it('carry a request id (a well-formed incoming one kept), HSTS only on a secure request, and no body for HEAD', () => {
    const replies = createReplies(recorder().log);
    const plain = response();
    replies.send(request({ 'x-request-id': 'lb-1' }), plain.res, process.hrtime.bigint(), 'site', 200, ['content-length', '2'], 'ok');
    expect(valueOf(plain.sent.head, 'x-request-id')).toBe('lb-1');
    expect(plain.sent.head).not.toContain('strict-transport-security');
    expect(plain.sent.body).toBe('ok');
    const secure = response();
    replies.send(request({ 'x-forwarded-proto': 'https' }, 'HEAD'), secure.res, process.hrtime.bigint(), 'site', 200, ['content-length', '2'], 'ok');
    expect(valueOf(secure.sent.head, 'strict-transport-security')).toBe(HSTS);
    expect(valueOf(secure.sent.head, 'x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(secure.sent.body).toBeUndefined();
  });
});
