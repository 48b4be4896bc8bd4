// Starts the built CMS + site for the browser tests on a fresh SQLite file, seeded like `npm start`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runSeed } from '../../scripts/lib/build.mjs';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { run } from '../../scripts/lib/process.mjs';
import { startCms } from '../../scripts/lib/server.mjs';
import { E2E_ADMIN, E2E_EDITOR, E2E_LINKING_CODE_TTL_SECONDS, E2E_PREVIEW_SECRET, E2E_PUBLISH_SCHEDULE_CRON, E2E_TELEGRAM_BOT, e2eStateFile } from './env.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-e2e-'));
const env = {
  PORT: process.env.E2E_PORT || '1437',
  HOST: '127.0.0.1',
  DATABASE_CLIENT: 'sqlite',
  DATABASE_FILENAME: path.join(dir, 'e2e.db'),
  ENV_PATH: path.join(dir, 'no.env'),
  SITE_DIST_DIR: path.join(ROOT, 'web', 'dist'),
  APP_KEYS: 'e2eKeyA,e2eKeyB',
  API_TOKEN_SALT: 'e2e-api-token-salt',
  ADMIN_JWT_SECRET: 'e2e-admin-jwt-secret',
  TRANSFER_TOKEN_SALT: 'e2e-transfer-token-salt',
  JWT_SECRET: 'e2e-jwt-secret',
  ENCRYPTION_KEY: 'e2e-encryption-key-0123456789abcd',
  RUN_TICKET_SECRET: 'e2e-run-ticket-secret-0123456789',
  TELEGRAM_WEBHOOK_SECRET: 'e2e-telegram-secret',
  PREVIEW_SECRET: E2E_PREVIEW_SECRET,
  LINKING_CODE_TTL_SECONDS: String(E2E_LINKING_CODE_TTL_SECONDS),
  TELEGRAM_BOT_NAME: E2E_TELEGRAM_BOT,
  // Cron on for scheduled publishing; the news fetch gets a rule that never comes round during a run.
  CRON_ENABLED: 'true',
  // Feeds are served from this machine (loopback), which the outbound guard refuses by default.
  OUTBOUND_ALLOW_PRIVATE: 'true',
  PUBLISH_SCHEDULE_CRON: E2E_PUBLISH_SCHEDULE_CRON,
  NEWS_FETCH_CRON: '0 0 1 1 *',
  // Several specs sign the same editor in to the panel within Strapi's 5-minute window.
  PANEL_LOGIN_RATE_LIMIT_MAX: '100',
  // The browser tests register many users and send many messages from one address.
  REGISTER_RATE_LIMIT_MAX: '100000',
  CONTACT_RATE_LIMIT_MAX: '100000',
  LOGIN_RATE_LIMIT_IP_MAX: '100000',
  // The specs read a page again right after changing it in the same browser: browsers revalidate every time
  // and never show a stale copy meanwhile (the shared caches' part and the purges are what the API tests check).
  CACHE_MAX_AGE: '0',
  CACHE_STALE_WHILE_REVALIDATE: '0',
  // This machine runs the browser and other work beside the server: its loop lags without any overload
  // from these tests (load shedding has its own API test, cms/tests/load-shed.test.ts).
  LOAD_SHED_LAG_MS: '2000',
  // Nor is a request that waits its turn behind the browser's others refused (cms/tests/load-shed-admission.test.ts).
  LOAD_SHED_WAIT_MS: '60000',
  // bcrypt at its lowest cost: the specs sign users up and in by the hundred (the API tests check the sign-in
  // floods at the production cost).
  PASSWORD_HASH_ROUNDS: '4',
  ADMIN_USERNAME: E2E_ADMIN.username,
  ADMIN_PASSWORD: E2E_ADMIN.password,
};
Object.assign(process.env, env);

await runSeed(env);
// The CMS panel editor, made the way `npm run create-editor` makes one: a panel user with the Editor role.
run(
  process.execPath,
  [
    path.join(ROOT, 'seed/dist/create-editor.js'),
    `--email=${E2E_EDITOR.email}`,
    `--password=${E2E_EDITOR.password}`,
    `--firstname=${E2E_EDITOR.firstname}`,
    `--lastname=${E2E_EDITOR.lastname}`,
  ],
  {
    env: { ...env, NODE_ENV: 'production' },
  },
);

// tests/e2e/fixtures/insert-scores.mjs finds the database here.
const stateFile = e2eStateFile(env.PORT);
fs.writeFileSync(stateFile, JSON.stringify({ dbFile: env.DATABASE_FILENAME }));
process.on('exit', () => fs.rmSync(stateFile, { force: true }));

const server = startCms({ env });
const stop = () => {
  server.kill('SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(stateFile, { force: true });
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
