/**
 * The API tests that run on both databases: SQLite by default, PostgreSQL when HAIC_TEST_DATABASE=postgres
 * (the PostgreSQL suite of `npm test` runs them so, scripts/test.mjs). On PostgreSQL each test file gets its
 * own throw-away cluster (tests/postgres/server.mjs), and the CMS boots on it with nothing but settings.
 */
import path from 'path';

export type TestDatabase = 'sqlite' | 'postgres';
export const TEST_DATABASE: TestDatabase = process.env.HAIC_TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

const PASSWORD = 'api-test-pg-password';

export interface DatabaseForTests {
  /** The settings that boot the CMS on it ({} for SQLite: a file of the test's own). */
  env: Record<string, string>;
  /** Runs SQL on it and answers psql's unaligned output (PostgreSQL only). */
  sql?: (query: string) => string;
  stop(): void;
}

/** The worker's own `require` (environment.cjs): it loads the cluster helper, an ES module, as Node does. */
const worker: { require: NodeJS.Require } = (globalThis as any).__haicWorker;

export async function startTestDatabase(): Promise<DatabaseForTests> {
  if (TEST_DATABASE === 'sqlite') return { env: {}, stop: () => undefined };
  const { startPostgres } = worker.require(path.resolve(__dirname, '..', '..', '..', 'tests', 'postgres', 'server.mjs'));
  const cluster: { port: number; sql(query: string): string; stop(): void } = await startPostgres({
    password: PASSWORD,
    pgBin: process.env.PG_BIN || undefined,
  });
  return {
    env: {
      DATABASE_CLIENT: 'postgres',
      DATABASE_HOST: '127.0.0.1',
      DATABASE_PORT: String(cluster.port),
      DATABASE_NAME: 'haic',
      DATABASE_USERNAME: 'haic',
      DATABASE_PASSWORD: PASSWORD,
    },
    sql: cluster.sql,
    stop: cluster.stop,
  };
}
