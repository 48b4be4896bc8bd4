// The JavaScript the home page loads, gzipped (budget 100 KB), and which chunks those are.
// Apollo, the game and other pages' code must not be among them.
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../lib/chromium.mjs';
import { startBenchServer } from './lib.mjs';

const BUDGET_KB = 100;
const server = await startBenchServer();
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') {
      const body = await response.body();
      scripts.push({
        url: new URL(response.url()).pathname,
        raw: body.length,
        gzip: zlib.gzipSync(body, { level: 9 }).length,
        encoding: response.headers()['content-encoding'] ?? 'none',
      });
    }
  });
  await page.goto(`${server.baseURL}/`, { waitUntil: 'networkidle' });
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  console.log('home page JavaScript:');
  for (const s of scripts)
    console.log(
      `  ${s.url.padEnd(48)} ${(s.raw / 1024).toFixed(1).padStart(7)} KB raw ${(s.gzip / 1024).toFixed(1).padStart(6)} KB gzip (served ${s.encoding})`,
    );
  console.log(
    `home-bundle: ${(total / 1024).toFixed(1)} KB gzipped JavaScript in ${scripts.length} files (budget ${BUDGET_KB} KB: ${total / 1024 <= BUDGET_KB ? 'within' : 'OVER'})`,
  );
  const leaks = scripts.filter((s) => /apollo|Game|engine|Blog|Admin/i.test(s.url));
  console.log(`home-bundle: chunks that belong to other pages: ${leaks.length ? leaks.map((s) => s.url).join(', ') : 'none'}`);
} finally {
  await browser.close();
  server.stop();
}
