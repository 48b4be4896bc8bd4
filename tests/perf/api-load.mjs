#!/usr/bin/env node
// Content API load run: autocannon on loopback, 10 s and 50 connections per route, of the site's
// custom routes beside Strapi's stock blog read (GraphQL) and the health check, on the same seeded data.
//
//   node tests/perf/api-load.mjs            (from the repository root; builds CMS and seed if stale)
//
// It starts its own server the way tests/e2e/server.mjs does: a fresh seeded SQLite file in a temp
// folder, a free port, the built CMS. Prints requests/s, p50 and p99 per route and the ratios of the
// custom routes to the stock route. Bar (reported, not asserted): each custom route at least as fast
// as the GraphQL read, and p99 under 50 ms.
import os from 'node:os';
import { createRequire } from 'node:module';
import { buildCms, buildSeed } from '../../scripts/lib/build.mjs';
import { startBenchServer } from './lib.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

const DURATION_S = Number(process.env.LOAD_DURATION_S || 10);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS || 50);
const WARMUP_S = 2;

const ROUTES = [
  { name: 'GET /api/blog?page=1&pageSize=10', path: '/api/blog?page=1&pageSize=10', custom: true },
  { name: 'GET /api/news/aggregate', path: '/api/news/aggregate', custom: true },
  // Strapi's stock read (the stock REST /api/blog-posts is switched off by the allow-list): GraphQL blogPosts.
  {
    name: 'GET /graphql blogPosts (stock)',
    path: `/graphql?query=${encodeURIComponent('{ blogPosts(sort: ["publishedDate:desc"], pagination: { page: 1, pageSize: 10 }) { documentId title slug summary authorName publishedDate featuredImage { url } } }')}`,
    stock: true,
  },
  { name: 'GET /_health', path: '/_health' },
];

const run = (url, duration) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers: { Accept: 'application/json', 'apollo-require-preflight': 'true' } }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });

async function main() {
  await buildCms();
  await buildSeed();

  const server = await startBenchServer();
  const stop = () => server.stop();
  process.on('SIGINT', () => {
    stop();
    process.exit(130);
  });

  try {
    const base = server.baseURL;
    for (const route of ROUTES) {
      const response = await fetch(base + route.path, { headers: { Accept: 'application/json', 'apollo-require-preflight': 'true' } });
      if (response.status >= 300) throw new Error(`${route.path} answered ${response.status}`);
    }

    const load = os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
    console.log(`\nautocannon: ${CONNECTIONS} connections, ${DURATION_S} s per route, ${WARMUP_S} s warm-up, loopback`);
    console.log(`machine: ${os.cpus().length} cores, load average ${load} (latency tails grow with load)\n`);
    const rows = [];
    for (const route of ROUTES) {
      await run(base + route.path, WARMUP_S);
      const result = await run(base + route.path, DURATION_S);
      const row = {
        ...route,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx + result.errors + result.timeouts,
      };
      rows.push(row);
      console.log(
        `${row.name.padEnd(36)} ${row.rps.toFixed(0).padStart(7)} req/s   p50 ${String(row.p50).padStart(4)} ms   p99 ${String(row.p99).padStart(4)} ms${row.non2xx ? `   (${row.non2xx} non-2xx/errors)` : ''}`,
      );
    }

    const stock = rows.find((r) => r.stock);
    console.log('\nratios against the stock route (custom / stock):');
    for (const row of rows.filter((r) => r.custom)) {
      const rpsRatio = row.rps / stock.rps;
      const p99Ratio = row.p99 / stock.p99;
      const meets = rpsRatio >= 1 && row.p99 < 50;
      console.log(
        `${row.name.padEnd(36)} req/s x${rpsRatio.toFixed(2)}   p99 x${p99Ratio.toFixed(2)}   ${meets ? 'meets the bar' : 'MISSES the bar'} (>= stock req/s, p99 < 50 ms)`,
      );
    }
  } finally {
    stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
