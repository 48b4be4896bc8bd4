import crypto from 'crypto';
import fs from 'fs';
import os from 'os';
import path from 'path';
import request from 'supertest';
import type { Core } from '@strapi/strapi';
import { checkDocumentedAnswers, watchDocumentedAnswers } from './openapi-answers';

const CMS_DIR = path.resolve(__dirname, '..', '..');

// Every test file that boots an app has its answers checked against the OpenAPI description: no test opts out.
afterEach(checkDocumentedAnswers);
afterAll(checkDocumentedAnswers);

export interface TestApp {
  strapi: Core.Strapi;
  /** A supertest agent that holds the XSRF cookie and echoes it on state-changing calls. */
  http: ReturnType<typeof createClient>;
  dbFile: string;
  stop: () => Promise<void>;
}

const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  APP_KEYS: 'testKeyA,testKeyB',
  API_TOKEN_SALT: 'test-api-token-salt',
  ADMIN_JWT_SECRET: 'test-admin-jwt-secret',
  TRANSFER_TOKEN_SALT: 'test-transfer-token-salt',
  JWT_SECRET: 'test-jwt-secret',
  ENCRYPTION_KEY: 'test-encryption-key-0123456789abcdef',
  TELEGRAM_WEBHOOK_SECRET: 'test-telegram-secret',
  PREVIEW_SECRET: 'test-preview-secret-0123456789',
  RUN_TICKET_SECRET: 'test-run-ticket-secret-0123456789',
  CRON_ENABLED: 'false',
  // Feeds and images are served from this machine in tests (the outbound guard's own tests turn it off).
  OUTBOUND_ALLOW_PRIVATE: 'true',
  // Test files register many users and send many messages from one address; the rate-limit tests lower these.
  REGISTER_RATE_LIMIT_MAX: '100000',
  CONTACT_RATE_LIMIT_MAX: '100000',
  // bcrypt at its lowest cost: most files sign users up and in by the hundred. The files about sign-in floods
  // set the production cost (10), the comparisons' real price.
  PASSWORD_HASH_ROUNDS: '4',
  // Load shedding has its own test file (load-shed.test.ts): elsewhere a busy test machine must not refuse renders.
  LOAD_SHED_LAG_MS: '0',
  // Never read a developer's cms/.env in tests.
  ENV_PATH: path.join(os.tmpdir(), 'haic-no-env'),
};

/**
 * Boots the compiled CMS (cms/dist; `npm test` builds it first) on a fresh SQLite file: a copy of a
 * database on which this build has already made its tables (see emptyDatabase).
 * `env` overrides settings for this file's app, e.g. lower rate limits; an env DATABASE_FILENAME
 * boots on that file instead (e.g. to boot twice on one database) and leaves it in place.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-api-'));
  let dbFile = env.DATABASE_FILENAME;
  if (!dbFile) {
    dbFile = path.join(dir, 'test.db');
    const empty = await emptyDatabase();
    if (empty) fs.copyFileSync(empty, dbFile);
  }
  try {
    const booted = await boot({ ...env, DATABASE_FILENAME: dbFile });
    return {
      strapi: booted.strapi,
      http: createClient(booted.strapi.server.httpServer),
      dbFile,
      stop: async () => {
        await booted.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    // A server that refuses to start leaves nothing behind for the next one.
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * One app for the enclosing file or describe block: booted before its tests, stopped after them.
 * The handle it returns reads the app booted then. `xsrf` fetches the XSRF cookie once at start;
 * `listen` keeps the server on a loopback port for the whole file, as a running site has it.
 */
export function withTestApp(env: Record<string, string> = {}, options: { xsrf?: boolean; listen?: boolean } = {}): TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(env);
    if (options.xsrf) await app.http.xsrfToken();
    if (options.listen) await new Promise<void>((resolve) => app!.strapi.server.httpServer.listen(0, '127.0.0.1', () => resolve()));
  }, 300_000);
  afterAll(async () => {
    await app?.stop();
  });
  const started = (): TestApp => {
    if (!app) throw new Error('the test app has not started (withTestApp boots it in beforeAll)');
    return app;
  };
  return {
    get strapi() {
      return started().strapi;
    },
    get http() {
      return started().http;
    },
    get dbFile() {
      return started().dbFile;
    },
    stop: () => started().stop(),
  };
}

