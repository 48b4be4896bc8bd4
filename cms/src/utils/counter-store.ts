/**
 * Where the rate limiters' counters live (rate-limit.ts runs every limit on rate-limiter-flexible over one of these):
 * - memory: a bounded two-tier lru-cache, for one process (SQLite);
 * - database: one table (COUNTERS_TABLE) shared by every instance on one PostgreSQL, windows timed by the
 *   database's clock so that instances with skewed clocks still agree.
 * RATE_LIMIT_STORE=database|memory picks one at boot (by default the database on PostgreSQL, memory on SQLite).
 * Counters are fixed windows: a key's count in the current window of length windowMs.
 * Keys are stored hashed (counterKey): a counter is the same few bytes whatever a client sent.
 * rate-limiter-flexible's own memory store is not used: it keeps every key in an unbounded Map with a timer each.
 */
import crypto from 'crypto';
import type { Core } from '@strapi/strapi';
import { LRUCache } from 'lru-cache';
import { COUNTERS_TABLE, isClustered } from './cluster';
import { setting } from './settings';

/** A key's count in its current window, and how long until that window ends. */
export interface Counted {
  count: number;
  resetInMs: number;
}

export interface CounterStore {
  hit(key: string, windowMs: number): Promise<Counted>;
  get(key: string, windowMs: number): Promise<Counted>;
  /** Takes one back from the key's current window (an attempt that turned out not to count). */
  release(key: string, windowMs?: number): Promise<Counted>;
  clear(key: string): Promise<void>;
}

/**
 * Counter keys at a fixed size: whatever a client put in a key (a 1 MB username, an address), a store keeps
 * 43 characters (sha256, base64url). Both stores (memory and database) keep only this.
 */
export const counterKey = (key: string): string => crypto.createHash('sha256').update(key).digest('base64url');

/** A hit that could not be counted because the store is full: treated as over every limit (fail closed, 429). */
const REFUSED_COUNT = Number.MAX_SAFE_INTEGER;
const SWEEP_EVERY_MS = 1000;

interface Window {
  count: number;
  endsAt: number;
}

/**
 * Process memory: counters are not data, a restart forgets them. Bounded whatever clients send: keys are
 * hashed to a fixed size, and each of two tiers holds at most `maxKeys` counters (lru-cache).
 * - fresh: a key's first hit. A flood of new keys evicts the least recently used of these; a count of 1
 *   is below every limit, so no eviction frees a limited key.
 * - held: from a key's second hit until its window ends, never evicted. When it is full of live windows,
 *   a key that would join it is refused (fail closed: its hit counts as over any limit) rather than
 *   pushing out a key that is being limited.
 */
export class MemoryCounterStore implements CounterStore {
  private readonly fresh: LRUCache<string, Window>;
  private readonly held: LRUCache<string, Window>;
  private lastSweep = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys: number = setting('RATE_LIMIT_MEMORY_KEYS'),
  ) {
    this.fresh = new LRUCache({ max: maxKeys });
    this.held = new LRUCache({ max: maxKeys });
  }

  /** Keys counted now (both tiers), for tests and metrics. */
  get size(): number {
    return this.fresh.size + this.held.size;
  }

  private live(cache: LRUCache<string, Window>, key: string): Window | null {
    const window = cache.get(key);
    if (!window) return null;
    if (window.endsAt > this.now()) return window;
    cache.delete(key);
    return null;
  }

  /** Room in the held tier: expired windows are dropped (at most once a second while it is full). */
  private heldHasRoom(): boolean {
    if (this.held.size < this.maxKeys) return true;
    const now = this.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return false;
    this.lastSweep = now;
    for (const [key, window] of this.held.entries()) if (window.endsAt <= now) this.held.delete(key);
    return this.held.size < this.maxKeys;
  }

  private counted(window: Window | null, windowMs: number): Counted {
    return window ? { count: window.count, resetInMs: window.endsAt - this.now() } : { count: 0, resetInMs: windowMs };
  }

  async hit(rawKey: string, windowMs: number): Promise<Counted> {
    const key = counterKey(rawKey);
    const now = this.now();
    const held = this.live(this.held, key);
    if (held) {
      held.count += 1;
      return { count: held.count, resetInMs: held.endsAt - now };
    }
    const fresh = this.live(this.fresh, key);
    if (!fresh) {
      this.fresh.set(key, { count: 1, endsAt: now + windowMs });
      return { count: 1, resetInMs: windowMs };
    }
    if (!this.heldHasRoom()) return { count: REFUSED_COUNT, resetInMs: fresh.endsAt - now };
    this.fresh.delete(key);
    fresh.count += 1;
    this.held.set(key, fresh);
    return { count: fresh.count, resetInMs: fresh.endsAt - now };
  }

  async get(rawKey: string, windowMs: number): Promise<Counted> {
    const key = counterKey(rawKey);
    return this.counted(this.live(this.held, key) ?? this.live(this.fresh, key), windowMs);
  }

  async release(rawKey: string, windowMs = 0): Promise<Counted> {
    const key = counterKey(rawKey);
    const window = this.live(this.held, key) ?? this.live(this.fresh, key);
    if (window && window.count > 0) window.count -= 1;
    return this.counted(window, windowMs);
  }

  async clear(rawKey: string): Promise<void> {
    const key = counterKey(rawKey);
    this.held.delete(key);
    this.fresh.delete(key);
  }
}

