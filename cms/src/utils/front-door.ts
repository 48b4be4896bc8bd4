/**
 * The front door: a node:http request handler that runs before Koa and Strapi's middleware chain and
 * answers what must never wait behind other work: GET/HEAD /_health (liveness) and /_ready (readiness:
 * the database answers within a second, and the instance is not shutting down). Everything else goes
 * on to Koa.
 * Its answers carry the same security headers as Koa's (those of the first /_health answer Koa sent,
 * which it lets through to learn them), an X-Request-Id, and are counted and logged like any request.
 */
import crypto from 'crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'http';
import type { Core } from '@strapi/strapi';
import { HSTS } from '../middlewares/security-headers';
import { isShuttingDown } from './lifecycle';
import { httpDuration, httpRequests } from './metrics';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const READY_TIMEOUT_MS = 1000;
/** Headers that belong to one answer, never replayed on another. */
const PER_ANSWER = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'content-length', 'set-cookie', 'strict-transport-security', 'transfer-encoding']);

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** The request id of an answer: a well-formed incoming one is kept (a proxy's), else one is made. */
export const requestIdOf = (incoming: string | undefined) => (incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID());

/** What Koa sent, minus what belongs to one answer: to send again from here. */
export function replayableHeaders(res: ServerResponse): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(res.getHeaders())) if (!PER_ANSWER.has(name) && value !== undefined) headers[name] = value;
  return headers;
}

/** Whether the database answers within a second (readiness). */
export async function databaseAnswers(strapi: Core.Strapi): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  const probe = strapi.db.connection.raw('select 1').then(() => true, () => false);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function installFrontDoor(strapi: Core.Strapi) {
  const server = strapi.server.httpServer;
  const koa = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  const trustProxy = !!strapi.server.app.proxy;
  let securityHeaders: OutgoingHttpHeaders | null = null;

  const isSecure = (req: IncomingMessage) =>
    !!(req.socket as { encrypted?: boolean }).encrypted || (trustProxy && String(req.headers['x-forwarded-proto'] ?? '').split(',')[0].trim() === 'https');

  /** Sends an answer from here with the learnt security headers, counted and logged as Koa's are. */
  const answer = (req: IncomingMessage, res: ServerResponse, started: bigint, route: string, status: number, headers: OutgoingHttpHeaders, body?: string) => {
    const requestId = requestIdOf(req.headers['x-request-id'] as string | undefined);
    const all: OutgoingHttpHeaders = { ...securityHeaders, ...headers, 'x-request-id': requestId };
    if (isSecure(req)) all['strict-transport-security'] = HSTS;
    if (isShuttingDown()) all.connection = 'close';
    if (body !== undefined) all['content-length'] = Buffer.byteLength(body);
    res.writeHead(status, all);
    res.end(req.method === 'HEAD' ? undefined : body);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const labels = { method: req.method ?? 'GET', route, status: String(status) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, seconds);
    strapi.log.http(`${labels.method} ${route} ${status} ${(seconds * 1000).toFixed(1)} ms`, {
      type: 'request',
      method: labels.method,
      route,
      status,
      durationMs: Math.round(seconds * 10000) / 10,
      requestId,
    });
  };

  const toKoa: Listener = (req, res) => {
    for (const listener of koa) listener.call(server, req, res);
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    const url = req.url ?? '/';
    const path = url.includes('?') ? url.slice(0, url.indexOf('?')) : url;
    if (req.method !== 'GET' && req.method !== 'HEAD') return toKoa(req, res);
    if (path === '/_health') {
      if (securityHeaders) return answer(req, res, started, '/_health', 204, { strapi: 'You are so French!' });
      // The first one is Koa's: its headers are the ones every answer from here carries.
      res.once('finish', () => {
        if (res.statusCode === 204) securityHeaders ??= replayableHeaders(res);
      });
      return toKoa(req, res);
    }
    if (path === '/_ready' && securityHeaders) {
      const reply = (ready: boolean) =>
        answer(req, res, started, '/_ready', ready ? 200 : 503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }, JSON.stringify({ status: ready ? 'ready' : isShuttingDown() ? 'shutting down' : 'database unavailable' }));
      if (isShuttingDown()) return reply(false);
      databaseAnswers(strapi).then((ready) => reply(ready && !isShuttingDown()), () => reply(false));
      return;
    }
    return toKoa(req, res);
  });
}
