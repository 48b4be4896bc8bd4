/**
 * Data the server used to render a page travels in it (a JSON block, not a script: the site's
 * CSP allows no inline script), so the client hydrates from it instead of fetching it again.
 * On the server the renderer provides it per request through InitialDataProvider.
 */
import { createContext, useContext } from 'react';
import type { PublicRun, SearchResponse } from '@haic/contract';

export const INITIAL_DATA_ELEMENT_ID = 'haic-data';

/** What Apollo's `InMemoryCache.extract()` gives: objects by cache id, the root query's fields by store key (`field({"arg":…})`). */
export type CacheExtract = Record<string, Record<string, unknown> | undefined>;

export interface InitialData {
  /** When the server rendered the page (ms): relative times hydrate against it. */
  renderedAt?: number;
  /** The Apollo cache the server filled (the blog list's first page, a post). */
  apollo?: CacheExtract;
  /** The news list as /api/news/aggregate answers it. */
  news?: unknown[];
  /** The page is a 404 (what its address names does not exist): one such page serves every such address. */
  notFound?: boolean;
  /** A run's page: the run as GET /api/runs/{id} answers it, or null when the server found none. */
  run?: PublicRun | null;
  /** The search page: the answer of GET /api/search for the search its address names (`key`). */
  search?: { key: string; response: SearchResponse };
  /** A draft shown through a valid preview link: its banner is part of the page. */
  preview?: { publishAt: string | null };
}

let parsed: InitialData | null = null;

/** The page's embedded data, parsed once (empty on the server and in tests). */
export function readEmbeddedData(): InitialData {
  if (parsed) return parsed;
  parsed = {};
  if (typeof document !== 'undefined') {
    const text = document.getElementById(INITIAL_DATA_ELEMENT_ID)?.textContent;
    if (text) {
      try {
        parsed = JSON.parse(text) as InitialData;
      } catch {
        parsed = {};
      }
    }
  }
  return parsed;
}

const InitialDataContext = createContext<InitialData | null>(null);

export const InitialDataProvider = InitialDataContext.Provider;

export function useInitialData(): InitialData {
  return useContext(InitialDataContext) ?? readEmbeddedData();
}
