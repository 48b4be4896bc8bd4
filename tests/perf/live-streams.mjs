#!/usr/bin/env node
// Live streams benchmark: LIVE_STREAMS (5,000) clients hold GET /api/live open on one instance,
// started as `npm start` starts it, while a probe in a process of its own times /_health every 10 ms. Prints:
// - the memory each open stream costs the server (its RSS before and after, over the streams);
// - the time from a ranked run's answer to its board event on the first stream and on the last;
// - /_health p95 and maximum while the streams open, while they sit (a heartbeat tick included) and while
//   the event goes out.
// Targets (PASS or FAIL each; figures only, the exit code stays 0): every stream opens; a stream costs at
// most 8 KB of RSS; the event reaches all of them within 1 s; /_health p95 < 100 ms throughout.
//
//   npm run build && node tests/perf/live-streams.mjs          LIVE_STREAMS=10000 for the per-instance bound
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { rankedGuestRun } from '../lib/ranked-run.mjs';
import { startBenchServer } from './lib.mjs';

const STREAMS = Number(process.env.LIVE_STREAMS || 5000);
const OPENING_AT_ONCE = 200;
const METRICS_TOKEN = 'perf-live-metrics';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const server = await startBenchServer({ env: { LIVE_MAX_STREAMS: String(STREAMS), LIVE_STREAMS_PER_CLIENT: String(STREAMS), METRICS_TOKEN } });
const base = server.baseURL;
const rssBytes = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]) * 1024;
async function metric(name) {
  const text = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1]);
}
const percentile = (values, p) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
};

/** The /_health probe, in a process of its own (this one reads 5,000 streams): [sent at, ms] per probe. */
function startProbe() {
  const code = `
    const http = require('http');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const samples = [];
    let stop = false;
    process.stdin.on('data', () => { stop = true; });
    (async () => {
      while (!stop) {
        const at = Date.now();
        const started = process.hrtime.bigint();
        await new Promise((resolve) => http.get(${JSON.stringify(`${base}/_health`)}, { agent }, (res) => { res.resume(); res.on('end', resolve); }).on('error', resolve));
        samples.push([at, Number(process.hrtime.bigint() - started) / 1e6]);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      process.stdout.write(JSON.stringify(samples));
      process.exit(0);
    })();`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  return {
    stop: () =>
      new Promise((resolve) => {
        child.on('exit', () => resolve(JSON.parse(out)));
        child.stdin.write('stop\n');
      }),
  };
}

/** One client's stream: resolves once its head came; `board` is when it first said `event: board`. */
function openStream() {
  return new Promise((resolve) => {
    const req = http.get(`${base}/api/live`, { agent: false, headers: { Accept: 'text/event-stream' } }, (res) => {
      const stream = { status: res.statusCode, board: null, tail: '', close: () => req.destroy() };
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        stream.tail = (stream.tail + chunk).slice(-200);
        if (stream.board === null && stream.tail.includes('event: board')) stream.board = Date.now();
      });
      res.on('error', () => undefined);
      resolve(stream);
    });
    req.on('error', () => resolve({ status: 0, board: null, close: () => undefined }));
  });
}

/** A guest's whole game on a ticket the server's secret signed ten minutes ago: it ranks, and its board event goes out. */
async function rankedRun() {
  const run = rankedGuestRun({
    secret: server.env.RUN_TICKET_SECRET,
    seed: 4242,
    runId: '00000000-0000-4000-8000-00000000b001',
    sessionId: `live-bench-${Date.now()}`,
  });
  const response = await fetch(`${base}/api/game/nursehelpme/score`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: 'XSRF-TOKEN=bench', 'X-XSRF-TOKEN': 'bench' },
    body: JSON.stringify(run),
  });
  const body = await response.json();
  if (!body.verified) throw new Error(`the bench's run did not rank: ${JSON.stringify(body)}`);
  return Date.now();
}

const streams = [];
try {
  for (const url of ['/', '/api/leaderboard', '/_health']) await fetch(`${base}${url}`).then((r) => r.arrayBuffer());
  await sleep(2000);
  const before = { rss: rssBytes() };
  const probe = startProbe();
  await sleep(500);

  const openingFrom = Date.now();
  for (let i = 0; i < STREAMS; i += OPENING_AT_ONCE)
    streams.push(...(await Promise.all(Array.from({ length: Math.min(OPENING_AT_ONCE, STREAMS - i) }, openStream))));
  const openedAt = Date.now();
  const open = streams.filter((stream) => stream.status === 200).length;
  // Long enough for a heartbeat tick (every 10 s) to write to every stream.
  await sleep(12_000);
  const after = { rss: rssBytes(), streams: await metric('live_streams_open') };
  const sittingUntil = Date.now();

  const answered = await rankedRun();
  while (Date.now() - answered < 30_000 && streams.some((stream) => stream.status === 200 && stream.board === null)) await sleep(5);
  const deliveredUntil = Date.now();
  const reached = streams.filter((stream) => stream.board !== null).map((stream) => stream.board - answered);
  await sleep(500);
  const samples = await probe.stop();

  const during = (from, to) => samples.filter(([at]) => at >= from && at <= to).map(([, ms]) => ms);
  const health = {
    opening: during(openingFrom, openedAt),
    sitting: during(openedAt, sittingUntil),
    delivering: during(answered, deliveredUntil + 100),
    all: samples.map(([, ms]) => ms),
  };
  const perStream = (bytes) => (bytes / Math.max(1, open) / 1024).toFixed(2);
  const firstMs = Math.min(...reached);
  const lastMs = Math.max(...reached);
  const p95 = percentile(health.all, 95);

  console.log(`live streams: ${open} of ${STREAMS} open (the server counts ${after.streams}), opened in ${((openedAt - openingFrom) / 1000).toFixed(1)} s`);
  console.log(
    `  memory per stream: ${perStream(after.rss - before.rss)} KB of RSS (${(before.rss / 2 ** 20).toFixed(0)} -> ${(after.rss / 2 ** 20).toFixed(0)} MB)`,
  );
  console.log(`  one board event to all: first stream ${firstMs} ms, last ${lastMs} ms after the ranked run's answer (${reached.length} reached)`);
  for (const [phase, values] of Object.entries(health))
    console.log(
      `  /_health while ${phase.padEnd(10)}: p95 ${percentile(values, 95).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms (${values.length} probes)`,
    );
  const verdict = (name, ok) => console.log(`  ${ok ? 'PASS' : 'FAIL'} ${name}`);
  verdict(`every stream opens (${open}/${STREAMS})`, open === STREAMS && after.streams === STREAMS);
  verdict(`a stream costs at most 8 KB of RSS (${perStream(after.rss - before.rss)} KB)`, (after.rss - before.rss) / open <= 8 * 1024);
  verdict(`the event reaches every stream within 1 s (${lastMs} ms)`, reached.length === open && lastMs <= 1000);
  verdict(`/_health p95 < 100 ms throughout (${p95.toFixed(1)} ms)`, p95 < 100);
} finally {
  for (const stream of streams) stream.close();
  await server.stop();
}
