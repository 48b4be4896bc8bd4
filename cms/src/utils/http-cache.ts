/**
 * HTTP caching as shared caches (a CDN, Varnish, a browser) read it, RFC 9111, beside the Cache-Control
 * profiles (edge/cache-policy.ts). One owner for:
 * - what a shareable answer's copy depends on (keptQuery) and its validators (etagOf, holdsCurrentCopy);
 * - the tags each cacheable answer names (Surrogate-Key, space-separated; Cache-Tag, comma-separated);
 * - invalidateTags(): after a change, the site's own caches on every instance and the caches in front
 *   (CACHE_PURGE_URLS) drop what showed it (the caches in front twice: at once, and once every instance
 *   shows the change).
 */
import crypto from 'crypto';
import { setTimeout as sleep } from 'timers/promises';
import type { Core } from '@strapi/strapi';
import { CACHE_TAGS } from '@haic/contract';
import { bumpContentVersion, contentVersionSettled } from './content-version';
import { setting } from './settings';

/**
 * `?…` with only the query parameters in `kept`, in that order ('' when none is left): what an answer
 * depends on, so that other parameters (`?utm_source=…`) and their order share one copy.
 */
export function keptQuery(querystring: string, kept: readonly string[]): string {
  if (!querystring || !kept.length) return '';
  const given = new URLSearchParams(querystring);
  const out = new URLSearchParams();
  for (const name of kept) for (const value of given.getAll(name)) out.append(name, value);
  const text = out.toString();
  return text ? `?${text}` : '';
}

/**
 * Whether a GET's validators name the copy it would get (`etag`; `lastModified`, ms, when it has one): then the
 * answer is 304. If-None-Match decides when it is sent (weak comparison, a list, or `*`), else If-Modified-Since.
 * A request's `Cache-Control: no-cache` (which fetch() adds to every conditional request) changes nothing: it asks
 * caches to check with the origin, and the origin's answer to a matching validator is 304.
 */
export function holdsCurrentCopy(
  headers: { 'if-none-match'?: string; 'if-modified-since'?: string },
  etag: string,
  lastModified: number | null = null,
): boolean {
  const match = headers['if-none-match'];
  if (match) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    return match.trim() === '*' || match.split(',').some((tag) => opaque(tag) === opaque(etag));
  }
  const since = headers['if-modified-since'];
  return !!since && lastModified !== null && Date.parse(since) >= Math.floor(lastModified / 1000) * 1000;
}

/** A weak validator of a body's bytes (the same for its brotli, gzip and plain copies). */
export function etagOf(body: Buffer | string): string {
  return `W/"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** A tag as headers and a purge carry it: lower case letters, digits, '-' and ':' only. */
export const cacheTag = (...parts: Array<string | number>) =>
  parts
    .map((part) =>
      String(part)
        .toLowerCase()
        .replace(/[^a-z0-9-]+/g, '-'),
    )
    .join(':')
    .slice(0, 120);

/** The tags of shareable answers (CACHE_TAGS; `site` is the shell every page carries), and one post's. */
export const TAGS = { ...CACHE_TAGS, post: (slug: string) => cacheTag('post', slug) };

export function tagHeaders(tags: readonly string[]): Record<string, string> {
  return { 'Surrogate-Key': tags.join(' '), 'Cache-Tag': tags.join(',') };
}

/** Local listeners (each app's response cache, edge/response-cache.ts) told of every invalidation. */
const listeners = new Set<(tags: readonly string[]) => void>();
/** Tells `listener` of every invalidation, until the function it returns is called. */
export function onInvalidate(listener: (tags: readonly string[]) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Drops this instance's own copies of what carries these tags (e.g. on another instance's live event), nothing else. */
export function dropLocalCopies(tags: readonly string[]): void {
  for (const listener of listeners) listener(tags);
}

const app = (): Core.Strapi => (globalThis as unknown as { strapi: Core.Strapi }).strapi;

/** CACHE_PURGE_URLS: the caches in front, each sent `PURGE` with the tags in `Surrogate-Key`. */
const purgeUrls = () => setting('CACHE_PURGE_URLS');
const PURGE_TIMEOUT_MS = 3000;

async function purgeFront(tags: readonly string[]): Promise<void> {
  const urls = purgeUrls();
  if (!urls.length || !tags.length) return;
  const headers: Record<string, string> = { 'Surrogate-Key': tags.join(' ') };
  if (setting('CACHE_PURGE_TOKEN')) headers.Authorization = `Bearer ${setting('CACHE_PURGE_TOKEN')}`;
  await Promise.all(
    urls.map(async (url) => {
      try {
        const response = await fetch(url, { method: setting('CACHE_PURGE_METHOD') || 'PURGE', headers, signal: AbortSignal.timeout(PURGE_TIMEOUT_MS) });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`status ${response.status}`);
      } catch (error) {
        app()?.log.error(`[cache] purge of ${tags.join(' ')} at ${new URL(url).host} failed: ${(error as Error).message}`, { type: 'cache-purge', tags });
      }
    }),
  );
}

/** An answer another instance was already making from the old content when the change reached it. */
const IN_FLIGHT_MS = 1000;

/**
 * What showed these tags changed. `content` (the default) also moves the content version, so every
 * content cache of every instance (pages, lists, the edge's copies) is rebuilt; the board's runs
 * are not content (content: false) and drop only the tagged copies (other instances' own copies expire
 * within `othersWithinMs`). The caches in front are purged once the surrounding transaction, if any, has
 * committed, and again once every instance shows the change: until then another instance may still
 * answer from the old content, and a cache in front that fetched from it would keep that.
 */
export async function invalidateTags(
  tags: readonly string[],
  { content = true, othersWithinMs = 0 }: { content?: boolean; othersWithinMs?: number } = {},
): Promise<void> {
  if (content) await bumpContentVersion();
  dropLocalCopies(tags);
  const strapi = app();
  const purge = () => {
    void purgeFront(tags);
    const othersShowIt = Promise.all([content && contentVersionSettled(), sleep(othersWithinMs, undefined, { ref: false })]);
    void othersShowIt.then(() => sleep(IN_FLIGHT_MS, undefined, { ref: false })).then(() => purgeFront(tags));
  };
  if (!strapi?.db || !purgeUrls().length) return;
  await strapi.db.transaction(async ({ onCommit }) => onCommit(purge));
}