/** The worker's own `require` and `process`, handed over by this suite's Jest environment (environment.cjs). */
const worker: { require: NodeJS.Require; process: NodeJS.Process } = (globalThis as any).__haicWorker;
if (!worker) throw new Error('the CMS API tests run in their own Jest environment (cms/jest.config.js)');
const DIST_DIR = path.join(CMS_DIR, 'dist') + path.sep;

/**
 * Strapi's destroy() removes every listener on the process, the Jest worker's own among them (without its
 * 'message' listener the worker exits): the listeners there before the app started are put back.
 */
function keepProcessListeners(): () => void {
  const before = worker.process.eventNames().map((name) => [name, worker.process.rawListeners(name)] as const);
  // Node's own newListener/removeListener hooks first: they count the IPC channel's users as listeners return.
  before.sort(([a], [b]) => Number(b === 'newListener' || b === 'removeListener') - Number(a === 'newListener' || a === 'removeListener'));
  return () => {
    for (const [name, listeners] of before) {
      const now = worker.process.rawListeners(name);
      for (const listener of listeners) if (!now.includes(listener)) worker.process.on(name, listener as (...args: unknown[]) => void);
    }
  };
}

async function boot(env: Record<string, string> & { DATABASE_FILENAME: string }) {
  // Test files share a worker process: put its environment back when this app stops.
  const savedEnv = { ...process.env };
  const restoreEnv = () => {
    for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
    Object.assign(process.env, savedEnv);
  };
  Object.assign(process.env, TEST_ENV, { DATABASE_CLIENT: 'sqlite' }, env);
  // Strapi's modules stay loaded in the worker; the app's own (its config, schemas and code) load anew for
  // each app, as in a fresh process: they hold its caches, counters and settings.
  for (const file of Object.keys(worker.require.cache)) if (file.startsWith(DIST_DIR)) delete worker.require.cache[file];
  const { createStrapi } = worker.require('@strapi/strapi');
  const restoreListeners = keepProcessListeners();
  try {
    const strapi: Core.Strapi = createStrapi({ appDir: CMS_DIR, distDir: path.join(CMS_DIR, 'dist') });
    strapi.log.level = 'error';
    await strapi.load();
    await strapi.server.mount();
    watchDocumentedAnswers(strapi.server.httpServer);
    const stop = async () => {
      await strapi.destroy();
      restoreListeners();
      restoreEnv();
    };
    return { strapi, stop };
  } catch (error) {
    restoreListeners();
    restoreEnv();
    throw error;
  }
}

/** What an empty database keeps of the boot that made it: the schema's record and the migrations run. */
const SCHEMA_RECORDS = new Set(['strapi_database_schema', 'strapi_migrations', 'strapi_migrations_internal']);

/** How long a worker waits for another one making the empty database, and when a lock is a crashed run's. */
const EMPTY_DATABASE_WAIT_MS = 120_000;

/**
 * Making the tables is most of a first boot's time, and every test file would pay it: the first
 * boot of a build makes them once, on a database kept in the temporary folder, emptied of every row
 * that boot wrote (roles, the panel's first admin, ...), and each test file starts from a copy: its
 * boot finds the schema in place and does the rest of a first start as on a new database.
 * One worker makes it (a lock file beside it) while the others wait for it, rather than each making its own.
 * Null when the build carries no stamp to name that database by, or when no copy could be had.
 */
