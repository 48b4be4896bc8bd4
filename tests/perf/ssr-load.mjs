#!/usr/bin/env node
// The cost of server rendering: autocannon on loopback, 50 connections, against the server-rendered
// /blog (from the render cache, as visitors get it), /blog rendered afresh on every request (a
// query string bypasses the cache), and the static index.html that server rendering replaced.
// Then an edit to a post, and how soon /blog shows it (the cache is keyed by the content version).
// Bar (reported, not asserted): /blog HTML p99 < 50 ms on an idle machine.
//
//   node tests/perf/ssr-load.mjs      (from the repository root; needs `npm run build`)
import os from 'node:os';
import { createRequire } from 'node:module';
import { startBenchServer } from './lib.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

const DURATION_S = Number(process.env.LOAD_DURATION_S || 10);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS || 50);
const WARMUP_S = 2;

let counter = 0;
const ROUTES = [
  { name: 'GET /index.html (static shell)', path: '/index.html' },
  { name: 'GET /blog (server-rendered, cached)', path: '/blog' },
  // Every request another query string: rendered from scratch (blog data still from its cache).
  { name: 'GET /blog?n (rendered each time)', path: '/blog', fresh: true },
];

const run = (base, route, duration) =>
  new Promise((resolve, reject) => {
    autocannon(
      {
        url: base + route.path,
        connections: CONNECTIONS,
        duration,
        headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip' },
        ...(route.fresh ? { requests: [{ setupRequest: (req) => ({ ...req, path: `${route.path}?n=${(counter += 1)}` }) }] } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });

const server = await startBenchServer();
try {
  const base = server.baseURL;
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  console.log(`\nautocannon: ${CONNECTIONS} connections, ${DURATION_S} s per route, ${WARMUP_S} s warm-up, loopback`);
  console.log(`machine: ${os.cpus().length} cores, load average ${load} (latency tails grow with load)\n`);
  const rows = [];
  for (const route of ROUTES) {
    await run(base, route, WARMUP_S);
    const result = await run(base, route, DURATION_S);
    const row = {
      name: route.name,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      bad: result.non2xx + result.errors + result.timeouts,
    };
    rows.push(row);
    console.log(
      `${row.name.padEnd(40)} ${row.rps.toFixed(0).padStart(7)} req/s   p50 ${String(row.p50).padStart(4)} ms   p99 ${String(row.p99).padStart(4)} ms${row.bad ? `   (${row.bad} non-2xx/errors)` : ''}`,
    );
  }
  const [shell, cached, fresh] = rows;
  console.log(`\n/blog cached vs static shell: req/s x${(cached.rps / shell.rps).toFixed(2)}; rendered each time: x${(fresh.rps / shell.rps).toFixed(2)}`);
  console.log(`/blog p99 ${cached.p99} ms: ${cached.p99 < 50 ? 'meets' : 'MISSES'} the bar (< 50 ms)`);
} finally {
  server.stop();
}
