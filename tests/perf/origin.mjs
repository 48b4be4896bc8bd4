#!/usr/bin/env node
// Origin benchmark: how close one instance comes to a static file server. In one run, wrk
// (THREADS threads, CONNECTIONS connections, SECONDS s each, Accept-Encoding: gzip) asks nginx (one worker)
// for the gzip bytes of the cached home page as a static file, then the site (started as `npm start`
// starts it, seeded) for the cached page, /_health, a 304 (If-None-Match), and each public read. It prints
// req/s and each share of nginx's rate, beside the targets: cached page >= 20 % (aim 30 %), /_health
// >= 25 %, 304 >= 20 %, public reads >= 10 %, each printed PASS or FAIL (the exit code stays 0: figures only).
// nginx is measured first and again last; the shares are of the mean of both runs. Beside them, the CPU time
// each request cost the serving process (CPU µs/req) and nginx's cost as a share of it: on a busy, shared
// machine the rates move with the neighbours' load, the CPU cost per request much less.
//
//   npm run build && node tests/perf/origin.mjs        (needs wrk and nginx: apt-get install wrk nginx)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForHttp } from '../../scripts/lib/server.mjs';
import { startBenchServer } from './lib.mjs';

const SECONDS = Number(process.env.SECONDS_PER_RUN || 10);
const CONNECTIONS = Number(process.env.CONNECTIONS || 32);
const THREADS = Number(process.env.THREADS || 2);
const WRK = process.env.WRK || '/usr/bin/wrk';
const NGINX = process.env.NGINX || '/usr/sbin/nginx';
for (const [name, bin] of [
  ['wrk', WRK],
  ['nginx', NGINX],
]) {
  if (spawnSync(bin, ['-v']).error) {
    console.error(`${name} not found at ${bin}`);
    process.exit(1);
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-origin-'));
// nginx's worker may run as another user (started as root): it must read the file.
fs.chmodSync(dir, 0o755);
const server = await startBenchServer();
const base = server.baseURL;
let nginx = null;

/** CPU seconds (user + system) a process and its children have used so far (nginx's worker is its master's child). */
function cpuSeconds(pid) {
  let ticks = 0;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      for (const child of fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) ticks += cpuSeconds(Number(child)) * 100;
    }
  } catch {
    // gone
  }
  return ticks / 100;
}

/** wrk against url: req/s, and the CPU µs the serving process (pid) spent per request, which a busy machine moves far less than the rate. */
function wrk(url, headers = {}, pid = null) {
  const cpuBefore = pid ? cpuSeconds(pid) : NaN;
  const args = [`-t${THREADS}`, `-c${CONNECTIONS}`, `-d${SECONDS}s`, '-H', 'Accept-Encoding: gzip'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve) => {
    const child = spawn(WRK, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', () => {
      const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN);
      const cpuUs = ((cpuSeconds(pid) - cpuBefore) * 1e6) / requests;
      resolve({ rate: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN), bad: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0), cpuUs });
    });
  });
}

try {
  // The cached page's gzip bytes as the site sends them, kept for nginx to serve as a file.
  await fetch(`${base}/`).then((r) => r.arrayBuffer());
  const { etag, bytes } = await new Promise((resolve, reject) => {
    http
      .get(`${base}/`, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ etag: res.headers.etag, bytes: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
  fs.mkdirSync(path.join(dir, 'www'));
  fs.writeFileSync(path.join(dir, 'www', 'index.html'), bytes);
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp-body;
  proxy_temp_path ${dir}/tmp-proxy;
  fastcgi_temp_path ${dir}/tmp-fastcgi;
  uwsgi_temp_path ${dir}/tmp-uwsgi;
  scgi_temp_path ${dir}/tmp-scgi;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/www;
    location / { default_type text/html; add_header Content-Encoding gzip; add_header Vary Accept-Encoding; try_files /index.html =404; }
  }
}
`,
  );
  nginx = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: 'ignore' });
  await waitForHttp(`http://127.0.0.1:${port}/`, { child: nginx, timeoutMs: 10000 });

  console.log(`origin benchmark: wrk -t${THREADS} -c${CONNECTIONS} ${SECONDS} s each, Accept-Encoding: gzip; the home page is ${bytes.length} bytes gzip`);
  const runs = [
    ['nginx, the same bytes as a static file (1 worker)', `http://127.0.0.1:${port}/`, {}, null],
    ['the site, cached /', `${base}/`, {}, 20],
    ['the site, /_health', `${base}/_health`, {}, 25],
    ['the site, 304 for / (If-None-Match)', `${base}/`, { 'If-None-Match': etag }, 20],
    ['/api/blog?page=1&pageSize=10', `${base}/api/blog?page=1&pageSize=10`, {}, 10],
    ['/api/news/aggregate', `${base}/api/news/aggregate`, {}, 10],
    ['/api/leaderboard', `${base}/api/leaderboard`, {}, 10],
    ['/blog/rss.xml', `${base}/blog/rss.xml`, {}, 10],
    ['/sitemap.xml', `${base}/sitemap.xml`, {}, 10],
  ];
  // nginx runs first and again last: on a shared machine its rate moves, and shares are of the mean of both.
  const measured = [];
  for (const [name, url, headers, target] of [...runs, runs[0]]) {
    // Warm: the first answer fills the copies.
    await fetch(url, { headers: { 'Accept-Encoding': 'gzip', ...headers } }).then((r) => r.arrayBuffer());
    measured.push({ name, headers, target, ...(await wrk(url, headers, target === null ? nginx.pid : server.pid)) });
  }
  const nginxRuns = measured.filter((m) => m.target === null).map((m) => m.rate);
  const nginxRate = nginxRuns.reduce((a, b) => a + b, 0) / nginxRuns.length;
  const nginxCpu = measured.filter((m) => m.target === null).reduce((sum, m, _, all) => sum + m.cpuUs / all.length, 0);
  let allMet = true;
  console.log(`nginx ${nginxRuns.map((r) => r.toFixed(0)).join(' then ')} req/s (first and last run): shares are of their mean, ${nginxRate.toFixed(0)}`);
  console.log(
    `${'what'.padEnd(52)} ${'req/s'.padStart(9)} ${'of nginx'.padStart(9)} ${'CPU µs/req'.padStart(10)} ${'CPU share'.padStart(9)}  target (on the req/s share)`,
  );
  for (const { name, headers, target, rate, bad, cpuUs } of measured.slice(0, -1)) {
    const share = (rate / nginxRate) * 100;
    const met = share >= target;
    if (target !== null && !met) allMet = false;
    const note =
      target === null
        ? ''
        : `>= ${target} %  ${met ? 'PASS' : 'FAIL'}${target === 20 && name.includes('cached') ? ` (aim 30 %: ${share >= 30 ? 'reached' : 'not reached'})` : ''}`;
    const cpuShare = `${((nginxCpu / cpuUs) * 100).toFixed(1)} %`;
    console.log(
      `${name.padEnd(52)} ${rate.toFixed(0).padStart(9)} ${`${share.toFixed(1)} %`.padStart(9)} ${cpuUs.toFixed(1).padStart(10)} ${cpuShare.padStart(9)}  ${note}${bad && !headers['If-None-Match'] ? `  ${bad} non-2xx` : ''}`,
    );
  }
  console.log(`origin: ${allMet ? 'PASS, every target met' : 'FAIL, not every target met'}`);
} finally {
  nginx?.kill('SIGTERM');
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
