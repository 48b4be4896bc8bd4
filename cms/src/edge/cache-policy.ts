/**
 * Cache-Control, owned here: every answer's header is one of these profiles, and no other module writes a
 * Cache-Control value (cms/tests/cache-policy.test.ts fails on one). Every lifetime is one constant below.
 * The shareable profile is the deployment's (CACHE_MAX_AGE, CACHE_S_MAXAGE, CACHE_STALE_WHILE_REVALIDATE,
 * CACHE_STALE_IF_ERROR), RFC 9111 as shared caches (a CDN, Varnish) and browsers read it.
 */
import { PRIVATE_NO_STORE } from '@haic/contract';
import { setting } from '../utils/settings';

const A_YEAR = 365 * 24 * 3600;

/** How long each kind of answer lives, in seconds. */
export const LIFETIMES = {
  /** The boards change with every ranked run: browsers and this instance keep one this long (a ranked run drops it here at once). */
  board: 5,
  /** An ended season's standings change only when an account leaves, which purges the board's tag: shared caches keep them. */
  endedSeason: A_YEAR,
  /** What shows content (pages, public reads, generated documents) is kept by this instance at most this long; a change drops it at once. */
  content: 5 * 60,
  /** A generated document (robots.txt, a sitemap, the RSS feed) that no shared profile covers (a request with a token): browsers only. */
  document: 5 * 60,
  /** A built file of the site whose name stays when its content changes (the favicon, the web manifest). */
  siteFile: 3600,
  /** A built file whose name changes with its content (Vite's hashed assets). */
  hashedFile: A_YEAR,
  /** The API's description (GET /api/openapi.json) changes only with a deploy, whose purge names its tags: this instance keeps it a day. */
  apiDescription: 24 * 3600,
} as const;

/** A lifetime in milliseconds, as timers and the caches' clocks count. */
export const inMs = (seconds: number) => seconds * 1000;

export interface SharedLifetimes {
  /** The browsers' max-age when shorter than the deployment's CACHE_MAX_AGE (the board's). */
  browser?: number;
  /** The shared caches' s-maxage instead of CACHE_S_MAXAGE (what changes only by a purge, such as an ended season). */
  cache?: number;
}

export const cachePolicy = {
  /** Per user, every write and every refusal of the API: nothing may keep it (the contract states it for clients). */
  private: () => PRIVATE_NO_STORE,
  /** Never kept, by anyone, though not personal: the probes, the edge's refusals, the live stream, /metrics, a run ticket. */
  noStore: () => 'no-store',
  /** A page handed to one browser that is not the shared copy (a fallback shell): reused only after asking again. */
  revalidate: () => 'no-cache',
  /** The same for everyone: the deployment's shareable profile, with a validator beside it (ETag). */
  shared({ browser, cache }: SharedLifetimes = {}): string {
    const maxAge = setting('CACHE_MAX_AGE');
    const sMaxAge = cache ?? setting('CACHE_S_MAXAGE');
    return `public, max-age=${Math.min(browser ?? maxAge, maxAge)}, s-maxage=${sMaxAge}, stale-while-revalidate=${setting('CACHE_STALE_WHILE_REVALIDATE')}, stale-if-error=${setting('CACHE_STALE_IF_ERROR')}`;
  },
  /** Public, for browsers to keep `seconds`: a built file, or a document answered outside the shareable profile. */
  browsers: (seconds: number) => `public, max-age=${seconds}`,
  /** A file whose name changes with its content: kept for a year, never revalidated. */
  immutable: () => `public, max-age=${LIFETIMES.hashedFile}, immutable`,
};

/** Whether an answer's Cache-Control lets a shared cache keep it (and the edge with it): neither private nor no-store. */
export const isShareable = (cacheControl: string) => !/private|no-store/.test(cacheControl);
