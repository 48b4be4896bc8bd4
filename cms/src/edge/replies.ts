/**
 * How the edge answers a request itself (a kept copy, a probe, a refusal, the live stream) as the chain would:
 * with the security headers the chain sent on its first /_health (learnt here), an X-Request-Id, HSTS on a
 * secure request and Connection: close while the instance shuts down; counted and logged (request-log.ts).
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'http';
import { HSTS } from '../utils/hsts';
import { isShuttingDown } from '../utils/lifecycle';
import { requestIdOf, type RequestLog } from './request-log';

/** Header lines as node:http takes them ready-made: name, value, name, value... (not validated again per answer). */
export type HeaderLines = Array<string | string[]>;

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

/** Header lines of an object of headers, plus `extra` lines. */
export function headerLines(headers: OutgoingHttpHeaders, ...extra: string[]): HeaderLines {
  const lines: HeaderLines = [];
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) lines.push(name, Array.isArray(value) ? value : String(value));
  lines.push(...extra);
  return lines;
}

/** What the chain sent, minus what belongs to one answer: to send again from the edge. */
export function replayableHeaders(res: ServerResponse): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(res.getHeaders())) if (!PER_ANSWER.has(name) && value !== undefined) headers[name] = value;
  return headers;
}

/**
 * The security headers of the chain's answers (helmet's, from strapi::security, and global::security-headers'):
 * what the edge learns from the chain's first /_health and sends on its own answers. Nothing else that answer
 * carried (Strapi's health route's own header, CORS's Vary and empty grant) belongs on a probe or the live stream.
 */
const SECURITY_HEADERS = new Set([
  'content-security-policy',
  'cross-origin-embedder-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

const securityHeadersOf = (res: ServerResponse): OutgoingHttpHeaders =>
  Object.fromEntries(Object.entries(res.getHeaders()).filter(([name, value]) => SECURITY_HEADERS.has(name) && value !== undefined));

/** TLS here, or a trusted proxy's X-Forwarded-Proto (utils/client-address drops an untrusted one before anything reads it). */
const isSecure = (req: IncomingMessage) =>
  !!(req.socket as { encrypted?: boolean }).encrypted ||
  String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    .trim() === 'https';

export interface Replies {
  /** The chain's security headers, once learnt (learnFrom); null before. */
  readonly security: OutgoingHttpHeaders | null;
  /** Learns the security headers from an answer of the chain's (its first /_health), once. */
  learnFrom(res: ServerResponse): void;
  /**
   * Sends an answer (`lines`: its header lines, Content-Length included); `stream` takes the response over once its
   * head is written (the live stream), instead of a body. `started`: when the request arrived (process.hrtime).
   */
  send(
    req: IncomingMessage,
    res: ServerResponse,
    started: bigint,
    route: string,
    status: number,
    lines: HeaderLines,
    body?: Buffer | string,
    stream?: (res: ServerResponse) => void,
  ): void;
}

export function createReplies(log: RequestLog): Replies {
  let security: OutgoingHttpHeaders | null = null;
  return {
    get security() {
      return security;
    },
    learnFrom(res) {
      security ??= securityHeadersOf(res);
    },
    send(req, res, started, route, status, lines, body, stream) {
      const requestId = requestIdOf(req.headers['x-request-id'] as string | undefined);
      const head = lines.slice();
      head.push('x-request-id', requestId);
      if (isSecure(req)) head.push('strict-transport-security', HSTS);
      if (isShuttingDown()) head.push('connection', 'close');
      res.writeHead(status, head);
      if (stream && req.method !== 'HEAD') stream(res);
      else res.end(req.method === 'HEAD' ? undefined : body);
      log.edge({ method: req.method ?? 'GET', route, status, seconds: Number(process.hrtime.bigint() - started) / 1e9, requestId });
    },
  };
}
