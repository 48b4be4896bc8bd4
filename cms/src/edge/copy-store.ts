/**
 * Where the response cache (response-cache.ts) keeps its copies: two shelves, each least-recently-used first
 * out within its own budget, the site's pages (SITE_PAGE_CACHE_MB) and every other answer (RESPONSE_CACHE_MB),
 * so a flood of one kind never pushes out the other. Made once per app, at its start, and handed to the cache.
 */
import { LRUCache } from 'lru-cache';
import type { HeaderLines } from './replies';

/** Header lines of each body of a copy (its Content-Encoding and Content-Length included), and of its 304. */
export interface CopyLines {
  identity: HeaderLines;
  br: HeaderLines | null;
  gzip: HeaderLines | null;
  notModified: HeaderLines;
}

/** One answer as it is kept. */
export interface Copy {
  status: number;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  etag: string;
  /** Last-Modified, ms; null when the answer has none. */
  lastModified: number | null;
  /** The content version it shows; null when it is not content (kept until it expires, or its tag goes). */
  version: number | null;
  expiresAt: number;
  tags: readonly string[];
  /** The metrics' route label of its answers. */
  route: string;
  /** A page of the site (the pages' shelf), or another answer. */
  page: boolean;
  /** Its header lines, once the chain has sent it and it may be sent again: until then only the chain sends it. */
  lines: CopyLines | null;
}

export interface CopyStore {
  get(url: string): Copy | undefined;
  set(url: string, copy: Copy): void;
  /** Drops every copy that carries one of these tags. */
  dropTagged(tags: readonly string[]): void;
  stats(): { entries: number; bytes: number; pages: { entries: number; bytes: number } };
}

/** Most pages kept (a site has far fewer; the bound holds against made-up addresses). */
const MAX_PAGES = 5000;
/** Most other answers kept. */
const MAX_ANSWERS = 10_000;
/** What a copy costs beside its bodies (its header lines, the entry itself). */
const COPY_OVERHEAD_BYTES = 512;

const MB = 1024 * 1024;

export function createCopyStore({ pagesMb, answersMb }: { pagesMb: number; answersMb: number }): CopyStore {
  const shelf = (max: number, mb: number) =>
    new LRUCache<string, Copy>({
      max,
      maxSize: mb * MB,
      sizeCalculation: (copy) => copy.identity.length + (copy.br?.length ?? 0) + (copy.gzip?.length ?? 0) + COPY_OVERHEAD_BYTES,
    });
  const pages = shelf(MAX_PAGES, pagesMb);
  const answers = shelf(MAX_ANSWERS, answersMb);
  const size = (lru: LRUCache<string, Copy>) => ({ entries: lru.size, bytes: lru.calculatedSize ?? 0 });
  return {
    get: (url) => pages.get(url) ?? answers.get(url),
    set(url, copy) {
      (copy.page ? pages : answers).set(url, copy);
    },
    dropTagged(tags) {
      for (const lru of [pages, answers]) for (const [url, copy] of lru.entries()) if (copy.tags.some((tag) => tags.includes(tag))) lru.delete(url);
    },
    stats() {
      const [p, a] = [size(pages), size(answers)];
      return { entries: p.entries + a.entries, bytes: p.bytes + a.bytes, pages: p };
    },
  };
}
