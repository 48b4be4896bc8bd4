/**
 * One app's edge: made when the app registers (registerEdge), so that the middlewares find it (edgeOf) as they
 * are made, and put in front of Koa when the app boots (installEdge): from then on node:http hands every request
 * to dispatch.ts first. Everything it holds is the app's own (a second app in the process has its own), and
 * stopEdge lets it go.
 */
import http from 'http';
import type { Core } from '@strapi/strapi';
import { onInvalidate } from '../utils/http-cache';
import { gaugeOnScrape } from '../utils/metrics';
import { setting } from '../utils/settings';
import { createCopyStore } from './copy-store';
import { createDispatch, type Listener } from './dispatch';
import { createProbes, type Probes } from './probes';
import { createReplies, type Replies } from './replies';
import { createRequestLog, type RequestLog } from './request-log';
import { createResponseCache, type ResponseCache } from './response-cache';

export interface Edge {
  cache: ResponseCache;
  probes: Probes;
  log: RequestLog;
  replies: Replies;
  stop(): void;
}

/** The app's container holds the edge under this name. */
const EDGE = 'haic.edge';

export function registerEdge(strapi: Core.Strapi): void {
  const log = createRequestLog(strapi);
  const replies = createReplies(log);
  const store = createCopyStore({ pagesMb: setting('SITE_PAGE_CACHE_MB'), answersMb: setting('RESPONSE_CACHE_MB') });
  const cache = createResponseCache(store);
  const stopDropping = onInvalidate((tags) => cache.drop(tags));
  gaugeOnScrape('front_cache_entries', 'Answers kept by the front door', () => store.stats().entries);
  gaugeOnScrape('front_cache_bytes', 'Bytes of the answers kept by the front door', () => store.stats().bytes);
  gaugeOnScrape('site_page_cache_entries', 'Rendered pages held in the page cache', () => store.stats().pages.entries);
  gaugeOnScrape('site_page_cache_bytes', 'Bytes held in the page cache (HTML and its compressed copies)', () => store.stats().pages.bytes);
  const edge: Edge = { cache, probes: createProbes(strapi, replies), log, replies, stop: stopDropping };
  strapi.add(EDGE, edge);
}

export const edgeOf = (strapi: Core.Strapi): Edge => strapi.get(EDGE) as Edge;

/** Puts the edge in front of Koa's request listeners, and has it learn the chain's headers from its own /_health. */
export function installEdge(strapi: Core.Strapi): void {
  const server = strapi.server.httpServer;
  const koa = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  const handOver: Listener = (req, res) => {
    for (const listener of koa) listener.call(server, req, res);
  };
  const edge = edgeOf(strapi);
  server.on('request', createDispatch(strapi, edge, handOver));
  // Asked for as soon as the server listens, so that the probes' and refusals' headers are known from the start
  // whatever a load balancer probes.
  server.on('listening', () => {
    const address = server.address();
    if (edge.replies.security || !address || typeof address === 'string') return;
    const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
    http.get({ host, port: address.port, path: '/_health', agent: false }, (response) => response.resume()).on('error', () => undefined);
  });
}

export const stopEdge = (strapi: Core.Strapi): void => edgeOf(strapi).stop();
