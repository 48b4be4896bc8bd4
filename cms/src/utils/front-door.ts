/**
 * The front door: a node:http request handler that runs before Koa and Strapi's middleware chain and
 * answers what must not wait behind other work, or need not pass through it:
 * - GET/HEAD /_health (liveness) and /_ready (readiness: the database answers within a second, and the
 *   instance is not shutting down);
 * - copies of answers that are the same for everyone (pages, the 404 page of each kind, public reads),
 *   kept when the chain sent them (rememberAnswer) with their brotli and gzip bytes, while the content
 *   they show is current: sent as they are, or as 304 to a client that holds them (If-None-Match,
 *   If-Modified-Since);
 * - while the event loop lags (utils/load-shed) with LOAD_SHED_QUEUE or more requests in the chain, a fast
 *   503 for the site's and API's other requests.
 * Everything else goes on to Koa. Its answers carry the security headers the chain sent (a copy's own,
 * or, for the probes, those of the first /_health the chain answered), an X-Request-Id, HSTS on secure
 * requests, and are counted in the metrics and logged (batched) like any request.
 */
import crypto from 'crypto';
import { promisify } from 'util';
import zlib from 'zlib';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'http';
import type { Core } from '@strapi/strapi';
import { LRUCache } from 'lru-cache';
import { HSTS } from '../middlewares/security-headers';
import { contentVersionNow, currentContentVersion } from './content-version';
import { onInvalidate } from './http-cache';
import { isShuttingDown } from './lifecycle';
import { isOverloaded } from './load-shed';
import { gaugeOnScrape, httpDuration, httpRequests, loadShedRefusals } from './metrics';
import { setting } from './settings';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const READY_TIMEOUT_MS = 1000;
/** Headers that belong to one answer, never replayed on another. */
const PER_ANSWER = new Set([
  'x-request-id',
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-encoding',
  'set-cookie',
  'strict-transport-security',
  'transfer-encoding',
]);

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** The request id of an answer: a well-formed incoming one is kept (a proxy's), else one is made. */
export const requestIdOf = (incoming: string | undefined) => (incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID());

/** What the chain sent, minus what belongs to one answer: to send again from here. */
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

/** A kept answer. `version`: the content version it shows (null: not content, e.g. the board). */
interface KeptAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  notModified: OutgoingHttpHeaders;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  etag: string;
  lastModified: number | null;
  version: number | null;
  expiresAt: number;
  tags: readonly string[];
  route: string;
}

/**
 * How a request names a kept answer: `url` is its normalised address (what the answer depends on) or
 * null when the front door does not keep it. A promise when finding it out needs a read (a post's slug).
 */
export type FrontResolver = (path: string, query: string, headers: IncomingHttpHeaders) => string | null | Promise<string | null>;

const resolvers = new Map<string, FrontResolver>();
/** Registers (or replaces) how some paths are named: the site's pages, the public reads. */
export const setFrontResolver = (name: string, resolver: FrontResolver) => resolvers.set(name, resolver);

let trustProxy = false;
/** The key of a normalised address: the host (and, behind a trusted proxy, the forwarded host and scheme) it was asked for under. */
function keyOf(headers: IncomingHttpHeaders, url: string): string {
  if (!trustProxy) return `${headers.host ?? ''} ${url}`;
  return `${headers.host ?? ''} ${headers['x-forwarded-host'] ?? ''} ${headers['x-forwarded-proto'] ?? ''} ${url}`;
}

const kept = new LRUCache<string, KeptAnswer>({
  max: 10_000,
  maxSize: setting('RESPONSE_CACHE_MB') * 1024 * 1024,
  sizeCalculation: (answer) => answer.identity.length + (answer.br?.length ?? 0) + (answer.gzip?.length ?? 0) + 512,
});
gaugeOnScrape('front_cache_entries', 'Answers kept by the front door', () => kept.size);
gaugeOnScrape('front_cache_bytes', 'Bytes of the answers kept by the front door', () => kept.calculatedSize ?? 0);

onInvalidate((tags) => {
  for (const [key, answer] of kept.entries()) if (answer.tags.some((tag) => tags.includes(tag))) kept.delete(key);
});

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESS_MIN_BYTES = 1024;

interface Remembered {
  /** The normalised address (the resolver's answer for this request). */
  url: string;
  tags: readonly string[];
  ttlMs: number;
  /** Whether it shows content (kept while the content version holds). */
  content: boolean;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
  lastModified?: Date;
  route: string;
}

/** Version the request started under (set by the front door): a change while it ran makes its copy stale at once. */
const startedUnder = new WeakMap<IncomingMessage, number | null>();

/**
 * Keeps this answer once the chain has sent it (200 or 404, no cookie set), so the next ones for the
 * same address are sent by the front door. Bodies without brotli and gzip copies get them (off the event loop).
 */
