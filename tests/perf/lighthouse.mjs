#!/usr/bin/env node
// Lighthouse 12.8 (mobile, its default throttling) on the site's main pages, served by the built
// CMS on a seeded throw-away database. Prints the four category scores, TBT, CLS and LCP per page,
// and the size of the first script every page loads (the entry chunk), raw and brotli.
// Bars (reported, not asserted): performance >= 95, accessibility, best practices and SEO 100,
// TBT <= 150 ms, CLS < 0.05, LCP < 2.0 s on every page.
// One run varies with what else the machine is doing, so each page runs LIGHTHOUSE_RUNS times
// (default 3) and the median run is reported, as Lighthouse's guidance on variability advises
// (its own computeMedianRun), with the range of the performance score beside it.
//
//   node tests/perf/lighthouse.mjs      (from the repository root; needs `npm run build`)
//
// Lighthouse is installed by this script's first run, into tests/perf/lighthouse/ from its own lock file:
// the repository's install leaves it out (a tenth of its files, for a benchmark `npm test` does not run).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { NPM, log, run } from '../../scripts/lib/process.mjs';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { startBenchServer } from './lib.mjs';

const TOOL_DIR = path.join(ROOT, 'tests', 'perf', 'lighthouse');
const TOOL_MODULES = path.join(TOOL_DIR, 'node_modules');
if (!fs.existsSync(path.join(TOOL_MODULES, '.package-lock.json'))) {
  log('Installing Lighthouse for this benchmark (npm ci in tests/perf/lighthouse)...');
  run(NPM, ['ci', '--no-audit', '--no-fund'], { cwd: TOOL_DIR });
}
const fromTool = (file) => import(pathToFileURL(path.join(TOOL_MODULES, file)).href);
const chromeLauncher = await fromTool('chrome-launcher/dist/index.js');
const { default: lighthouse } = await fromTool('lighthouse/core/index.js');
const { computeMedianRun } = await fromTool('lighthouse/core/lib/median-run.js');

const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
// LIGHTHOUSE_PAGES=/contact,/signin runs only those.
const PAGES = process.env.LIGHTHOUSE_PAGES
  ? process.env.LIGHTHOUSE_PAGES.split(',')
  : ['/', '/blog', 'POST', '/news', '/games/nurse-help-me', '/haic-token', '/contact', '/signin'];
const SITE_DIR = path.join(ROOT, 'web', 'dist');

/** The entry chunk (the module script index.html loads on every page): raw and brotli-compressed bytes. */
function firstChunkSize() {
  const { file } = JSON.parse(fs.readFileSync(path.join(SITE_DIR, '.vite', 'manifest.json'), 'utf8'))['index.html'];
  const content = fs.readFileSync(path.join(SITE_DIR, file));
  const brotli = zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
  return `${file}: ${(content.length / 1024).toFixed(1)} KB raw, ${(brotli.length / 1024).toFixed(1)} KB brotli`;
}

const server = await startBenchServer({ env: { PUBLIC_URL: '' } });
let chrome;
try {
  const [post] = await (await fetch(`${server.baseURL}/api/blog?page=1&pageSize=1`)).json();
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows = [];
  for (const page of PAGES) {
    const path = page === 'POST' ? `/blog/${post.slug}` : page;
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      runs.push((await lighthouse(`${server.baseURL}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' })).lhr);
    }
    const perfScores = runs.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100));
    const lcps = runs.map((lhr) => lhr.audits['largest-contentful-paint'].numericValue / 1000);
    const tbts = runs.map((lhr) => lhr.audits['total-blocking-time'].numericValue);
    const { categories, audits } = computeMedianRun(runs);
    const score = (name) => Math.round((categories[name]?.score ?? 0) * 100);
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    rows.push({
      page: path.length > 40 ? `${path.slice(0, 37)}...` : path,
      perf: score('performance'),
      'perf range': `${Math.min(...perfScores)}-${Math.max(...perfScores)}`,
      a11y: score('accessibility'),
      bp: score('best-practices'),
      seo: score('seo'),
      'TBT ms': Math.round(audits['total-blocking-time'].numericValue),
      'TBT range': `${Math.round(Math.min(...tbts))}-${Math.round(Math.max(...tbts))}`,
      CLS: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
      'LCP s': Number((audits['largest-contentful-paint'].numericValue / 1000).toFixed(2)),
      'LCP range': `${Math.min(...lcps).toFixed(2)}-${Math.max(...lcps).toFixed(2)}`,
      failing: failing.join(' '),
    });
  }
  console.log(
    `Lighthouse mobile, median of ${RUNS} runs per page; ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  console.table(rows);
  console.log(`first chunk ${firstChunkSize()}`);
} finally {
  await chrome?.kill();
  server.stop();
}
