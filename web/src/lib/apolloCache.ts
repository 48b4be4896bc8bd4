/**
 * The site's one data cache for GraphQL: Apollo's InMemoryCache with the site's type policies. The
 * server renders a page from one and sends its `extract()` in the page; the browser `restore()`s that
 * extract into the cache that the page hydrates from and that Apollo Client, once loaded, reads and writes.
 */
import { InMemoryCache, type NormalizedCacheObject } from '@apollo/client/cache';
import type { CacheExtract } from './initialData';

/**
 * Strapi 5's GraphQL types carry `documentId`, not `id`: without a policy Apollo would keep each post
 * inside the query that read it, and a post read by two queries (the list and its page) twice.
 */
const TYPE_POLICIES = {
  BlogPost: { keyFields: ['documentId'] },
};

export const createCache = () => new InMemoryCache({ typePolicies: TYPE_POLICIES });

const restored = new WeakMap<CacheExtract, InMemoryCache>();

/** The extract of a cache to send in the page (on the server); reading that extract reads this same cache. */
export function extractOf(cache: InMemoryCache): CacheExtract {
  const extract = cache.extract() as CacheExtract;
  restored.set(extract, cache);
  return extract;
}

/** The cache holding what a page was rendered with (restored once per extract). */
export function cacheFrom(extract: CacheExtract): InMemoryCache {
  let cache = restored.get(extract);
  if (!cache) {
    cache = createCache().restore(extract as NormalizedCacheObject);
    restored.set(extract, cache);
  }
  return cache;
}
