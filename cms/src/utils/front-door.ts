/**
 * The front door: a node:http request handler that runs before Koa and Strapi's middleware chain. It first makes
 * a request's forwarding headers say only what a trusted proxy vouches for (utils/client-address), then answers
 * what must not wait behind other work, or need not pass through it:
 * - GET/HEAD /_health (liveness) and /_ready (readiness: the database answers within a second, one check a
 *   second shared by every caller, and the instance is not shutting down);
 * - copies of answers that are the same for everyone (pages, the 404 page of each kind, public reads),
 *   kept when the chain sent them (rememberAnswer) with their brotli and gzip bytes, while the content
 *   they show is current: sent as they are, or as 304 to a client that holds them (If-None-Match,
 *   If-Modified-Since);
 * - admission into the chain (utils/load-shed): at most LOAD_SHED_CONCURRENCY of the API's, GraphQL's and
 *   the site's other requests run in the chain at once (one while the event loop lags), the rest wait in
 *   order and are let in one per turn of the event loop (so every socket, /_health's too, is read between two); one that would wait behind LOAD_SHED_QUEUE others, or has waited LOAD_SHED_WAIT_MS, or arrives
 *   while the event loop lags with the chain full, gets a fast 503 with Retry-After. The site's built files, the panel and the
 *   probes are never held back.
 * Everything else goes on to Koa. Its answers carry the security headers the chain sent (a copy's own,
 * or, for the probes, those of the first /_health the chain answered), an X-Request-Id, HSTS on secure
 * requests, and are counted in the metrics and logged (batched) like any request.
 * A kept copy is sent without waiting for anything (no promise, when its name is known at once), with
 * its header lines built once when it was kept.
 */
import crypto from 'crypto';
import fs from 'fs';
import http from 'http';
import nodePath from 'path';
import { promisify } from 'util';
import zlib from 'zlib';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'http';
import type { Core } from '@strapi/strapi';
import { LRUCache } from 'lru-cache';
import { LIVE_PATH } from '@haic/contract';
import { firstSegment, isChainArea } from '../edge/areas';
import { cachePolicy } from '../edge/cache-policy';
import { liveAnswers } from '../edge/live-stream';
import { HSTS } from '../middlewares/security-headers';
import { acceptForwarding, clientLimitKey, trustedProxies } from './client-address';
import { contentVersionNow, currentContentVersion } from './content-version';
import { holdsCurrentCopy, onInvalidate } from './http-cache';
import { isShuttingDown } from './lifecycle';
import { admissionSettings, BUSY_MESSAGE, isOverloaded, retryAfterSeconds } from './load-shed';
import { gaugeOnScrape, httpDuration, httpRequests, loadShedRefusals } from './metrics';
import { configuredPublicUrl } from './public-url';
import { setting } from './settings';

/** The host a request names: a trusted proxy's X-Forwarded-Host (the first), else Host; as Koa's ctx.host reads it. */
const hostOf = (req: IncomingMessage) => String(req.headers['x-forwarded-host'] ?? req.headers.host ?? '').split(',')[0].trim().toLowerCase();

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
/** Header lines as node:http takes them ready-made: name, value, name, value... (not validated again per answer). */
type HeaderLines = Array<string | string[]>;

/** Header lines of an object of headers, plus `extra` lines. */
function headerLines(headers: OutgoingHttpHeaders, ...extra: string[]): HeaderLines {
  const lines: HeaderLines = [];
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) lines.push(name, Array.isArray(value) ? value : String(value));
  lines.push(...extra);
  return lines;
}

/** The request id of an answer: a well-formed incoming one is kept (a proxy's), else one is made. */
export const requestIdOf = (incoming: string | undefined) => (incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID());

/** What the chain sent, minus what belongs to one answer: to send again from here. */
export function replayableHeaders(res: ServerResponse): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(res.getHeaders())) if (!PER_ANSWER.has(name) && value !== undefined) headers[name] = value;
  return headers;
}

