// The production start: one Strapi process that brings the database up to date, seeds it (idempotent)
// and then serves, instead of booting Strapi once to seed and again to serve.
// Several instances may start at once on one PostgreSQL: the schema sync and the seed run under a
// PostgreSQL advisory lock, one instance after the other, so none sees a half-made schema.
import { seedAll } from './index';
import { CMS_DIR, createApp } from './strapi';

const BOOT_LOCK = 'haic:boot';

interface PgClient {
  connect(): Promise<void>;
  query(sql: string, values?: unknown[]): Promise<unknown>;
  end(): Promise<void>;
}

/** Holds a cluster-wide lock (PostgreSQL only) until the returned release is called. */
async function bootLock(connectionConfig: Record<string, unknown>): Promise<() => Promise<void>> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- pg is the CMS's dependency, resolved from cms/ at run time
  const { Client } = require(require.resolve('pg', { paths: [CMS_DIR] })) as { Client: new (config: unknown) => PgClient };
  const client = new Client(connectionConfig);
  await client.connect();
  await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [BOOT_LOCK]);
  // Ending the session releases the lock, also when this process dies half-way.
  return () => client.end();
}

async function main() {
  const app = createApp();
  const database = app.config.get('database.connection') as { client: string; connection: Record<string, unknown> };
  const release = database.client === 'postgres' ? await bootLock(database.connection) : async () => {};
  try {
    await app.load();
    if (process.env.SEED_ON_START !== 'false') {
      const reports = await seedAll(app);
      app.log.info(`[seed] ${reports.map(({ name, created }) => `${name}: ${created} created`).join(', ')}`);
    }
  } finally {
    await release();
  }
  // Strapi stops cleanly on SIGTERM/SIGINT itself (also as a container's PID 1).
  await app.start();
}

main().catch((error) => {
  console.error('[serve] start failed:', error);
  process.exit(1);
});
