/**
 * One number that changes whenever published content changes (blog posts, news items, media). Every
 * content cache keeps the version it was built at and is used only while the version is unchanged.
 * On PostgreSQL the number lives in the database, so a write through any instance invalidates the
 * caches of all of them within VERSION_REUSE_MS; on SQLite (one instance) it lives in the process.
 */
import { setTimeout as sleep } from 'timers/promises';
import type { Core } from '@strapi/strapi';
import { CONTENT_VERSION_TABLE, isClustered } from './cluster';

/** How long one instance reuses a version it read (concurrent requests also share one read). */
const VERSION_REUSE_MS = 100;

const app = (): Core.Strapi => (globalThis as unknown as { strapi: Core.Strapi }).strapi;

let localVersion = 1;
let known: { version: number; at: number } | null = null;
let reading: Promise<number> | null = null;
// This instance's own changes not yet written: its next read waits for them.
let pending: Promise<void> | null = null;

async function readVersion(strapi: Core.Strapi): Promise<number> {
  const { rows } = (await strapi.db.connection.raw(`select version from ${CONTENT_VERSION_TABLE} where id = 1`)) as { rows: { version: string }[] };
  return Number(rows[0]?.version ?? 0);
}

export async function currentContentVersion(): Promise<number> {
  const strapi = app();
  if (!isClustered(strapi)) return localVersion;
  if (pending) {
    const waited = pending;
    await waited;
    if (pending === waited) pending = null;
    known = null;
  }
  if (known && Date.now() - known.at < VERSION_REUSE_MS) return known.version;
  if (!reading) {
    const started = Date.now();
    reading = readVersion(strapi)
      .then((version) => {
        known = { version, at: started };
        return version;
      })
      .finally(() => {
        reading = null;
      });
  }
  return reading;
}

/**
 * The version without waiting, or null when it must be read first (clustered, and the one read is older
 * than VERSION_REUSE_MS or a change of this instance is still being written): for the edge,
 * which answers from its copies only while it knows they are current.
 */
export function contentVersionNow(): number | null {
  const strapi = app();
  if (!isClustered(strapi)) return localVersion;
  if (pending || !known || Date.now() - known.at >= VERSION_REUSE_MS) {
    // The next request through the middleware chain reads it again.
    return null;
  }
  return known.version;
}

/**
 * Resolves once every instance reads the content as it is now: this instance's changes are written, and
 * a version any instance read before that is no longer reused.
 */
export async function contentVersionSettled(): Promise<void> {
  if (pending) await pending;
  await sleep(VERSION_REUSE_MS, undefined, { ref: false });
}

/**
 * Marks content as changed. The database's number moves only once the write has committed (after the
 * surrounding transaction, if any), so an instance that sees the new number also sees the new content.
 */
export async function bumpContentVersion(): Promise<void> {
  const strapi = app();
  localVersion += 1;
  if (!isClustered(strapi)) return;
  const write = () => {
    pending = (pending ?? Promise.resolve())
      .then(() => strapi.db.connection.raw(`update ${CONTENT_VERSION_TABLE} set version = version + 1 where id = 1`))
      .then(
        () => undefined,
        (error: Error) => {
          strapi.log.error(`[content-version] could not record a content change: ${error.message}`);
        },
      )
      .finally(() => {
        known = null;
      });
  };
  await strapi.db.transaction(async ({ onCommit }) => onCommit(write));
}
