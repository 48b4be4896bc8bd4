/**
 * Admission into the middleware chain (the queue in front of Koa; utils/load-shed.ts has the settings and the
 * event loop's lag): at most LOAD_SHED_CONCURRENCY of the API's, GraphQL's and the site's other requests run in
 * the chain at once (one while the loop lags); the rest wait in arrival order and are let in one per turn of the
 * event loop. One that would wait behind LOAD_SHED_QUEUE others, or has waited LOAD_SHED_WAIT_MS, or arrives
 * while the loop lags with the chain full, gets a fast 503 with Retry-After. The site's built files, the panel
 * and the probes never wait (turnRule).
 */
import fs from 'fs';
import type { IncomingMessage, ServerResponse } from 'http';
import nodePath from 'path';
import type { Core } from '@strapi/strapi';
import { ERROR_NAMES } from '@haic/contract';
import { BUSY_MESSAGE, retryAfterSeconds, type admissionSettings } from '../utils/load-shed';
import { loadShedRefusals } from '../utils/metrics';
import { setting } from '../utils/settings';
import { firstSegment, isChainArea } from './areas';
import { cachePolicy } from './cache-policy';
import { headerLines, type HeaderLines, type Replies } from './replies';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;
type Refusal = (req: IncomingMessage, res: ServerResponse, started: bigint) => void;

export interface AdmissionOptions {
  /** LOAD_SHED_CONCURRENCY, LOAD_SHED_QUEUE and LOAD_SHED_WAIT_MS; null when shedding is off (everything goes in at once). */
  settings: ReturnType<typeof admissionSettings>;
  isOverloaded: () => boolean;
  /** Whether a request for this path waits its turn. */
  waitsItsTurn: (path: string) => boolean;
  /** Hands a request over to Koa. */
  handOver: Listener;
  refuse: Refusal;
}

/** `admit` lets a request into the chain now, or when its turn comes, or refuses it. */
export function createAdmission({ settings, isOverloaded, waitsItsTurn, handOver, refuse }: AdmissionOptions) {
  /** Requests let in that have not closed yet. */
  let inChain = 0;
  // A client that left while it waited is skipped when its turn comes.
  const waiting: Array<{ req: IncomingMessage; res: ServerResponse; started: bigint; since: number }> = [];
  let admitting: NodeJS.Immediate | null = null;
  // While the loop lags, one request at a time: the rest wait or are refused, and the loop drains.
  const places = () => (isOverloaded() ? 1 : settings!.concurrency);

  const leave = () => {
    inChain -= 1;
    if (waiting.length) admitting ??= setImmediate(admitNext);
  };
  // One per turn of the loop, from its check phase: on SQLite a request runs from start to end without a break, and
  // let in from its socket's read, a flood's requests would each run in turn inside one poll phase (all the sockets
  // read in it) while /_health, read in the same phase, waited for all of them. One per turn, every socket (the
  // probes' included) is read between two requests.
  function admitNext() {
    admitting = null;
    while (waiting.length && inChain < places()) {
      const next = waiting.shift()!;
      if (next.res.destroyed || next.req.socket.destroyed) continue;
      if (performance.now() - next.since > settings!.waitMs) {
        refuse(next.req, next.res, next.started);
        continue;
      }
      inChain += 1;
      next.res.once('close', leave);
      handOver(next.req, next.res);
      break;
    }
    if (waiting.length && inChain < places()) admitting = setImmediate(admitNext);
  }

  return {
    admit(req: IncomingMessage, res: ServerResponse, started: bigint, path: string): void {
      if (!settings || !waitsItsTurn(path)) return handOver(req, res);
      // Refused at once when the queue is long, or when the loop already lags with the chain full.
      if (waiting.length >= settings.queue || (inChain >= places() && isOverloaded())) return refuse(req, res, started);
      waiting.push({ req, res, started, since: performance.now() });
      if (inChain < places()) admitting ??= setImmediate(admitNext);
    },
  };
}

/** Most files listed from the site's build and the public folder (they are the build's, not a client's). */
const MAX_BUILT_FILES = 20_000;

/** The paths of the site's built files (SITE_DIST_DIR) and of Strapi's public folder. */
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

/** The first segments of the routes Strapi mounted (the panel's plugins' among them). */
function routeSegments(strapi: Core.Strapi): Set<string> {
  const segments = new Set<string>();
  try {
    for (const layer of strapi.server.listRoutes() as Array<{ path: string }>) {
      const first = String(layer.path).split('/')[1];
      if (first && /^[\w.-]+$/.test(first)) segments.add(first.toLowerCase());
    }
  } catch {
    // Routes not mounted yet: the chain's areas stand alone.
  }
  return segments;
}

/**
 * Which requests wait their turn: the API's and GraphQL's, and the site's pages; never a built file, nor a path of
 * the chain's other areas or of a route Strapi mounted (the panel), nor a probe. Read on first use, once the
 * routes are mounted.
 */
export function turnRule(strapi: Core.Strapi): (path: string) => boolean {
  let routes: Set<string> | null = null;
  let files: Set<string> | null = null;
  return (path) => {
    const first = firstSegment(path);
    if (first === 'api' || first === 'graphql') return true;
    if (isChainArea(path) || (routes ??= routeSegments(strapi)).has(first)) return false;
    return !(files ??= builtFiles(strapi)).has(path);
  };
}

const BUSY_BODY = JSON.stringify({ data: null, error: { status: 503, name: ERROR_NAMES[503], message: BUSY_MESSAGE, details: {} } });

/** The 503 of a request admission refuses, in Strapi's error body, with Retry-After and the chain's security headers. */
export function busyRefusal(replies: Replies): Refusal {
  let lines: HeaderLines | null = null;
  return (req, res, started) => {
    loadShedRefusals.inc({ work: 'request' });
    const { security } = replies;
    const made =
      lines ??
      headerLines(
        { ...security, 'content-type': 'application/json; charset=utf-8', 'cache-control': cachePolicy.noStore(), 'retry-after': String(retryAfterSeconds()) },
        'content-length',
        String(Buffer.byteLength(BUSY_BODY)),
      );
    // Kept once they carry the security headers (learnt from the first /_health).
    if (security) lines = made;
    replies.send(req, res, started, 'shed', 503, made, BUSY_BODY);
  };
}
