// Shared by the benchmarks: a seeded throw-away server started the way `npm start` starts it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runSeed } from '../../scripts/lib/build.mjs';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { freePort, startCms, waitForHttp } from '../../scripts/lib/server.mjs';

/**
 * `dir`: a folder the caller owns (its SQLite file survives stop(), so a second server can start on the
 * same data); by default a fresh one, removed by stop(). `env` overrides any setting, e.g. the
 * DATABASE_* variables of a PostgreSQL database. stop() sends SIGTERM and resolves once the server exited.
 */
export async function startBenchServer({ siteDir = path.join(ROOT, 'web', 'dist'), env = {}, dir: givenDir, readyTimeoutMs = 120000 } = {}) {
  const dir = givenDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'haic-perf-'));
  const port = await freePort();
  const serverEnv = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_CLIENT: 'sqlite',
    DATABASE_FILENAME: path.join(dir, 'perf.db'),
    ENV_PATH: path.join(dir, 'no.env'),
    SITE_DIST_DIR: siteDir,
    // Feeds are served from this machine (loopback), which the outbound guard refuses by default.
    OUTBOUND_ALLOW_PRIVATE: 'true',
    APP_KEYS: 'perfKeyA,perfKeyB',
    API_TOKEN_SALT: 'perf-api-token-salt',
    ADMIN_JWT_SECRET: 'perf-admin-jwt-secret',
    TRANSFER_TOKEN_SALT: 'perf-transfer-token-salt',
    JWT_SECRET: 'perf-jwt-secret',
    ENCRYPTION_KEY: 'perf-encryption-key-0123456789abc',
    RUN_TICKET_SECRET: 'perf-run-ticket-secret-0123456789',
    TELEGRAM_WEBHOOK_SECRET: 'perf-telegram-secret',
    ADMIN_USERNAME: 'perfadmin',
    ADMIN_PASSWORD: 'PerfAdminPass1!',
    CRON_ENABLED: 'false',
    ...env,
  };
  await runSeed(serverEnv);
  const server = startCms({ env: serverEnv, stdio: 'ignore' });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseURL}/_health`, { child: server, timeoutMs: readyTimeoutMs });
  return {
    baseURL,
    env: serverEnv,
    pid: server.pid,
    stop: () => {
      const exited = server.exitCode !== null || server.signalCode !== null ? Promise.resolve() : new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      if (!givenDir) fs.rmSync(dir, { recursive: true, force: true });
      return exited;
    },
  };
}

/** The resident memory of a process and its children, bytes. */
export function residentBytes(pid) {
  let total = 0;
  try {
    total += Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      for (const child of fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) total += residentBytes(Number(child));
    }
  } catch {
    // the process is gone
  }
  return total;
}