async function emptyDatabase(): Promise<string | null> {
  const stampFile = path.join(CMS_DIR, 'dist', '.haic-build');
  if (!fs.existsSync(stampFile)) return null;
  const stamp = crypto.createHash('sha256').update(fs.readFileSync(stampFile)).update(JSON.stringify(TEST_ENV)).digest('hex').slice(0, 16);
  const file = path.join(os.tmpdir(), `haic-api-empty-${stamp}.db`);
  if (fs.existsSync(file)) return file;

  const lock = `${file}.lock`;
  try {
    if (Date.now() - fs.statSync(lock).mtimeMs > EMPTY_DATABASE_WAIT_MS) fs.rmSync(lock, { force: true });
  } catch {
    // No lock: nobody is making it.
  }
  let lockFd: number;
  try {
    lockFd = fs.openSync(lock, 'wx');
  } catch {
    // Another worker is making it: its copy, once there; a boot on a new file (making the tables) otherwise.
    for (const until = Date.now() + EMPTY_DATABASE_WAIT_MS; Date.now() < until && fs.existsSync(lock); )
      await new Promise((resolve) => setTimeout(resolve, 100));
    return fs.existsSync(file) ? file : null;
  }
  try {
    return await makeEmptyDatabase(file);
  } finally {
    fs.closeSync(lockFd);
    fs.rmSync(lock, { force: true });
  }
}

async function makeEmptyDatabase(file: string): Promise<string | null> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-api-empty-'));
  try {
    const made = path.join(dir, 'empty.db');
    const { strapi, stop } = await boot({ DATABASE_FILENAME: made });
    const db = strapi.db.connection;
    // Ordinary tables only: a virtual table (the search index) empties with its own, and keeps its shadow tables.
    const tables: { name: string }[] = await db.raw("select name from pragma_table_list where schema = 'main' and type = 'table'");
    for (const { name } of tables) if (!SCHEMA_RECORDS.has(name) && name !== 'sqlite_schema') await db(name).del();
    await stop();
    if (fs.existsSync(`${made}-wal`) && fs.statSync(`${made}-wal`).size > 0) return null;
    // Renaming is atomic: a worker never copies a half-written file.
    fs.renameSync(made, file);
    return file;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function createClient(server: Parameters<typeof request.agent>[0]) {
  const agent = request.agent(server);
  let xsrf: string | null = null;

  /** The cookie is set once, by whichever response comes first: every GET is watched for it. */
  const keepXsrf = (response: { headers: Record<string, any> }) => {
    const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith('XSRF-TOKEN='));
    if (cookie) xsrf = decodeURIComponent(cookie.split(';')[0].slice('XSRF-TOKEN='.length));
  };
  const get = (url: string) => agent.get(url).on('response', keepXsrf);
  const token = async () => {
    if (!xsrf) await get('/api/xsrf');
    if (!xsrf) throw new Error('the server set no XSRF-TOKEN cookie');
    return xsrf;
  };

  const withAuth = (req: request.Test, bearer?: string) => (bearer ? req.set('Authorization', `Bearer ${bearer}`) : req);

  return {
    agent,
    xsrfToken: token,
    get: (url: string, bearer?: string) => withAuth(get(url), bearer),
    // The token is fetched before the request is made: the agent attaches its cookies at creation.
    post: async (url: string, body?: object, bearer?: string) => {
      const xsrfToken = await token();
      return withAuth(agent.post(url).set('X-XSRF-TOKEN', xsrfToken), bearer).send(body ?? {});
    },
    put: async (url: string, body?: object, bearer?: string) => {
      const xsrfToken = await token();
      return withAuth(agent.put(url).set('X-XSRF-TOKEN', xsrfToken), bearer).send(body ?? {});
    },
  };
}

/** A signed-in site user (role Authenticated) made directly through users-permissions, with a token. */
export async function createUser(app: TestApp, name: string) {
  const role = await app.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
  const user = await app.strapi
    .plugin('users-permissions')
    .service('user')
    .add({
      username: name,
      email: `${name}@example.com`,
      password: 'Passw0rd!x',
      provider: 'local',
      confirmed: true,
      role: role.id,
    });
  const token: string = app.strapi.plugin('users-permissions').service('jwt').issue({ id: user.id });
  return { user, token };
}