const NOW_MS = `(extract(epoch from clock_timestamp()) * 1000)::bigint`;
/** Expired rows are swept every so many hits. */
const SWEEP_EVERY = 500;

interface CountRow {
  count: string | number;
  reset_in_ms: string | number;
}

const countedOf = (rows: CountRow[], windowMs: number): Counted =>
  rows.length ? { count: Number(rows[0].count), resetInMs: Number(rows[0].reset_in_ms) } : { count: 0, resetInMs: windowMs };

/** The counters in PostgreSQL: one row per hashed key, windows aligned to multiples of their length. */
export class DatabaseCounterStore implements CounterStore {
  private hits = 0;

  constructor(private readonly strapi: Core.Strapi) {}

  private async rows(sql: string, bindings: (string | number)[]): Promise<CountRow[]> {
    const result = (await this.strapi.db.connection.raw(sql, bindings)) as { rows: CountRow[] };
    return result.rows;
  }

  async hit(key: string, windowMs: number): Promise<Counted> {
    const window = Math.max(1, Math.round(windowMs));
    if (++this.hits % SWEEP_EVERY === 0) await this.strapi.db.connection.raw(`delete from ${COUNTERS_TABLE} where window_end <= ${NOW_MS}`);
    const rows = await this.rows(
      `with now as (select ${NOW_MS} as ms)
       insert into ${COUNTERS_TABLE} as c (key, window_end, count)
       select ?, (now.ms / ? + 1) * ?, 1 from now
       on conflict (key) do update set
         count = case when c.window_end = excluded.window_end then c.count + 1 else 1 end,
         window_end = excluded.window_end
       returning count, window_end - (select ms from now) as reset_in_ms`,
      [counterKey(key), window, window],
    );
    return countedOf(rows, window);
  }

  async get(key: string, windowMs: number): Promise<Counted> {
    const window = Math.max(1, Math.round(windowMs));
    const rows = await this.rows(
      `with now as (select ${NOW_MS} as ms)
       select coalesce((select count from ${COUNTERS_TABLE} where key = ? and window_end = (now.ms / ? + 1) * ?), 0) as count,
              (now.ms / ? + 1) * ? - now.ms as reset_in_ms
       from now`,
      [counterKey(key), window, window, window, window],
    );
    return countedOf(rows, window);
  }

  async release(key: string, windowMs = 0): Promise<Counted> {
    const rows = await this.rows(
      `update ${COUNTERS_TABLE} set count = count - 1 where key = ? and count > 0 and window_end > ${NOW_MS}
       returning count, window_end - ${NOW_MS} as reset_in_ms`,
      [counterKey(key)],
    );
    return countedOf(rows, windowMs);
  }

  async clear(key: string): Promise<void> {
    await this.strapi.db.connection.raw(`delete from ${COUNTERS_TABLE} where key = ?`, [counterKey(key)]);
  }
}

let store: CounterStore | null = null;
/** The store every rate limiter counts in (memory until boot installs the configured one). */
export const counterStore = (): CounterStore => (store ??= new MemoryCounterStore());
/** Production's switch to a shared store (call before the first request). */
export const setCounterStore = (next: CounterStore): void => {
  store = next;
};

/** Picks the store every rate limiter uses (at boot, before the first request). */
export function installCounterStore(strapi: Core.Strapi): void {
  const wanted = setting('RATE_LIMIT_STORE') ?? (isClustered(strapi) ? 'database' : 'memory');
  if (wanted === 'database' && !isClustered(strapi)) throw new Error('RATE_LIMIT_STORE=database needs PostgreSQL (DATABASE_CLIENT=postgres)');
  setCounterStore(wanted === 'database' ? new DatabaseCounterStore(strapi) : new MemoryCounterStore());
}
