#!/usr/bin/env node
// Scale benchmark: requests/s of GET /api/blog and of guest score submissions through a round-robin
// proxy (its own process) with one and then two CMS instances on one PostgreSQL. Prints both figures
// and the two-instance / one-instance ratio. Needs PostgreSQL server binaries (PG_BIN or Debian's).
//
//   node tests/perf/scale-bench.mjs
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { buildCms, buildSeed } from '../../scripts/lib/build.mjs';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { freePort } from '../../scripts/lib/server.mjs';
import { findPostgres } from '../../scripts/lib/system.mjs';
import { startPostgres } from '../postgres/server.mjs';
import { DB_PASSWORD, startInstance, stopInstance } from '../scale/cluster.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

const DURATION_S = Number(process.env.LOAD_DURATION_S || 10);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS || 20);
const XSRF = { Cookie: 'XSRF-TOKEN=bench', 'X-XSRF-TOKEN': 'bench' };

let wallet = 0;
/** A guest submission the game could have produced (level 3, 40 coins, 125 s), new session each time. */
const scoreBody = () => {
  const score = 3 * 100 + 40 * 10;
  const bonusPoints = 1000 - 125;
  return JSON.stringify({
    score,
    level: 3,
    timeElapsed: 125,
    bonusPoints,
    totalPoints: score + bonusPoints,
    sessionId: crypto.randomUUID(),
    XRPLWallet: `GUEST_${String(++wallet % 1e8).padStart(8, '0')}`,
  });
};

const ROUTES = [
  { name: 'GET /api/blog', request: { method: 'GET', path: '/api/blog?page=1&pageSize=10' } },
  {
    name: 'POST score (guest)',
    request: { method: 'POST', path: '/api/game/nursehelpme/score', headers: { 'Content-Type': 'application/json', ...XSRF } },
    setupRequest: (request) => ({ ...request, body: scoreBody() }),
  },
];

const load = (base, route, duration) =>
  new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration,
        timeout: 30,
        requests: [route.setupRequest ? { ...route.request, setupRequest: route.setupRequest } : route.request],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });

async function startProxyProcess(upstreams) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'tests/scale/proxy-process.mjs'), String(port), ...upstreams.map((u) => String(u.port))], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', () => reject(new Error('proxy exited')));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

async function main() {
  const pgBin = findPostgres();
  if (!pgBin) {
    console.log('scale-bench: no PostgreSQL server binaries here; skipped.');
    return;
  }
  await buildCms();
  await buildSeed();
  const pg = await startPostgres({ pgBin, password: DB_PASSWORD });
  const instances = [];
  try {
    // Production settings. (All load comes from one IP: a per-IP score limit must be lifted here.)
    const extra = { SCORE_RATE_LIMIT_IP_MAX: '1000000', SCORE_RATE_LIMIT_ACCOUNT_MAX: '1000000' };
    instances.push(await startInstance({ pgPort: pg.port, name: 'a', extra }));
    instances.push(await startInstance({ pgPort: pg.port, name: 'b', extra }));
    await Promise.all(instances.map((i) => i.ready));

    console.log(`\nautocannon: ${CONNECTIONS} connections, ${DURATION_S} s per run after a 2 s warm-up, through a round-robin proxy process`);
    console.log(
      `machine: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}\n`,
    );
    const figures = {};
    for (const count of [1, 2]) {
      const proxy = await startProxyProcess(instances.slice(0, count));
      try {
        for (const route of ROUTES) {
          await load(proxy.base, route, 2);
          const result = await load(proxy.base, route, DURATION_S);
          const bad = result.non2xx + result.errors + result.timeouts;
          figures[`${route.name}:${count}`] = result.requests.average;
          console.log(
            `${route.name.padEnd(20)} ${count} instance${count > 1 ? 's' : ' '}  ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(5)} ms${bad ? `   (${bad} non-2xx/errors)` : ''}`,
          );
        }
      } finally {
        proxy.stop();
      }
    }
    console.log('\ntwo instances / one instance:');
    for (const route of ROUTES) {
      console.log(`${route.name.padEnd(20)} x${(figures[`${route.name}:2`] / figures[`${route.name}:1`]).toFixed(2)}`);
    }
    console.log(
      `\nExpect well under 2x on ${os.cpus().length} cores: both instances, PostgreSQL, the proxy and the load generator share them,` +
        ' and one instance already keeps more than one core busy (Node plus PostgreSQL), so a second instance mostly adds' +
        ' contention (what it buys here is that a slow request on one instance no longer holds up the queue of the other).' +
        ' On separate machines each instance brings its own cores and the ratio approaches the instance count until' +
        ` PostgreSQL (score writes) is the limit. Load average now ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}:` +
        ' with other work on the machine the figures are noise.',
    );
  } finally {
    await Promise.all(instances.map((i) => stopInstance(i)));
    pg.stop();
  }
}

await main();
