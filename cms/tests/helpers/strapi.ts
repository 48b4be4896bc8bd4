import fs from 'fs';
import os from 'os';
import path from 'path';
import request from 'supertest';
import type { Core } from '@strapi/strapi';

const CMS_DIR = path.resolve(__dirname, '..', '..');

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
  // Never read a developer's cms/.env in tests.
  ENV_PATH: path.join(os.tmpdir(), 'haic-no-env'),
};

/**
 * Boots the compiled CMS (cms/dist; `npm test` builds it first) on a fresh SQLite file.
 * `env` overrides settings for this file's app, e.g. lower rate limits; an env DATABASE_FILENAME
 * boots on that file instead (e.g. to boot twice on one database) and leaves it in place.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-api-'));
  const dbFile = env.DATABASE_FILENAME ?? path.join(dir, 'test.db');
  // Test files share a worker process: put its environment back when this app stops.
  const savedEnv = { ...process.env };
  Object.assign(process.env, TEST_ENV, { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: dbFile }, env);

  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const { createStrapi } = require('@strapi/strapi');
  let strapi: Core.Strapi;
  try {
    strapi = createStrapi({ appDir: CMS_DIR, distDir: path.join(CMS_DIR, 'dist') });
    strapi.log.level = 'error';
    await strapi.load();
    await strapi.server.mount();
  } catch (error) {
    // A server that refuses to start leaves nothing behind for the next one.
    process.env = savedEnv;
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    strapi,
    http: createClient(strapi.server.httpServer),
    dbFile,
    stop: async () => {
      await strapi.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
      process.env = savedEnv;
    },
  };
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
    if (!xsrf) await get('/_health');
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
  const user = await app.strapi.plugin('users-permissions').service('user').add({
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
