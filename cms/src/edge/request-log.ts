/**
 * What an operator sees of each request, answered by the edge or by the middleware chain alike: its request
 * id, one log line (method, route label, status, duration, request id, and the user id when signed in: never
 * the query string, headers, cookies or bodies, where tokens and passwords travel) and its count and latency
 * in the metrics (utils/metrics.ts), by route label.
 */
import crypto from 'crypto';
import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { httpDuration, httpRequests } from '../utils/metrics';
import { setting } from '../utils/settings';
import { areaLabel } from './areas';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request id of an answer: a well-formed incoming one is kept (a proxy's), else one is made. */
export const requestIdOf = (incoming: string | undefined) => (incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID());

/** A request's route label: the route pattern it matched ('/api/users/:id/stats', never a raw id), else its area's. */
export const routeOf = (ctx: Context): string => (ctx._matchedRoute ? String(ctx._matchedRoute) : areaLabel(ctx.path));

export interface RequestRecord {
  method: string;
  route: string;
  status: number;
  seconds: number;
  requestId: string;
  userId?: number;
}

/** Distinct label sets whose metric children are remembered (the labels are bounded; this bounds the memo too). */
const MEMO_LABELS = 1000;
/** The edge's lines wait at most this long to be written together. */
const BATCH_MS = 50;

export interface RequestLog {
  /** A request the chain answered: counted, and logged through Strapi's logger (every transport of it sees the line). */
  chain(record: RequestRecord): void;
  /**
   * An answer of the edge's own (a kept copy, a probe, a refusal: the bulk of a busy site's requests): counted, and
   * logged as the same line; in JSON, as Strapi's logger would write it, in batches (one write per 50 ms at most).
   */
  edge(record: RequestRecord): void;
}

export function createRequestLog(strapi: Core.Strapi): RequestLog {
  const json = (setting('LOG_FORMAT') ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'json';

  const children = new Map<string, { requests: ReturnType<typeof httpRequests.labels>; duration: ReturnType<typeof httpDuration.labels> }>();
  const count = ({ method, route, status, seconds }: RequestRecord) => {
    const id = `${method} ${route} ${status}`;
    let child = children.get(id);
    if (!child) {
      const labels = { method, route, status: String(status) };
      child = { requests: httpRequests.labels(labels), duration: httpDuration.labels(labels) };
      if (children.size < MEMO_LABELS) children.set(id, child);
    }
    child.requests.inc();
    child.duration.observe(seconds);
  };

  /** The line's message and fields, the same whichever way it is written. */
  const messageOf = ({ method, route, status, seconds }: RequestRecord) => `${method} ${route} ${status} ${(seconds * 1000).toFixed(1)} ms`;
  const durationMs = (seconds: number) => Math.round(seconds * 10000) / 10;
  const fieldsOf = ({ method, route, status, seconds, requestId, userId }: RequestRecord) => ({
    type: 'request',
    method,
    route,
    status,
    durationMs: durationMs(seconds),
    requestId,
    ...(userId ? { userId } : {}),
  });

  let batch: string[] = [];
  let flushing: NodeJS.Timeout | null = null;
  const flush = () => {
    flushing = null;
    const lines = batch;
    batch = [];
    if (lines.length) process.stdout.write(lines.join(''));
  };

  return {
    chain(record) {
      count(record);
      strapi.log.http(messageOf(record), fieldsOf(record));
    },
    edge(record) {
      count(record);
      if (!strapi.log.isLevelEnabled('http')) return;
      if (!json) {
        strapi.log.http(messageOf(record), fieldsOf(record));
        return;
      }
      // Winston's JSON format of the same fields (the edge's answers carry no user): with level, message and timestamp, keys in order.
      const { method, route, status, seconds, requestId } = record;
      const line = {
        durationMs: durationMs(seconds),
        level: 'http',
        message: messageOf(record),
        method,
        requestId,
        route,
        status,
        timestamp: new Date().toISOString(),
        type: 'request',
      };
      batch.push(`${JSON.stringify(line)}\n`);
      flushing ??= setTimeout(flush, BATCH_MS);
    },
  };
}