/** Whether the database answers within a second. */
async function databaseAnswers(strapi: Core.Strapi): Promise<boolean> {
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

/** How often an instance asks its database whether it answers, however many probes ask it. */
const READY_CHECK_EVERY_MS = 1000;
const readinessChecks = new WeakMap<Core.Strapi, { at: number; answer: Promise<boolean> }>();

/**
 * Readiness: whether the database answers within a second, from one check a second per instance shared by
 * every caller (a flood of /_ready costs no more than one), and never while the instance shuts down.
 */
export async function isReady(strapi: Core.Strapi): Promise<boolean> {
  if (isShuttingDown()) return false;
  const now = performance.now();
  let check = readinessChecks.get(strapi);
  if (!check || now - check.at >= READY_CHECK_EVERY_MS) {
    check = { at: now, answer: databaseAnswers(strapi) };
    readinessChecks.set(strapi, check);
  }
  return (await check.answer) && !isShuttingDown();
}

/** The body of a /_ready answer. */
export const readinessBody = (ready: boolean) => ({ status: ready ? 'ready' : isShuttingDown() ? 'shutting down' : 'database unavailable' });

/** A kept answer. `version`: the content version it shows (null: not content, e.g. the board). */
interface KeptAnswer {
  status: number;
  /** Header lines of each copy (its Content-Encoding and Content-Length included), and of a 304. */
  lines: { identity: HeaderLines; br: HeaderLines | null; gzip: HeaderLines | null; notModified: HeaderLines };
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

const namedResolvers = new Map<string, FrontResolver>();
let resolvers: FrontResolver[] = [];
/** Registers (or replaces) how some paths are named: the site's pages, the public reads. */
export function setFrontResolver(name: string, resolver: FrontResolver): void {
  namedResolvers.set(name, resolver);
  resolvers = [...namedResolvers.values()];
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
      const copy = (body: Buffer | null, encoding?: string) =>
        body && headerLines(headers, ...(encoding ? ['content-encoding', encoding] : []), 'content-length', String(body.length));
      kept.set(answer.url, {
        status: res.statusCode,
        lines: { identity: copy(answer.identity)!, br: copy(br, 'br'), gzip: copy(gz, 'gzip'), notModified: headerLines(notModified) },
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

const notModified = (req: IncomingMessage, answer: KeptAnswer) => holdsCurrentCopy(req.headers, answer.etag, answer.lastModified);

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

/** The first segments of the routes Strapi mounted (the panel's plugins' among them). */
function routeSegments(strapi: Core.Strapi): Set<string> {
  const prefixes = new Set<string>();
  try {
    for (const layer of strapi.server.listRoutes() as Array<{ path: string }>) {
      const first = String(layer.path).split('/')[1];
      if (first && /^[\w.-]+$/.test(first)) prefixes.add(first.toLowerCase());
    }
  } catch {
    // Routes not mounted yet: the chain's areas stand alone.
  }
  return prefixes;
}

/** Most files listed from the site's build and the public folder (they are the build's, not a client's). */
const MAX_BUILT_FILES = 20_000;

/** The paths of the site's built files (SITE_DIST_DIR) and of Strapi's public folder: served as they are, never held back. */
function builtFiles(strapi: Core.Strapi): Set<string> {
  const found = new Set<string>();
  const walk = (root: string, dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (found.size >= MAX_BUILT_FILES) return;
      const full = nodePath.join(dir, entry.name);
      if (entry.isDirectory()) walk(root, full);
      else found.add(`/${nodePath.relative(root, full).split(nodePath.sep).join('/')}`);
    }
  };
  const dist = nodePath.resolve(setting('SITE_DIST_DIR') || nodePath.join(strapi.dirs.app.root, '..', 'web', 'dist'));
  walk(dist, dist);
  walk(strapi.dirs.static.public, strapi.dirs.static.public);
  return found;
}

export function installFrontDoor(strapi: Core.Strapi) {
  const server = strapi.server.httpServer;
  const koa = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  const proxies = trustedProxies(setting('TRUSTED_PROXIES'), setting('TRUST_PROXY'));
  // With PUBLIC_URL, a request under another host is the chain's to redirect or refuse (global::canonical-host).
  const siteHost = configuredPublicUrl() ? new URL(configuredPublicUrl()).host : null;
  const otherHost = (req: IncomingMessage) => siteHost !== null && hostOf(req) !== siteHost;
  let securityHeaders: OutgoingHttpHeaders | null = null;
  let healthLines: HeaderLines | null = null;
  let prefixes: Set<string> | null = null;
  const log = createAccessLog(strapi);
  const crossOrigin = setting('CORS_ORIGINS').length > 0;
  const liveAnswer = liveAnswers();

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

  // X-Forwarded-Proto is still there only when a trusted proxy sent it (acceptForwarding).
  const isSecure = (req: IncomingMessage) =>
    !!(req.socket as { encrypted?: boolean }).encrypted || String(req.headers['x-forwarded-proto'] ?? '').split(',')[0].trim() === 'https';

  /**
   * Sends an answer from here (`lines`: its header lines, Content-Length included), counted and logged as the
   * chain's are; `stream` takes the response over once its head is written (a live stream), instead of a body.
   */
  const answer = (req: IncomingMessage, res: ServerResponse, started: bigint, route: string, status: number, lines: HeaderLines, body?: Buffer | string, stream?: (res: ServerResponse) => void) => {
    const requestId = requestIdOf(req.headers['x-request-id'] as string | undefined);
    const headers = lines.slice();
    headers.push('x-request-id', requestId);
    if (isSecure(req)) headers.push('strict-transport-security', HSTS);
    if (isShuttingDown()) headers.push('connection', 'close');
    res.writeHead(status, headers);
    if (stream && req.method !== 'HEAD') stream(res);
    else res.end(req.method === 'HEAD' ? undefined : body);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    count(req.method ?? 'GET', route, status, seconds);
    log(req.method ?? 'GET', route, status, seconds * 1000, requestId);
  };

  const sendKept = (req: IncomingMessage, res: ServerResponse, started: bigint, kept: KeptAnswer) => {
    if (notModified(req, kept)) return answer(req, res, started, kept.route, 304, kept.lines.notModified);
    const encoding = encodingFor(req.headers['accept-encoding'], kept);
    if (encoding) return answer(req, res, started, kept.route, kept.status, kept.lines[encoding]!, kept[encoding]!);
    return answer(req, res, started, kept.route, kept.status, kept.lines.identity, kept.identity);
  };

  // Admission into the chain (utils/load-shed): inChain counts the requests that wait their turn, once
  // they run. Waiting requests are kept in arrival order; a client that left is skipped when its turn comes.
  const admission = admissionSettings();
  let inChain = 0;
  const waiting: Array<{ req: IncomingMessage; res: ServerResponse; started: bigint; since: number }> = [];
  let files: Set<string> | null = null;
  let busyLines: HeaderLines | null = null;
  const busyBody = JSON.stringify({ data: null, error: { status: 503, name: 'ServiceUnavailableError', message: BUSY_MESSAGE, details: {} } });

  /** Whether a request waits its turn: the API's, GraphQL's and the site's, never a built file, the panel or a probe. */
  const admitted = (path: string) => {
    const first = firstSegment(path);
    if (first === 'api' || first === 'graphql') return true;
    if (isChainArea(path) || (prefixes ??= routeSegments(strapi)).has(first)) return false;
    return !(files ??= builtFiles(strapi)).has(path);
  };
  const refuse = (req: IncomingMessage, res: ServerResponse, started: bigint) => {
    loadShedRefusals.inc({ work: 'request' });
    const lines =
      busyLines ??
      headerLines(
        { ...securityHeaders, 'content-type': 'application/json; charset=utf-8', 'cache-control': cachePolicy.noStore(), 'retry-after': String(retryAfterSeconds()) },
        'content-length',
        String(Buffer.byteLength(busyBody)),
      );
    // Kept once they carry the security headers (learnt from the first /_health).
    if (securityHeaders) busyLines = lines;
    answer(req, res, started, 'shed', 503, lines, busyBody);
  };
  const pass = (req: IncomingMessage, res: ServerResponse) => {
    for (const listener of koa) listener.call(server, req, res);
  };
  const enter = (req: IncomingMessage, res: ServerResponse) => {
    inChain += 1;
    res.once('close', leave);
    pass(req, res);
  };
  // While the loop lags, one request at a time: the rest wait or are refused, and the loop drains.
  const places = () => (isOverloaded() ? 1 : admission!.concurrency);
  // Every request the admission governs waits its turn in `waiting`, and is let in from the event loop's
  // check phase, one per turn of the loop. On SQLite a request runs from start to end without a break:
  // let in from its socket's read, a flood's requests would each run in turn inside one poll phase (all
  // the sockets read in it), and /_health, read in the same phase, would wait for all of them. One per
  // turn, every socket (the probes included) is read between two requests.
  let admitting: NodeJS.Immediate | null = null;
  const admitNext = () => {
    admitting = null;
    while (waiting.length && inChain < places()) {
      const next = waiting.shift()!;
      if (next.res.destroyed || next.req.socket.destroyed) continue;
      if (performance.now() - next.since > admission!.waitMs) refuse(next.req, next.res, next.started);
      else {
        enter(next.req, next.res);
        break;
      }
    }
    if (waiting.length && inChain < places()) admitting = setImmediate(admitNext);
  };
  function leave() {
    inChain -= 1;
    if (admission && waiting.length) admitting ??= setImmediate(admitNext);
  }
  const toKoa = (req: IncomingMessage, res: ServerResponse, started: bigint, path: string) => {
    if (!admission || !admitted(path)) return pass(req, res);
    // Refused at once when the queue is long, or when the loop already lags with the chain full.
    if (waiting.length >= admission.queue || (inChain >= places() && isOverloaded())) return refuse(req, res, started);
    waiting.push({ req, res, started, since: performance.now() });
    if (inChain < places()) admitting ??= setImmediate(admitNext);
  };

  /** Sends the kept copy named `url` when it is current (true), under the content version `version`. */
  const sendIfKept = (req: IncomingMessage, res: ServerResponse, started: bigint, url: string | null, version: number) => {
    if (url === null) return false;
    const found = kept.get(url);
    if (!found || found.expiresAt <= Date.now() || (found.version !== null && found.version !== version)) return false;
    sendKept(req, res, started, found);
    return true;
  };
  const toChain = (req: IncomingMessage, res: ServerResponse, started: bigint, path: string, version: number) => {
    startedUnder.set(req, version);
    toKoa(req, res, started, path);
  };

  /** The same as fromKept, for a name that needs a read (resolver `from` answered `pending`) or a content version not known yet. */
  const fromKeptLater = async (req: IncomingMessage, res: ServerResponse, started: bigint, path: string, query: string, from: number, pending: Promise<string | null> | null) => {
    let url = pending ? await pending : null;
    for (let i = from + 1; url === null && i < resolvers.length; i += 1) url = await resolvers[i](path, query, req.headers);
    const version = contentVersionNow() ?? (await currentContentVersion());
    if (!sendIfKept(req, res, started, url, version)) toChain(req, res, started, path, version);
  };

  /** Sends a kept copy at once when its name and the content version are known without waiting; else goes on later. */
  const fromKept = (req: IncomingMessage, res: ServerResponse, started: bigint, path: string, query: string) => {
    let url: string | null = null;
    for (let i = 0; i < resolvers.length && url === null; i += 1) {
      const named = resolvers[i](path, query, req.headers);
      if (named instanceof Promise) return fromKeptLater(req, res, started, path, query, i, named);
      url = named;
    }
    const version = contentVersionNow();
    if (version === null) return fromKeptLater(req, res, started, path, query, resolvers.length, Promise.resolve(url));
    if (!sendIfKept(req, res, started, url, version)) toChain(req, res, started, path, version);
    return undefined;
  };

  // The probes' and refusals' headers are learnt from the chain's own /_health: asked for as soon as the server
  // listens, so they are known from the start whatever a load balancer probes.
  const askOwnHealth = () => {
    const address = server.address();
    if (securityHeaders || !address || typeof address === 'string') return;
    const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
    http.get({ host, port: address.port, path: '/_health', agent: false }, (response) => response.resume()).on('error', () => undefined);
  };
  server.on('listening', askOwnHealth);

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    acceptForwarding(req.headers, req.socket.remoteAddress ?? '', proxies);
    const url = req.url ?? '/';
    const mark = url.indexOf('?');
    const path = mark === -1 ? url : url.slice(0, mark);
    if (req.method !== 'GET' && req.method !== 'HEAD') return toKoa(req, res, started, path);
    // The live stream (utils/live-stream.ts): never admitted into the chain, never held there.
    const live = path === LIVE_PATH ? liveAnswer(req, clientLimitKey(strapi.server.app.createContext(req, res))) : null;
    if (live) {
      const length = live.body === undefined ? [] : ['content-length', String(Buffer.byteLength(live.body))];
      return answer(req, res, started, LIVE_PATH, live.status, headerLines({ ...securityHeaders, ...live.headers }, ...length), live.body, live.open);
    }
    if (path === '/_health') {
      if (healthLines) return answer(req, res, started, '/_health', 204, healthLines);
      // The first one is the chain's: its headers are the ones the probes' answers carry.
      res.once('finish', () => {
        if (res.statusCode !== 204 || securityHeaders) return;
        securityHeaders = replayableHeaders(res);
        healthLines = headerLines({ ...securityHeaders, strapi: 'You are so French!' });
      });
      return toKoa(req, res, started, path);
    }
    if (path === '/_ready' && securityHeaders) {
      const readyHeaders = { ...securityHeaders, 'content-type': 'application/json; charset=utf-8', 'cache-control': cachePolicy.noStore() };
      const reply = (ready: boolean) => {
        const body = JSON.stringify(readinessBody(ready));
        answer(req, res, started, '/_ready', ready ? 200 : 503, headerLines(readyHeaders, 'content-length', String(Buffer.byteLength(body))), body);
      };
      isReady(strapi).then(reply, () => reply(false));
      return;
    }
    // Per-user answers (a token), and cross-origin reads when other origins are allowed (CORS_ORIGINS), go through the chain.
    if (req.headers.authorization || (crossOrigin && req.headers.origin) || otherHost(req)) return toKoa(req, res, started, path);
    // A resolver that fails (at once or later) leaves the request to the chain.
    try {
      fromKept(req, res, started, path, mark === -1 ? '' : url.slice(mark + 1))?.catch(() => toKoa(req, res, started, path));
    } catch {
      toKoa(req, res, started, path);
    }
  });
}
