/**
 * The response cache: the one copy of each answer that is the same for everyone (the site's pages and each
 * kind's 404 page, the public reads), with its brotli and gzip bytes, in a store passed in (copy-store.ts).
 * A copy holds while the content version it shows is current (what is not content, such as a board, until it
 * expires), and goes at once when a tag it carries is invalidated (drop).
 * - The site renders a page into it once (fillPage: misses for one address share one render), and the chain
 *   sends the page from there (page).
 * - Once the chain has sent an answer that may be kept (keep: 200 or 404, shareable, no cookie, no cross-origin
 *   grant), its header lines are kept with it, and the edge sends the next ones itself, without a promise when
 *   their name is known at once (find, replyOf), or a 304 to a client that holds it (If-None-Match, If-Modified-Since).
 * - How a request names its copy is its owner's rule (name): the site's pages, the public reads.
 */
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'http';
import type { Context } from 'koa';
import { contentVersionNow, currentContentVersion } from '../utils/content-version';
import { etagOf, holdsCurrentCopy, tagHeaders } from '../utils/http-cache';
import { cacheLookups } from '../utils/metrics';
import { cachePolicy, inMs, isShareable, LIFETIMES, type SharedLifetimes } from './cache-policy';
import { compress, COMPRESS_MIN_BYTES } from './compression';
import type { Copy, CopyLines, CopyStore } from './copy-store';
import { headerLines, replayableHeaders, type HeaderLines } from './replies';

/**
 * How a request names its copy: its normalised address (what the answer depends on), or null when it has none
 * here. A promise when finding it out needs a read (whether a post's slug exists).
 */
export type Resolver = (path: string, query: string, headers: IncomingHttpHeaders) => string | null | Promise<string | null>;

/** What the chain sent, to keep once it is out. */
export interface Keepable {
  identity: Buffer;
  /** Its compressed copies when the sender has them (a page); else made here, off the event loop. */
  br?: Buffer | null;
  gzip?: Buffer | null;
  etag: string;
  /** Last-Modified, ms. */
  lastModified?: number | null;
  tags: readonly string[];
  /** The metrics' route label of its answers. */
  route: string;
  /** Whether it shows content (kept while the content version holds), else kept for `lifetime` whatever the content. */
  content: boolean;
  /** Seconds this instance keeps it at most. */
  lifetime: number;
  page?: boolean;
}

/** A rendered page, before it is compressed and kept. */
export interface Page {
  status: number;
  html: string;
}

/** The headers a 304 repeats of the answer it stands for. */
const NOT_MODIFIED = [
  'cache-control',
  'etag',
  'last-modified',
  'vary',
  'surrogate-key',
  'cache-tag',
  'expires',
  'content-security-policy',
  'permissions-policy',
];

function linesOf(headers: OutgoingHttpHeaders, identity: Buffer, br: Buffer | null, gzip: Buffer | null): CopyLines {
  const notModified: OutgoingHttpHeaders = {};
  for (const name of NOT_MODIFIED) if (headers[name] !== undefined) notModified[name] = headers[name];
  const lines = (body: Buffer | null, encoding?: string) =>
    body && headerLines(headers, ...(encoding ? ['content-encoding', encoding] : []), 'content-length', String(body.length));
  return { identity: lines(identity)!, br: lines(br, 'br'), gzip: lines(gzip, 'gzip'), notModified: headerLines(notModified) };
}

const current = (copy: Copy, version: number | null) => copy.expiresAt > Date.now() && (copy.version === null || copy.version === version);

/** The body to send for Accept-Encoding (brotli, then gzip, else as it is). */
function encodingFor(accept: string | undefined, copy: Copy): 'br' | 'gzip' | null {
  if (!accept) return null;
  if (copy.br && accept.includes('br')) return 'br';
  if (copy.gzip && accept.includes('gzip')) return 'gzip';
  return null;
}

/** How the edge answers a request from a sendable copy (one `find` gave): a 304, or the body the client accepts. */
export function replyOf(req: IncomingMessage, copy: Copy): { status: number; lines: HeaderLines; body?: Buffer } {
  const lines = copy.lines!;
  if (holdsCurrentCopy(req.headers, copy.etag, copy.lastModified)) return { status: 304, lines: lines.notModified };
  const encoding = encodingFor(req.headers['accept-encoding'], copy);
  if (encoding) return { status: copy.status, lines: lines[encoding]!, body: copy[encoding]! };
  return { status: copy.status, lines: lines.identity, body: copy.identity };
}

/**
 * Marks the chain's answer as the same for everyone: the shareable Cache-Control (cache-policy.ts), its
 * validator and tags, and Vary (only the encoding changes the bytes; a cross-origin grant, when configured, adds Origin).
 */
export function markShared(ctx: Context, { etag, tags, lifetimes }: { etag: string; tags: readonly string[]; lifetimes?: SharedLifetimes }): void {
  ctx.set('Cache-Control', cachePolicy.shared(lifetimes));
  ctx.set(tagHeaders(tags));
  ctx.set('ETag', etag);
  ctx.set('Vary', ctx.response.get('Access-Control-Allow-Origin') ? 'Accept-Encoding, Origin' : 'Accept-Encoding');
}

export type ResponseCache = ReturnType<typeof createResponseCache>;

