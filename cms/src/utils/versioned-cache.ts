import { currentContentVersion } from './content-version';
import { cacheLookups } from './metrics';

/**
 * A small cache whose entries hold only while the content version they were made under is
 * current (and for at most maxAgeMs). Concurrent misses for one key share one computation.
 * Hits and misses are counted under the cache's name (content_cache_lookups_total).
 */
export function createVersionedCache<T>({ name, maxEntries, maxAgeMs }: { name: string; maxEntries: number; maxAgeMs: number }) {
  const entries = new Map<string, { version: number; at: number; value: T }>();
  const pending = new Map<string, Promise<T>>();

  return {
    async get(key: string, compute: () => Promise<T>): Promise<T> {
      const version = await currentContentVersion();
      const hit = entries.get(key);
      if (hit && hit.version === version && Date.now() - hit.at < maxAgeMs) {
        cacheLookups.inc({ cache: name, result: 'hit' });
        return hit.value;
      }
      cacheLookups.inc({ cache: name, result: 'miss' });
      const flightKey = `${version}\u0000${key}`;
      const inFlight = pending.get(flightKey);
      if (inFlight) return inFlight;
      const work = (async () => {
        try {
          const value = await compute();
          // A write during the computation makes its result stale: do not keep it.
          if ((await currentContentVersion()) === version) {
            entries.delete(key);
            if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
            entries.set(key, { version, at: Date.now(), value });
          }
          return value;
        } finally {
          pending.delete(flightKey);
        }
      })();
      pending.set(flightKey, work);
      return work;
    },
  };
}
