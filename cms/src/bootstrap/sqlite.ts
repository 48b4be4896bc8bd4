import type { Core } from '@strapi/strapi';

interface BeginsTransactions {
  transaction(
    container: unknown,
    config: unknown,
    outerTx: unknown,
  ): { begin(conn: unknown): Promise<unknown>; trxClient: { query(conn: unknown, sql: string): Promise<unknown> } };
}

/**
 * SQLite when another process writes to the same file: `npm run seed` or `npm run create-editor` while the
 * site runs, a backup or repair tool.
 * - WAL: readers never wait for a writer, nor a writer for readers. The mode is kept in the file.
 * - Transactions begin IMMEDIATE: they take the write lock first, waiting up to better-sqlite3's busy
 *   timeout (5 s) while another process writes. A deferred one that read before the other process wrote
 *   could not write at all (SQLITE_BUSY_SNAPSHOT: no wait helps), and its request failed.
 * This server's own requests share its one connection, so taking the lock first costs them nothing.
 */
export default async function bootstrapSqlite(strapi: Core.Strapi): Promise<void> {
  if (String(strapi.db.config.connection.client) !== 'sqlite') return;
  await strapi.db.connection.raw('pragma journal_mode = wal');

  const client = strapi.db.connection.client as BeginsTransactions;
  const deferred = client.transaction;
  client.transaction = function immediate(this: BeginsTransactions, container, config, outerTx) {
    const transaction = deferred.call(this, container, config, outerTx);
    // knex calls begin a tick later, once it has made trxClient (a nested transaction takes a savepoint
    // instead). A BEGIN that fails must reject: knex's own query() would take the failure for a rollback
    // and run the transaction's body all the same.
    transaction.begin = (conn) => transaction.trxClient.query(conn, 'BEGIN IMMEDIATE;');
    return transaction;
  };
}
