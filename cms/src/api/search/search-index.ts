/**
 * The search index's life: made and filled on a database that has none (the migration
 * database/migrations/2026.12.01T00.00.00.search-index.js on an existing database, every row it shows
 * indexed; start-up on a new one, once Strapi has made its tables), and made again whenever its triggers
 * are not all in place (Strapi remakes a SQLite table it alters, without the table's triggers) or its
 * definition changed (SEARCH_INDEX_VERSION). One instance at a time, in one transaction.
 */
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { lockForTransaction } from '../../utils/cluster';
import { postgresIndex } from './index-postgres';
import { sqliteIndex } from './index-sqlite';

/** Moves when what the index holds or how it is kept changes: every database's index is then made again. */
export const SEARCH_INDEX_VERSION = 1;
const STATE_TABLE = 'haic_search_state';

const isPostgres = (knex: Knex) => /^(pg|postgres|postgresql)$/.test(String(knex.client.config.client));

async function storedVersion(knex: Knex): Promise<number | null> {
  if (!(await knex.schema.hasTable(STATE_TABLE))) return null;
  const row = (await knex(STATE_TABLE).where({ id: 1 }).first('version')) as { version?: unknown } | undefined;
  return row ? Number(row.version) : null;
}

/**
 * Makes and fills the index unless it is complete and current; answers what it did ('deferred': the tables
 * it shows do not exist yet, on a new database before Strapi made them). `trx` must be a transaction.
 */
export async function ensureSearchIndex(trx: Knex.Transaction, log?: (message: string) => void): Promise<'current' | 'built' | 'deferred'> {
  await lockForTransaction(trx, 'search-index');
  const index = isPostgres(trx) ? postgresIndex : sqliteIndex;
  if (!(await index.sourcesExist(trx))) return 'deferred';
  if ((await storedVersion(trx)) === SEARCH_INDEX_VERSION && (await index.complete(trx))) return 'current';
  const started = Date.now();
  await index.rebuild(trx);
  if (!(await trx.schema.hasTable(STATE_TABLE))) {
    await trx.schema.createTable(STATE_TABLE, (t) => {
      t.integer('id').primary();
      t.integer('version').notNullable();
    });
  }
  await trx(STATE_TABLE).insert({ id: 1, version: SEARCH_INDEX_VERSION }).onConflict('id').merge();
  log?.(`[search] index built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 'built';
}

/** At start-up, after Strapi's tables are in place. */
export async function bootstrapSearchIndex(strapi: Core.Strapi): Promise<void> {
  await strapi.db.connection.transaction((trx) => ensureSearchIndex(trx, (message) => strapi.log.info(message)));
}