export function rememberAnswer(ctx: { req: IncomingMessage; res: ServerResponse }, answer: Remembered): void {
  const { req, res } = ctx;
  const version = startedUnder.has(req) ? startedUnder.get(req)! : contentVersionNow();
  res.once('finish', () => {
    // A cookie or a cross-origin grant belongs to one client: such an answer is not kept.
    if ((res.statusCode !== 200 && res.statusCode !== 404) || res.hasHeader('set-cookie') || res.getHeader('access-control-allow-origin') || (answer.content && version === null)) return;
    const headers = replayableHeaders(res);
    const store = (br: Buffer | null, gz: Buffer | null) => {
      const notModified: OutgoingHttpHeaders = {};
      for (const name of ['cache-control', 'etag', 'last-modified', 'vary', 'surrogate-key', 'cache-tag', 'expires', 'content-security-policy', 'permissions-policy'])
        if (headers[name] !== undefined) notModified[name] = headers[name];
      kept.set(keyOf(req.headers, answer.url), {
        status: res.statusCode,
        headers,
        notModified,
        identity: answer.identity,
        br,
        gzip: gz,
        etag: answer.etag,
        lastModified: answer.lastModified ? Math.floor(answer.lastModified.getTime() / 1000) * 1000 : null,
        version: answer.content ? version : null,
        expiresAt: Date.now() + answer.ttlMs,
        tags: answer.tags,
        route: answer.route,
      });
    };
    if (answer.br || answer.gzip || answer.identity.length < COMPRESS_MIN_BYTES) return store(answer.br ?? null, answer.gzip ?? null);
    Promise.all([
      brotli(answer.identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
      gzip(answer.identity, { level: 6 }),
    ]).then(([br, gz]) => store(br, gz), () => undefined);
  });
}

/** The copy to send for Accept-Encoding (brotli, then gzip, else as it is). */
function encodingFor(accept: string | undefined, answer: KeptAnswer): 'br' | 'gzip' | null {
  if (!accept) return null;
  if (answer.br && accept.includes('br')) return 'br';
  if (answer.gzip && accept.includes('gzip')) return 'gzip';
  return null;
}

function notModified(req: IncomingMessage, answer: KeptAnswer): boolean {
  const match = req.headers['if-none-match'];
  if (match) return match === answer.etag || match === '*' || match.split(',').some((tag) => tag.trim() === answer.etag);
  const since = req.headers['if-modified-since'];
  return !!since && answer.lastModified !== null && Date.parse(since) >= answer.lastModified;
}

/** Access log lines of the front door's answers, written in batches (one write per 50 ms at most). */
function createAccessLog(strapi: Core.Strapi) {
  const json = (setting('LOG_FORMAT') ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'json';
  let lines: string[] = [];
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    const batch = lines;
    lines = [];
    if (batch.length) process.stdout.write(batch.join(''));
  };
  return (method: string, route: string, status: number, ms: number, requestId: string) => {
    if (!strapi.log.isLevelEnabled('http')) return;
    const durationMs = Math.round(ms * 10) / 10;
    if (!json) {
      strapi.log.http(`${method} ${route} ${status} ${ms.toFixed(1)} ms`, { type: 'request', method, route, status, durationMs, requestId });
      return;
    }
    lines.push(
      `{"durationMs":${durationMs},"level":"http","message":${JSON.stringify(`${method} ${route} ${status} ${ms.toFixed(1)} ms`)},"method":"${method}","requestId":${JSON.stringify(requestId)},"route":${JSON.stringify(route)},"status":${status},"timestamp":"${new Date().toISOString()}","type":"request"}\n`,
    );
    timer ??= setTimeout(flush, 50);
  };
}

/** Paths the chain answers whatever they look like: the API, GraphQL, the panel and its APIs, uploads. */
function chainPrefixes(strapi: Core.Strapi): Set<string> {
  const prefixes = new Set(['api', 'graphql', 'cms', 'uploads', 'admin', '_ready', 'metrics']);
  try {
    for (const layer of strapi.server.listRoutes() as Array<{ path: string }>) {
      const first = String(layer.path).split('/')[1];
      if (first && /^[\w.-]+$/.test(first)) prefixes.add(first.toLowerCase());
    }
  } catch {
    // Routes not mounted yet: the fixed list stands.
  }
  return prefixes;
}

/** The first segment of a path names one of the chain's own areas. */
export const firstSegment = (path: string) => {
  const end = path.indexOf('/', 1);
  return (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
};

export function installFrontDoor(strapi: Core.Strapi) {
  const server = strapi.server.httpServer;
  const koa = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  trustProxy = !!strapi.server.app.proxy;
  let securityHeaders: OutgoingHttpHeaders | null = null;
  let prefixes: Set<string> | null = null;
  const log = createAccessLog(strapi);
  const crossOrigin = setting('CORS_ORIGINS').length > 0;

  const counters = new Map<string, { requests: ReturnType<typeof httpRequests.labels>; duration: ReturnType<typeof httpDuration.labels> }>();
  const count = (method: string, route: string, status: number, seconds: number) => {
    const id = `${method} ${route} ${status}`;
    let counter = counters.get(id);
    if (!counter) {
      const labels = { method, route, status: String(status) };
      counter = { requests: httpRequests.labels(labels), duration: httpDuration.labels(labels) };
      if (counters.size < 1000) counters.set(id, counter);
    }
    counter.requests.inc();
    counter.duration.observe(seconds);
  };

  const isSecure = (req: IncomingMessage) =>
    !!(req.socket as { encrypted?: boolean }).encrypted || (trustProxy && String(req.headers['x-forwarded-proto'] ?? '').split(',')[0].trim() === 'https');

  /** Sends an answer from here, counted and logged as the chain's are. */
  const answer = (req: IncomingMessage, res: ServerResponse, started: bigint, route: string, status: number, headers: OutgoingHttpHeaders, body?: Buffer | string) => {
    const requestId = requestIdOf(req.headers['x-request-id'] as string | undefined);
    headers['x-request-id'] = requestId;
    if (isSecure(req)) headers['strict-transport-security'] = HSTS;
    if (isShuttingDown()) headers.connection = 'close';
    if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    count(req.method ?? 'GET', route, status, seconds);
    log(req.method ?? 'GET', route, status, seconds * 1000, requestId);
  };

  const sendKept = (req: IncomingMessage, res: ServerResponse, started: bigint, kept: KeptAnswer) => {
    if (notModified(req, kept)) return answer(req, res, started, kept.route, 304, { ...kept.notModified });
    const encoding = encodingFor(req.headers['accept-encoding'], kept);
    const headers: OutgoingHttpHeaders = { ...kept.headers };
    if (encoding) headers['content-encoding'] = encoding;
    return answer(req, res, started, kept.route, kept.status, headers, encoding ? kept[encoding]! : kept.identity);
  };

  // Requests in the middleware chain now: a lagging loop with a queue is overloaded, a lagging loop
  // without one is a busy machine (shedding then would refuse the few requests there are).
  let inChain = 0;
  const shedQueue = setting('LOAD_SHED_QUEUE');
  const toKoa = (req: IncomingMessage, res: ServerResponse, started: bigint, path: string) => {
    // Overloaded: what would take the chain's time gets a fast 503 (the panel and readiness still pass).
    if (securityHeaders && inChain >= shedQueue && isOverloaded() && (firstSegment(path) === 'api' || firstSegment(path) === 'graphql' || !(prefixes ??= chainPrefixes(strapi)).has(firstSegment(path)))) {
      loadShedRefusals.inc({ work: 'request' });
      const body = JSON.stringify({ data: null, error: { status: 503, name: 'ServiceUnavailableError', message: 'The server is busy. Please try again in a moment.', details: {} } });
      return answer(req, res, started, 'shed', 503, { ...securityHeaders, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '1' }, body);
    }
    inChain += 1;
    res.once('close', () => {
      inChain -= 1;
    });
    for (const listener of koa) listener.call(server, req, res);
  };

  const fromKept = async (req: IncomingMessage, res: ServerResponse, started: bigint, path: string, query: string) => {
    let url: string | null = null;
    for (const resolve of resolvers.values()) {
      const named = resolve(path, query, req.headers);
      url = named instanceof Promise ? await named : named;
      if (url !== null) break;
    }
    const version = contentVersionNow() ?? (await currentContentVersion());
    startedUnder.set(req, version);
    if (url !== null) {
      const key = keyOf(req.headers, url);
      const found = kept.get(key);
      if (found && found.expiresAt > Date.now() && (found.version === null || found.version === version)) return sendKept(req, res, started, found);
    }
    return toKoa(req, res, started, path);
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    const url = req.url ?? '/';
    const mark = url.indexOf('?');
    const path = mark === -1 ? url : url.slice(0, mark);
    if (req.method !== 'GET' && req.method !== 'HEAD') return toKoa(req, res, started, path);
    if (path === '/_health') {
      if (securityHeaders) return answer(req, res, started, '/_health', 204, { ...securityHeaders, strapi: 'You are so French!' });
      // The first one is the chain's: its headers are the ones the probes' answers carry.
      res.once('finish', () => {
        if (res.statusCode === 204) securityHeaders ??= replayableHeaders(res);
      });
      return toKoa(req, res, started, path);
    }
    if (path === '/_ready' && securityHeaders) {
      const reply = (ready: boolean) =>
        answer(
          req,
          res,
          started,
          '/_ready',
          ready ? 200 : 503,
          { ...securityHeaders, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
          JSON.stringify({ status: ready ? 'ready' : isShuttingDown() ? 'shutting down' : 'database unavailable' }),
        );
      if (isShuttingDown()) return reply(false);
      databaseAnswers(strapi).then((ready) => reply(ready && !isShuttingDown()), () => reply(false));
      return;
    }
    // Per-user answers (a token), and cross-origin reads when other origins are allowed (CORS_ORIGINS), go through the chain.
    if (req.headers.authorization || (crossOrigin && req.headers.origin)) return toKoa(req, res, started, path);
    fromKept(req, res, started, path, mark === -1 ? '' : url.slice(mark + 1)).catch(() => toKoa(req, res, started, path));
  });
}