export function createResponseCache(store: CopyStore) {
  const resolvers = new Map<string, Resolver>();
  let ordered: Resolver[] = [];
  /** The content version each request the edge passed on started under: a change while it ran makes its copy stale at once. */
  const startedUnder = new WeakMap<IncomingMessage, number | null>();
  /** Renders under way, by content version and address. */
  const renders = new Map<string, Promise<Copy>>();

  /** The copy named `url` when the edge may send it; else null, and the request goes on under `version`. */
  const sendable = (req: IncomingMessage, url: string | null, version: number): Copy | null => {
    const copy = url === null ? undefined : store.get(url);
    if (copy?.lines && current(copy, version)) return copy;
    startedUnder.set(req, version);
    return null;
  };

  /** The same as find, for a name that needs a read (resolver `from` answered `pending`) or a content version not known yet. */
  const findLater = async (req: IncomingMessage, path: string, query: string, from: number, pending: Promise<string | null>) => {
    let url = await pending;
    for (let i = from + 1; url === null && i < ordered.length; i += 1) url = await ordered[i](path, query, req.headers);
    return sendable(req, url, contentVersionNow() ?? (await currentContentVersion()));
  };

  const countLookup = (hit: boolean) => cacheLookups.inc({ cache: 'pages', result: hit ? 'hit' : 'miss' });
  const currentPage = (url: string, version: number) => {
    const copy = store.get(url);
    return copy?.page && current(copy, version) ? copy : undefined;
  };

  return {
    /** Sets (or replaces) how some requests name their copies: `owner` names the rule. */
    name(owner: string, resolver: Resolver): void {
      resolvers.set(owner, resolver);
      ordered = [...resolvers.values()];
    },

    /** The copy the edge sends for this request, or null (the chain answers it); a promise only when naming it needs a read. */
    find(req: IncomingMessage, path: string, query: string): Copy | null | Promise<Copy | null> {
      let url: string | null = null;
      for (let i = 0; i < ordered.length && url === null; i += 1) {
        const named = ordered[i](path, query, req.headers);
        if (named instanceof Promise) return findLater(req, path, query, i, named);
        url = named;
      }
      const version = contentVersionNow();
      if (version === null) return findLater(req, path, query, ordered.length, Promise.resolve(url));
      return sendable(req, url, version);
    },

    /** Keeps the chain's answer under `url` once it is sent, if it may be kept: the edge sends the next ones. */
    keep(ctx: { req: IncomingMessage; res: ServerResponse }, url: string, sent: Keepable): void {
      const { req, res } = ctx;
      const version = startedUnder.has(req) ? startedUnder.get(req)! : contentVersionNow();
      res.once('finish', () => {
        // A cookie or a cross-origin grant belongs to one client, and a private answer to one user: such an answer is not kept.
        const forEveryone = (res.statusCode === 200 || res.statusCode === 404) && !res.hasHeader('set-cookie') && !res.getHeader('access-control-allow-origin');
        if (!forEveryone || !isShareable(String(res.getHeader('cache-control') ?? '')) || (sent.content && version === null)) return;
        const headers = replayableHeaders(res);
        const put = (br: Buffer | null, gzip: Buffer | null) =>
          store.set(url, {
            status: res.statusCode,
            identity: sent.identity,
            br,
            gzip,
            etag: sent.etag,
            lastModified: sent.lastModified ? Math.floor(sent.lastModified / 1000) * 1000 : null,
            version: sent.content ? version : null,
            expiresAt: Date.now() + inMs(sent.lifetime),
            tags: sent.tags,
            route: sent.route,
            page: !!sent.page,
            lines: linesOf(headers, sent.identity, br, gzip),
          });
        if (sent.br || sent.gzip || sent.identity.length < COMPRESS_MIN_BYTES) return put(sent.br ?? null, sent.gzip ?? null);
        compress(sent.identity).then(
          ({ br, gzip }) => put(br, gzip),
          () => undefined,
        );
      });
    },

    /** The current copy of a page for the chain to send, counted as a hit or a miss of the page cache. */
    async page(url: string): Promise<Copy | undefined> {
      const copy = currentPage(url, await currentContentVersion());
      countLookup(!!copy);
      return copy;
    },

    /**
     * The current copy of a page, rendered (and compressed) on a miss; concurrent misses for one address share one
     * render. A render that `keepIf` refuses, or during which the content changed, is answered but not kept.
     */
    async fillPage(url: string, tags: readonly string[], render: () => Promise<Page>, keepIf: (page: Copy) => boolean = () => true): Promise<Copy> {
      const version = await currentContentVersion();
      const hit = currentPage(url, version);
      countLookup(!!hit);
      if (hit) return hit;
      const flight = `${version}\u0000${url}`;
      const inFlight = renders.get(flight);
      if (inFlight) return inFlight;
      const work = (async () => {
        const page = await render();
        const identity = Buffer.from(page.html);
        const { br, gzip } = await compress(identity);
        const now = Date.now();
        const made: Copy = {
          status: page.status,
          identity,
          br,
          gzip,
          etag: etagOf(identity),
          lastModified: now,
          version,
          expiresAt: now + inMs(LIFETIMES.content),
          tags,
          route: 'site',
          page: true,
          lines: null,
        };
        if (keepIf(made) && (await currentContentVersion()) === version) store.set(url, made);
        return made;
      })();
      // Forgotten once settled, however it ends (a render refused at once, while overloaded, included).
      renders.set(flight, work);
      const settled = () => renders.delete(flight);
      work.then(settled, settled);
      return work;
    },

    /** Drops the copies that carry any of these tags (an invalidation: utils/http-cache.ts). */
    drop(tags: readonly string[]): void {
      store.dropTagged(tags);
    },
  };
}
