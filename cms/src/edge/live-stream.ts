/**
 * GET /api/live, answered by the edge (dispatch.ts) before Koa: a stream holds no admission place and no
 * middleware chain, only its socket and its place in the hub (utils/live-hub.ts).
 * - 200, `text/event-stream`, `Cache-Control: no-store` (never shared) and `X-Accel-Buffering: no` (nginx
 *   passes each event on at once); the first bytes go out at once.
 * - At most LIVE_MAX_STREAMS on the instance and LIVE_STREAMS_PER_CLIENT per client address (as every
 *   per-address limit counts it: utils/client-address.ts); past either, 429 with Retry-After.
 * - While the instance shuts down, a stream is answered with a `retry:` hint and ended at once: the client
 *   comes back, to another instance.
 * - Last-Event-ID (or `?lastEventId=`, for a page that closed its stream itself) names the last event the
 *   client has: it is sent what it missed (or told to refetch).
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'http';
import { ERROR_NAMES, LIVE_EVENT_ID_PATTERN, LIVE_LAST_EVENT_PARAM } from '@haic/contract';
import { addStream, isClosing, openStreamCount, retryHint, streamsOf } from '../utils/live-hub';
import { rateLimitRefusals } from '../utils/metrics';
import { configuredPublicUrl } from '../utils/public-url';
import { setting } from '../utils/settings';
import { cachePolicy } from './cache-policy';

/** How long a refused client is asked to wait. */
const REFUSED_RETRY_SECONDS = 30;

export interface LiveAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  /** A whole answer (a refusal, a shutdown's retry hint); else the stream, handed to `open` once the head is written. */
  body?: string;
  open?: (res: ServerResponse) => void;
}

const STREAM_HEADERS: OutgoingHttpHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': cachePolicy.noStore(),
  'x-accel-buffering': 'no',
  'x-content-type-options': 'nosniff',
};

/** The last event id a client names: a number, 'unreadable' (not one of ours), or null (a first connection). */
export function lastEventIdOf(req: IncomingMessage): number | 'unreadable' | null {
  let given = req.headers['last-event-id'];
  if (given === undefined) {
    const mark = (req.url ?? '').indexOf('?');
    if (mark !== -1) given = new URLSearchParams((req.url ?? '').slice(mark + 1)).get(LIVE_LAST_EVENT_PARAM) ?? undefined;
  }
  if (given === undefined || given === '') return null;
  const text = Array.isArray(given) ? given[0] : given;
  return LIVE_EVENT_ID_PATTERN.test(text) ? Number(text) : 'unreadable';
}

/** Whether a Host header names the site (with PUBLIC_URL set; middlewares/canonical-host.ts refuses other hosts). */
function isSiteHost(host: string | undefined, site: URL): boolean {
  try {
    return new URL(`${site.protocol}//${host ?? ''}`).host === site.host;
  } catch {
    return false;
  }
}

function refused(message: string, limit: string): LiveAnswer {
  rateLimitRefusals.inc({ limit });
  const body = JSON.stringify({ data: null, error: { status: 429, name: ERROR_NAMES[429], message, details: { retryAfterSeconds: REFUSED_RETRY_SECONDS } } });
  return {
    status: 429,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': cachePolicy.noStore(), 'retry-after': String(REFUSED_RETRY_SECONDS) },
    body,
  };
}

/**
 * How to answer GET /api/live from `client` (its limit key), or null when the chain must (a host other than
 * PUBLIC_URL's: refused there as every request is). The limits are read once, when the app's edge is made.
 */
export function liveAnswers(): (req: IncomingMessage, client: string) => LiveAnswer | null {
  const publicUrl = configuredPublicUrl();
  const instance = setting('LIVE_MAX_STREAMS');
  const perClient = setting('LIVE_STREAMS_PER_CLIENT');
  const site = /^https?:\/\//i.test(publicUrl) ? new URL(publicUrl) : null;
  const origins = new Set(setting('CORS_ORIGINS'));
  return (req, client) => {
    if (site && !isSiteHost(req.headers.host, site)) return null;
    const origin = req.headers.origin;
    const headers =
      origin && origins.has(origin)
        ? { ...STREAM_HEADERS, 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' }
        : STREAM_HEADERS;
    if (isClosing()) return { status: 200, headers, body: `${retryHint()}\n` };
    if (openStreamCount() >= instance) return refused('This server has as many live streams open as it can hold. Please try again later.', 'live-instance');
    if (streamsOf(client) >= perClient)
      return refused('Too many live streams are open from your address. Please close some pages, or try again later.', 'live-client');
    const lastId = lastEventIdOf(req);
    return { status: 200, headers, open: (res) => addStream(res, client, lastId) };
  };
}
