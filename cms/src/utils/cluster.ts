/**
 * What several CMS instances on one PostgreSQL must agree on lives in that database: this module owns
 * the small tables for it and the cluster-wide lock. On SQLite there is only ever one instance, and
 * everything here stays in the process.
 */
import type { Core, Modules } from '@strapi/strapi';

const TICKS_TABLE = 'haic_cluster_ticks';
export const CONTENT_VERSION_TABLE = 'haic_content_version';
export const COUNTERS_TABLE = 'haic_rate_counters';

const app = (): Core.Strapi => (globalThis as unknown as { strapi: Core.Strapi }).strapi;

export const isClustered = (strapi: Core.Strapi = app()) => (strapi.db.config.connection as { client?: string }).client === 'postgres';

/** A PostgreSQL advisory-lock key for a name (64-bit hash, computed by the server). */
const LOCK_KEY = 'hashtextextended($1, 0)';

interface PgConnection {
  query<Row = Record<string, unknown>>(sql: string, values?: unknown[]): Promise<{ rows: Row[]; rowCount: number | null }>;
}

/** Runs fn with one pooled connection of its own (an advisory lock belongs to a session). */
async function withConnection<T>(strapi: Core.Strapi, fn: (connection: PgConnection) => Promise<T>): Promise<T> {
  const client = strapi.db.connection.client as { acquireConnection(): Promise<PgConnection>; releaseConnection(c: PgConnection): Promise<void> };
  const connection = await client.acquireConnection();
  try {
    return await fn(connection);
  } finally {
    await client.releaseConnection(connection);
  }
}

/** Creates the cluster tables when missing (at boot; several instances may boot at once). */
export async function ensureClusterTables(strapi: Core.Strapi): Promise<void> {
  if (!isClustered(strapi)) return;
  await withConnection(strapi, async (db) => {
    await db.query(`select pg_advisory_lock(${LOCK_KEY})`, ['haic:cluster-tables']);
    try {
      await db.query(`create table if not exists ${TICKS_TABLE} (name varchar(255) primary key, last_tick timestamptz not null)`);
      await db.query(`create table if not exists ${CONTENT_VERSION_TABLE} (id smallint primary key, version bigint not null)`);
      await db.query(`insert into ${CONTENT_VERSION_TABLE} (id, version) values (1, 1) on conflict (id) do nothing`);
      await db.query(`create table if not exists ${COUNTERS_TABLE} (key varchar(512) primary key, window_end bigint not null, count integer not null)`);
    } finally {
      await db.query(`select pg_advisory_unlock(${LOCK_KEY})`, ['haic:cluster-tables']);
    }
  });
}

/**
 * Holds a cluster-wide lock for the rest of a database transaction (PostgreSQL: a transaction advisory
 * lock, released at commit or rollback; SQLite: nothing to do, a write transaction is already exclusive).
 * For start-up work that several instances may begin at once, such as a data migration.
 */
export async function lockForTransaction(
  trx: { raw(sql: string, bindings?: unknown[]): Promise<unknown>; client: { config: { client?: string } } },
  name: string,
): Promise<void> {
  if (!/^(pg|postgres|postgresql)$/.test(String(trx.client.config.client))) return;
  await trx.raw(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`haic:tx:${name}`]);
}

interface ExclusiveOptions {
  /**
   * A scheduled run's time (a cron task's fireDate): the job then runs at most once for that tick across
   * all instances, even when one instance's timer fires after another has already finished the job.
   */
  tick?: Date;
  /** Wait for the lock instead of skipping the run when another instance holds it. */
  wait?: boolean;
}

interface ExclusiveResult<T> {
  ran: boolean;
  value?: T;
}

// In-process path (SQLite, one instance): held names, their waiters, and the last tick run per name.
const held = new Map<string, Promise<unknown>>();
const lastTicks = new Map<string, number>();

async function runInProcess<T>(name: string, fn: () => Promise<T>, { tick, wait }: ExclusiveOptions): Promise<ExclusiveResult<T>> {
  while (held.has(name)) {
    if (!wait) return { ran: false };
    await held.get(name)!.catch(() => undefined);
  }
  if (tick && (lastTicks.get(name) ?? -Infinity) >= tick.getTime()) return { ran: false };
  if (tick) lastTicks.set(name, tick.getTime());
  const running = fn();
  held.set(name, running);
  try {
    return { ran: true, value: await running };
  } finally {
    held.delete(name);
  }
}

/**
 * Runs fn on one instance at a time for a given name: a PostgreSQL session advisory lock (released by
 * the server if the instance dies mid-run), or an in-process lock on SQLite. Without `wait`, an
 * instance that finds the name taken skips the run ({ ran: false }). With `tick`, the run is also
 * skipped when that tick (or a later one) has already been run by any instance.
 */
export async function runExclusive<T>(name: string, fn: () => Promise<T>, options: ExclusiveOptions = {}): Promise<ExclusiveResult<T>> {
  const strapi = app();
  if (!isClustered(strapi)) return runInProcess(name, fn, options);
  const lock = `haic:job:${name}`;
  return withConnection(strapi, async (db) => {
    if (options.wait) await db.query(`select pg_advisory_lock(${LOCK_KEY})`, [lock]);
    else if (!(await db.query<{ locked: boolean }>(`select pg_try_advisory_lock(${LOCK_KEY}) as locked`, [lock])).rows[0].locked) return { ran: false };
    try {
      if (options.tick) {
        const claimed = await db.query(
          `insert into ${TICKS_TABLE} as t (name, last_tick) values ($1, $2)
           on conflict (name) do update set last_tick = excluded.last_tick where t.last_tick < excluded.last_tick`,
          [name, options.tick],
        );
        if (!claimed.rowCount) return { ran: false };
      }
      return { ran: true, value: await fn() };
    } finally {
      await db.query(`select pg_advisory_unlock(${LOCK_KEY})`, [lock]);
    }
  });
}

/**
 * A Strapi cron task that runs on one instance per tick however many instances schedule it.
 * Failures are logged, never thrown into the scheduler.
 */
export function exclusiveCronTask(name: string, fn: () => Promise<unknown>): Modules.Cron.CronTaskFn {
  // Strapi passes the fire date after the context (node-schedule's), typed as unknown.
  return async (_context, fireDate?: unknown) => {
    try {
      await runExclusive(name, fn, { tick: fireDate instanceof Date ? fireDate : new Date() });
    } catch (error) {
      app().log.error(`[cluster] ${name} failed: ${(error as Error).message}`);
    }
  };
}
