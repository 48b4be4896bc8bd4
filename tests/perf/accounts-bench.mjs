#!/usr/bin/env node
// Accounts API benchmark: stats and game-history answers for a user with many stored games.
//
//   npx tsc -p cms/tsconfig.json && node tests/perf/accounts-bench.mjs      (from the repository root)
//
// Boots the compiled CMS (cms/dist) on a throw-away SQLite file, registers a user, stores SCORES games
// for them (and as many for other users, so the queries must filter), then drives
// GET /api/users/{id}/stats and GET /api/users/{id}/game-history (first and last page) with autocannon
// for a few seconds each and prints requests per second and latency. Figures only: nothing passes or fails.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
const cmsDir = path.join(root, 'cms');
const require = createRequire(path.join(cmsDir, 'package.json'));
const requireTests = createRequire(path.join(root, 'tests', 'package.json'));
const autocannon = requireTests('autocannon');

const SCORES = Number(process.env.SCORES || 5000);
const DURATION = Number(process.env.DURATION || 5);
const PORT = process.env.BENCH_PORT || '1489';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-bench-'));
Object.assign(process.env, {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT,
  DATABASE_CLIENT: 'sqlite',
  DATABASE_FILENAME: path.join(dir, 'bench.db'),
  ENV_PATH: path.join(dir, 'no.env'),
  APP_KEYS: 'benchA,benchB',
  API_TOKEN_SALT: 'bench-salt',
  ADMIN_JWT_SECRET: 'bench-admin-secret',
  TRANSFER_TOKEN_SALT: 'bench-transfer',
  JWT_SECRET: 'bench-jwt-secret',
  ENCRYPTION_KEY: 'bench-encryption-key-0123456789ab',
  CRON_ENABLED: 'false',
});

const { createStrapi } = require('@strapi/strapi');
const strapi = createStrapi({ appDir: cmsDir, distDir: path.join(cmsDir, 'dist') });
strapi.log.level = 'error';
await strapi.start();

try {
  const accounts = strapi.service('api::account.account');
  const { token, user } = await accounts.register({ username: 'benchnurse', email: 'bench@example.com', password: 'Bench!2026x' });
  const other = await accounts.register({ username: 'othernurse', email: 'other@example.com', password: 'Bench!2026x' });

  const started = Date.now();
  const scores = strapi.db.query('api::game-score.game-score');
  for (const owner of [user.id, other.user.id]) {
    for (let i = 0; i < SCORES; i++) {
      const level = (i % 10) + 1;
      await scores.create({
        data: { user: owner, score: level * 100, level, timeElapsed: 60 + (i % 500), bonusPoints: 900 - (i % 500), totalPoints: level * 100 + 900 - (i % 500), sessionId: `bench-${owner}-${i}`, playedDate: new Date(Date.UTC(2026, 0, 1) + i * 60_000) },
      });
    }
  }
  console.log(`stored ${SCORES * 2} games in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const lastPage = Math.ceil(SCORES / 10);
  const targets = [
    ['stats', `/api/users/${user.id}/stats`],
    ['history page 1', `/api/users/${user.id}/game-history?pageNumber=1&pageSize=10`],
    [`history page ${lastPage}`, `/api/users/${user.id}/game-history?pageNumber=${lastPage}&pageSize=10`],
  ];
  console.log(`${SCORES} games for the user; ${DURATION} s per target, 10 connections`);
  for (const [name, url] of targets) {
    const result = await autocannon({ url: `http://127.0.0.1:${PORT}${url}`, connections: 10, duration: DURATION, headers: { Authorization: `Bearer ${token}` } });
    const ok = result['2xx'];
    console.log(
      `${name.padEnd(18)} ${String(Math.round(result.requests.average)).padStart(6)} req/s   latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms   (${ok} ok, ${result.non2xx} not ok)`,
    );
  }
} finally {
  await strapi.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
