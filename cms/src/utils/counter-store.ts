/**
 * The rate limiters' counters in the database, so that every instance on one PostgreSQL counts the
 * same failures, and the switch that picks a store: RATE_LIMIT_STORE=database|memory, by default the
 * database on PostgreSQL and memory on SQLite (one instance). Windows are timed by the database's
 * clock, so instances with skewed clocks still agree. Keys are stored hashed (counterKey): a row is the same
 * few bytes whatever a client sent.
 */
import type { Core } from '@strapi/strapi';
import { COUNTERS_TABLE, isClustered } from './cluster';
import { MemoryCounterStore, counterKey, setCounterStore, type CounterStore } from './rate-limit';

const NOW_MS = `(extract(epoch from clock_timestamp()) * 1000)::bigint`;
/** Expired rows are swept every so many hits. */
const SWEEP_EVERY = 500;

function createDatabaseCounterStore(strapi: Core.Strapi): CounterStore {
  const db = () => strapi.db.connection;
  let hits = 0;
  const windowMsOf = (windowMs: number) => Math.max(1, Math.round(windowMs));
  return {
    async hit(key, windowMs) {
      if (++hits % SWEEP_EVERY === 0) {
        await db().raw(`delete from ${COUNTERS_TABLE} where window_end <= ${NOW_MS}`);
      }
      const { rows } = await db().raw(
        `with now as (select ${NOW_MS} as ms)
         insert into ${COUNTERS_TABLE} as c (key, window_end, count)
         select ?, (now.ms / ? + 1) * ?, 1 from now
         on conflict (key) do update set
           count = case when c.window_end = excluded.window_end then c.count + 1 else 1 end,
           window_end = excluded.window_end
         returning count, window_end - (select ms from now) as reset_in_ms`,
        [counterKey(key), windowMsOf(windowMs), windowMsOf(windowMs)],
      );
      return { count: Number(rows[0].count), resetInMs: Number(rows[0].reset_in_ms) };
    },
    async get(key, windowMs) {
      const { rows } = await db().raw(
        `with now as (select ${NOW_MS} as ms)
         select coalesce((select count from ${COUNTERS_TABLE} where key = ? and window_end = (now.ms / ? + 1) * ?), 0) as count,
                (now.ms / ? + 1) * ? - now.ms as reset_in_ms
         from now`,
        [counterKey(key), windowMsOf(windowMs), windowMsOf(windowMs), windowMsOf(windowMs), windowMsOf(windowMs)],
      );
      return { count: Number(rows[0].count), resetInMs: Number(rows[0].reset_in_ms) };
    },
    async release(key) {
      await db().raw(`update ${COUNTERS_TABLE} set count = count - 1 where key = ? and count > 0 and window_end > ${NOW_MS}`, [counterKey(key)]);
    },
    async clear(key) {
      await db().raw(`delete from ${COUNTERS_TABLE} where key = ?`, [counterKey(key)]);
    },
  };
}

/** Picks the store every rate limiter uses (at boot, before the first request). */
export function installCounterStore(strapi: Core.Strapi): void {
  const wanted = process.env.RATE_LIMIT_STORE || (isClustered(strapi) ? 'database' : 'memory');
  if (wanted !== 'database' && wanted !== 'memory') throw new Error(`RATE_LIMIT_STORE must be "database" or "memory", not "${wanted}"`);
  if (wanted === 'database' && !isClustered(strapi)) throw new Error('RATE_LIMIT_STORE=database needs PostgreSQL (DATABASE_CLIENT=postgres)');
  setCounterStore(wanted === 'database' ? createDatabaseCounterStore(strapi) : new MemoryCounterStore());
}
