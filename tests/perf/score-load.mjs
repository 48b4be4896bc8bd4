#!/usr/bin/env node
// Score verification under load: /api/blog latency alone, then while 20 clients keep submitting
// full-length runs (input logs the server replays in its worker pool), and the leaderboard under the
// same autocannon load as /api/news/aggregate.
//
//   node tests/perf/score-load.mjs            (from the repository root; builds CMS and seed if stale)
//
// "Full-length": the longest run any session can submit without playing well, standing still until
// level 1's clock runs out three times (21,704 steps, 3x the steps of a fast 10-level win), so every
// submission costs the server a long replay. Each submission is a new session (a new row).
// Bar (reported, not asserted): /api/blog p99 rises by less than 2x during the submissions.
import os from 'node:os';
import { createRequire } from 'node:module';
import { buildCms, buildSeed } from '../../scripts/lib/build.mjs';
import { startBenchServer } from './lib.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const contract = require('../../contract/dist/index.js');

const DURATION_S = Number(process.env.LOAD_DURATION_S || 10);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS || 10);
const SUBMITTERS = 20;

const cannon = (url, duration, connections = CONNECTIONS) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers: { Accept: 'application/json' } }, (error, result) => (error ? reject(error) : resolve(result)));
  });

/** The standing-still log: session independent (no virus comes near the start). */
function fullLengthRun() {
  const sessionId = 'template-session';
  const recorder = new contract.InputRecorder();
  let s = contract.startGame({ seed: contract.seedFromSession(sessionId) });
  while (!contract.isFinished(s)) {
    recorder.record(contract.NO_INPUT);
    s = contract.step(s, contract.NO_INPUT);
  }
  return { ...contract.finalResult(s), inputLog: recorder.encode(), steps: s.steps };
}

async function main() {
  await buildCms();
  await buildSeed();
  const server = await startBenchServer({
    // The bench measures verification, not the rate limit.
    env: { SCORE_RATE_LIMIT_ACCOUNT_MAX: '1000000', SCORE_RATE_LIMIT_IP_MAX: '1000000' },
  });
  process.on('SIGINT', () => {
    server.stop();
    process.exit(130);
  });
  const base = server.baseURL;
  try {
    const issued = await fetch(`${base}/api/xsrf`);
    const cookie = issued.headers
      .getSetCookie()
      .find((c) => c.startsWith('XSRF-TOKEN='))
      .split(';')[0];
    const xsrf = decodeURIComponent(cookie.slice('XSRF-TOKEN='.length));
    const run = fullLengthRun();
    let wallet = 0;
    const submit = async () => {
      const body = {
        ...run,
        steps: undefined,
        sessionId: `load-${process.pid}-${++wallet}-${Math.random().toString(36).slice(2)}`,
        XRPLWallet: `GUEST_${String(wallet % 1e8).padStart(8, '0')}`,
      };
      const started = performance.now();
      const response = await fetch(`${base}/api/game/nursehelpme/score`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie, 'X-XSRF-TOKEN': xsrf },
        body: JSON.stringify(body),
      });
      const answer = await response.json();
      // Every run is replayed in full; without a run ticket it is then stored unranked (the same cost).
      if (response.status !== 200 || answer.success !== true)
        throw new Error(`submission answered ${response.status}: ${JSON.stringify(answer).slice(0, 200)}`);
      return performance.now() - started;
    };
    await submit(); // warm the worker pool

    const blog = `${base}/api/blog?page=1&pageSize=10`;
    console.log(
      `\nmachine: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    console.log(`full-length run: ${run.steps.toLocaleString('en-US')} steps, log ${run.inputLog.length} chars`);
    await cannon(blog, 2);
    const alone = await cannon(blog, DURATION_S);
    console.log(
      `/api/blog alone:                    ${alone.requests.average.toFixed(0).padStart(6)} req/s  p50 ${alone.latency.p50} ms  p99 ${alone.latency.p99} ms`,
    );

    let stop = false;
    const latencies = [];
    const submitters = Array.from({ length: SUBMITTERS }, async () => {
      while (!stop) latencies.push(await submit());
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const loaded = await cannon(blog, DURATION_S);
    stop = true;
    await Promise.all(submitters);
    latencies.sort((a, b) => a - b);
    const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(0);
    const seconds = DURATION_S + 1;
    console.log(
      `/api/blog with ${SUBMITTERS} submitters:        ${loaded.requests.average.toFixed(0).padStart(6)} req/s  p50 ${loaded.latency.p50} ms  p99 ${loaded.latency.p99} ms`,
    );
    console.log(
      `submissions: ${latencies.length} replayed in ~${seconds} s (${(latencies.length / seconds).toFixed(1)}/s), latency p50 ${pct(50)} ms p99 ${pct(99)} ms`,
    );
    const ratio = loaded.latency.p99 / Math.max(1, alone.latency.p99);
    console.log(`/api/blog p99 x${ratio.toFixed(2)} under submission load: ${ratio < 2 ? 'meets the bar' : 'MISSES the bar'} (< 2x)`);

    // The leaderboard under the load run's settings for /api/news/aggregate (50 connections).
    for (const path of ['/api/news/aggregate', '/api/leaderboard?period=all&limit=50', '/api/leaderboard?period=week']) {
      await cannon(base + path, 2, 50);
      const r = await cannon(base + path, DURATION_S, 50);
      console.log(
        `GET ${path.padEnd(36)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms${r.non2xx ? `  (${r.non2xx} non-2xx)` : ''}`,
      );
    }
  } finally {
    server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
