/**
 * The edge's request handler, which node:http calls for every request before Koa. It first makes the request's
 * forwarding headers say only what a trusted proxy vouches for (utils/client-address), then answers what must
 * not wait behind other work, or need not pass through it, and hands the rest over to Koa through admission:
 * - the live stream (live-stream.ts), never admitted into the chain;
 * - the probes (probes.ts);
 * - a kept copy (response-cache.ts) of what is the same for everyone, unless the request is someone's own (a
 *   token), a cross-origin read (with CORS_ORIGINS) or for another host than PUBLIC_URL's (the chain's to refuse);
 * - everything else, and every write, through admission (admission.ts).
 */
import type { IncomingMessage, ServerResponse } from 'http';
import type { Core } from '@strapi/strapi';
import { LIVE_PATH } from '@haic/contract';
import { acceptForwarding, clientLimitKey, trustedProxies } from '../utils/client-address';
import { admissionSettings, isOverloaded } from '../utils/load-shed';
import { configuredPublicUrl } from '../utils/public-url';
import { setting } from '../utils/settings';
import { busyRefusal, createAdmission, turnRule } from './admission';
import { liveAnswers } from './live-stream';
import type { Probes } from './probes';
import { headerLines, type Replies } from './replies';
import { replyOf, type ResponseCache } from './response-cache';
import type { Copy } from './copy-store';

export type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** The host a request names: a trusted proxy's X-Forwarded-Host (the first), else Host; as Koa's ctx.host reads it. */
const hostOf = (req: IncomingMessage) =>
  String(req.headers['x-forwarded-host'] ?? req.headers.host ?? '')
    .split(',')[0]
    .trim()
    .toLowerCase();

/** `handOver` gives a request to Koa: the one way in. */
export function createDispatch(
  strapi: Core.Strapi,
  { cache, probes, replies }: { cache: ResponseCache; probes: Probes; replies: Replies },
  handOver: Listener,
): Listener {
  const proxies = trustedProxies(setting('TRUSTED_PROXIES'), setting('TRUST_PROXY'));
  // With PUBLIC_URL, a request under another host is the chain's to redirect or refuse (global::canonical-host).
  const siteHost = configuredPublicUrl() ? new URL(configuredPublicUrl()).host : null;
  const otherHost = (req: IncomingMessage) => siteHost !== null && hostOf(req) !== siteHost;
  const crossOrigin = setting('CORS_ORIGINS').length > 0;
  const liveAnswer = liveAnswers();
  const admission = createAdmission({ settings: admissionSettings(), isOverloaded, waitsItsTurn: turnRule(strapi), handOver, refuse: busyRefusal(replies) });

  const sendCopy = (req: IncomingMessage, res: ServerResponse, started: bigint, copy: Copy) => {
    const { status, lines, body } = replyOf(req, copy);
    replies.send(req, res, started, copy.route, status, lines, body);
  };

  return (req, res) => {
    const started = process.hrtime.bigint();
    acceptForwarding(req.headers, req.socket.remoteAddress ?? '', proxies);
    const url = req.url ?? '/';
    const mark = url.indexOf('?');
    const path = mark === -1 ? url : url.slice(0, mark);
    const admit = () => admission.admit(req, res, started, path);
    if (req.method !== 'GET' && req.method !== 'HEAD') return admit();
    const live = path === LIVE_PATH ? liveAnswer(req, clientLimitKey(strapi.server.app.createContext(req, res))) : null;
    if (live) {
      const length = live.body === undefined ? [] : ['content-length', String(Buffer.byteLength(live.body))];
      return replies.send(req, res, started, LIVE_PATH, live.status, headerLines({ ...replies.security, ...live.headers }, ...length), live.body, live.open);
    }
    if ((path === '/_health' && probes.health(req, res, started)) || (path === '/_ready' && probes.ready(req, res, started))) return;
    if (req.headers.authorization || (crossOrigin && req.headers.origin) || otherHost(req)) return admit();
    // A naming rule that fails (at once or later) leaves the request to the chain.
    try {
      const found = cache.find(req, path, mark === -1 ? '' : url.slice(mark + 1));
      if (found instanceof Promise) void found.then((copy) => (copy ? sendCopy(req, res, started, copy) : admit())).catch(admit);
      else if (found) sendCopy(req, res, started, found);
      else admit();
    } catch {
      admit();
    }
  };
}
