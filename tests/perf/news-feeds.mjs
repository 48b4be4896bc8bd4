#!/usr/bin/env node
// News aggregation under load: one pass over the 21 real-world feeds in ../shared/feeds plus a 2 MB feed,
// all served from loopback, run by the panel's Fetch now on a seeded server started the way `npm start`
// starts it. Prints the pass time (first pass: everything new; second pass: nothing new), the server's
// peak resident memory during each pass, and the p50/p99 of GET /api/news/aggregate measured by
// autocannon while the pass runs, beside the same figures with no pass running.
//
//   node tests/perf/news-feeds.mjs            (from the repository root; builds CMS and seed if stale)
//
// Bar (reported, not asserted): a pass under 10 s, under 150 MB more memory than at rest, and the
// aggregate's p99 during a pass under 100 ms.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { buildCms, buildSeed } from '../../scripts/lib/build.mjs';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { run } from '../../scripts/lib/process.mjs';
import { startBenchServer } from './lib.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

const FEEDS_DIR = path.join(process.env.HAIC_SHARED_DIR || path.resolve(ROOT, '..', 'shared'), 'feeds');
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS || 10);
const EDITOR = { email: 'perf-editor@example.com', password: 'PerfEditor123!' };

const rssKb = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
};

function bigFeed() {
  const paragraph = `<p>${'Clinical AI triage study results &amp; discussion. '.repeat(700)}</p>`;
  const items = Array.from(
    { length: 60 },
    (_, i) => `<item><title>Big ${i}</title><link>https://big.example.org/${i}</link><content:encoded><![CDATA[${paragraph}]]></content:encoded></item>`,
  ).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Big</title>${items}</channel></rss>`;
}

function load(url, seconds) {
  const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { Accept: 'application/json' } });
  const done = new Promise((resolve, reject) => instance.on('done', resolve).on('error', reject));
  return { stop: () => instance.stop(), done };
}

async function main() {
  await buildCms();
  await buildSeed();
  const names = fs.readdirSync(FEEDS_DIR).filter((name) => name !== 'SOURCES.md');
  const big = bigFeed();
  const feeds = http.createServer((req, res) => {
    const name = path.basename(req.url ?? '');
    if (name === 'big.rss') return void res.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end(big);
    if (!names.includes(name)) return void res.writeHead(404).end();
    res
      .writeHead(200, { 'Content-Type': name === 'uol.rss' ? 'text/xml; charset=ISO-8859-1' : 'application/rss+xml' })
      .end(fs.readFileSync(path.join(FEEDS_DIR, name)));
  });
  await new Promise((resolve) => feeds.listen(0, '127.0.0.1', resolve));
  const feedBase = `http://127.0.0.1:${feeds.address().port}`;

  const server = await startBenchServer({ env: { NEWS_FEED_TIMEOUT_MS: '20000' } });
  try {
    run(process.execPath, [path.join(ROOT, 'seed/dist/create-editor.js'), `--email=${EDITOR.email}`, `--password=${EDITOR.password}`, '--firstname=Perf'], {
      env: { ...server.env, NODE_ENV: 'production' },
    });
    const base = server.baseURL;
    const login = await (
      await fetch(`${base}/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(EDITOR) })
    ).json();
    const token = login.data.token ?? login.data.accessToken;
    const admin = (method, url, body) =>
      fetch(base + url, { method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: body && JSON.stringify(body) });
    for (const name of [...names, 'big.rss']) {
      const response = await admin('POST', '/content-manager/collection-types/api::news-feed.news-feed', {
        name: `perf ${name}`,
        url: `${feedBase}/${name}`,
        category: 'other',
        enabled: true,
      });
      if (!response.ok) throw new Error(`could not add feed ${name}: ${response.status} ${await response.text()}`);
    }

    const aggregate = `${base}/api/news/aggregate`;
    await load(aggregate, 2).done; // warm-up
    const idle = await load(aggregate, 5).done;
    console.log(
      `feeds: ${names.length} real-world files + a ${(Buffer.byteLength(big) / 1e6).toFixed(1)} MB feed; ${CONNECTIONS} connections on GET /api/news/aggregate`,
    );
    console.log(`no pass running:  aggregate p50 ${idle.latency.p50} ms, p99 ${idle.latency.p99} ms, ${Math.round(idle.requests.average)} req/s`);

    for (const label of ['first pass (all new)', 'second pass (none new)']) {
      const rest = rssKb(server.pid);
      let peak = rest;
      const sampler = setInterval(() => (peak = Math.max(peak, rssKb(server.pid))), 20);
      const traffic = load(aggregate, 120);
      const started = performance.now();
      const response = await admin('POST', '/admin/news-feeds/fetch-now');
      const seconds = (performance.now() - started) / 1000;
      traffic.stop();
      const during = await traffic.done;
      clearInterval(sampler);
      const report = (await response.json()).data;
      const failed = report.feeds.filter((f) => f.error && !/skipped|no items|not a readable/.test(f.error));
      console.log(
        `${label}: ${seconds.toFixed(2)} s, ${report.created} items stored from ${report.feeds.length} feeds, ` +
          `peak RSS ${(peak / 1024).toFixed(0)} MB (+${((peak - rest) / 1024).toFixed(0)} MB over ${(rest / 1024).toFixed(0)} MB at rest); ` +
          `aggregate during the pass: p50 ${during.latency.p50} ms, p99 ${during.latency.p99} ms, ${during.requests.total} requests` +
          (failed.length ? `; FAILED: ${failed.map((f) => `${f.feed}: ${f.error}`).join(', ')}` : ''),
      );
    }
  } finally {
    server.stop();
    feeds.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
