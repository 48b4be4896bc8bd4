import { LRUCache } from 'lru-cache';
import { currentContentVersion } from './content-version';
import { cacheLookups } from './metrics';

interface Options<T> {
  name: string;
  maxEntries: number;
  maxAgeMs: number;
  /** A bound on the entries' total size (with sizeOf): the least recently used give way. */
  maxBytes?: number;
  sizeOf?: (value: T) => number;
}

type Entry<T> = { version: number; value: T };

/**
 * A small cache whose entries hold only while the content version they were made under is
 * current (and for at most maxAgeMs). Concurrent misses for one key share one computation.
 * Bounded in entries, and in bytes when maxBytes is given (least recently used first out).
 * Hits and misses are counted under the cache's name (content_cache_lookups_total).
 */
export function createVersionedCache<T extends NonNullable<unknown>>({ name, maxEntries, maxAgeMs, maxBytes, sizeOf }: Options<T>) {
  const entries = new LRUCache<string, Entry<T>>({
    max: maxEntries,
    ttl: maxAgeMs,
    ...(maxBytes && sizeOf ? { maxSize: maxBytes, sizeCalculation: (entry: Entry<T>) => Math.max(1, sizeOf(entry.value)) } : {}),
  });
  const pending = new Map<string, Promise<T>>();

  const current = (key: string, version: number): T | undefined => {
    const hit = entries.get(key);
    return hit && hit.version === version ? hit.value : undefined;
  };

  return {
    /** The entry for key if it is current, counted as a hit or a miss. */
    async peek(key: string): Promise<T | undefined> {
      const value = current(key, await currentContentVersion());
      cacheLookups.inc({ cache: name, result: value === undefined ? 'miss' : 'hit' });
      return value;
    },

    /** The entry for key, computed on a miss; a value `keep` refuses is returned but not stored. */
    async get(key: string, compute: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
      const version = await currentContentVersion();
      const hit = current(key, version);
      if (hit !== undefined) {
        cacheLookups.inc({ cache: name, result: 'hit' });
        return hit;
      }
      cacheLookups.inc({ cache: name, result: 'miss' });
      const flightKey = `${version}\u0000${key}`;
      const inFlight = pending.get(flightKey);
      if (inFlight) return inFlight;
      const work = (async () => {
        try {
          const value = await compute();
          // A write during the computation makes its result stale: do not keep it.
          if (keep(value) && (await currentContentVersion()) === version) entries.set(key, { version, value });
          return value;
        } finally {
          pending.delete(flightKey);
        }
      })();
      pending.set(flightKey, work);
      return work;
    },

    /** What the cache holds now (entries and their size), for the metrics. */
    stats: () => ({ entries: entries.size, bytes: entries.calculatedSize ?? 0 }),
  };
}
