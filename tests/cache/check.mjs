#!/usr/bin/env node
// The cache in front (issue 29): Debian's varnishd with the repository's VCL (.varnish.vcl, its
// backend pointed at a fresh instance of the site) in front of the site. Checks: the second GET of a page
// is a hit; a publish in the panel purges it (the site sends PURGE to CACHE_PURGE_URLS) and the next GET
// shows the new post; a page is still served while the site is stopped. `npm test -- cache` runs it when
// varnishd is installed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { freePort, waitForHttp } from '../../scripts/lib/server.mjs';
import { startBenchServer } from '../perf/lib.mjs';

const VARNISHD = process.env.VARNISHD || '/usr/sbin/varnishd';
const checks = [];
const check = (name, ok, detail = '') => {
  checks.push(ok);
  console.log(`  ${ok ? '✓' : '✗'} ${name}${ok ? '' : `: ${detail}`}`);
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-cache-'));
const varnishPort = await freePort();
const PANEL = { email: 'cache-editor@example.com', password: 'CacheEditor123!' };
let varnish = null;
let server = null;
try {
  server = await startBenchServer({ env: { CACHE_PURGE_URLS: `http://127.0.0.1:${varnishPort}/`, PANEL_ADMIN_EMAIL: PANEL.email, PANEL_ADMIN_PASSWORD: PANEL.password } });
  const sitePort = new URL(server.baseURL).port;
  const vcl = fs
    .readFileSync(path.join(ROOT, '.varnish.vcl'), 'utf8')
    .replace('.host = "cms";', '.host = "127.0.0.1";')
    .replace('.port = "1337";', `.port = "${sitePort}";`);
  fs.writeFileSync(path.join(dir, 'default.vcl'), vcl);
  const compiled = spawnSync(VARNISHD, ['-C', '-j', 'none', '-f', path.join(dir, 'default.vcl'), '-n', path.join(dir, 'compile')], { encoding: 'utf8' });
  check('the VCL compiles', compiled.status === 0, compiled.stderr.slice(0, 500));
  varnish = spawn(VARNISHD, ['-F', '-j', 'none', '-n', path.join(dir, 'work'), '-a', `127.0.0.1:${varnishPort}`, '-f', path.join(dir, 'default.vcl'), '-s', 'malloc,64m', '-p', 'default_ttl=0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let varnishErrors = '';
  varnish.stderr.on('data', (chunk) => (varnishErrors += chunk));
  await waitForHttp(`http://127.0.0.1:${varnishPort}/_health`, { child: varnish, timeoutMs: 30000 }).catch((error) => {
    throw new Error(`${error.message}\n${varnishErrors}`);
  });
  const front = `http://127.0.0.1:${varnishPort}`;
  const get = (url) => fetch(`${front}${url}`, { headers: { 'Accept-Encoding': 'gzip' } }).then(async (r) => ({ status: r.status, cache: r.headers.get('x-cache'), age: Number(r.headers.get('age')), text: await r.text() }));

  // 1. The second GET is a hit.
  const first = await get('/blog');
  const second = await get('/blog');
  check('the first GET of /blog is fetched from the site', first.status === 200 && first.cache === 'MISS', `${first.status} ${first.cache}`);
  check('the second GET of /blog is a hit', second.status === 200 && second.cache === 'HIT', `${second.status} ${second.cache}`);
  const xsrf = await fetch(`${front}/api/xsrf`);
  const xsrfAgain = await fetch(`${front}/api/xsrf`);
  check(
    'GET /api/xsrf is never kept (each answer sets a cookie)',
    xsrf.headers.getSetCookie().length > 0 && xsrfAgain.headers.getSetCookie().length > 0 && xsrfAgain.headers.get('x-cache') === 'MISS',
    `${xsrf.status} ${xsrf.headers.getSetCookie()} / ${xsrfAgain.headers.get('x-cache')} ${xsrfAgain.headers.getSetCookie()}`,
  );

  // 2. A publish in the panel purges it.
  const login = await (await fetch(`${server.baseURL}/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(PANEL) })).json();
  const token = login.data?.token ?? login.data?.accessToken;
  const title = `Purged through the cache ${Date.now()}`;
  const published = await fetch(`${server.baseURL}/content-manager/collection-types/api::blog-post.blog-post/actions/publish`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ title, slug: `purged-${Date.now()}`, summary: 'Published while the cache held the list.', authorName: 'Cache Test', publishedDate: new Date().toISOString().slice(0, 10) }),
  });
  check('the panel publishes a post', published.ok, `${published.status} ${await published.clone().text()}`);
  let after = null;
  for (let i = 0; i < 50; i += 1) {
    after = await get('/blog');
    if (after.text.includes(title)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  check('after the publish, /blog through the cache shows the new post (its copy was purged)', after.text.includes(title), `${after.cache}, age ${after.age}`);
  const hitAgain = await get('/blog');
  check('and is kept again', hitAgain.cache === 'HIT' && hitAgain.text.includes(title), `${hitAgain.cache}`);

  // 3. The site stops: the cache still serves its copy.
  await server.stop();
  server = null;
  const down = await get('/blog');
  check('with the site stopped, /blog is still served from the cache', down.status === 200 && down.text.includes(title), `${down.status} ${down.cache}`);
  const about = await get('/about');
  check('a page never fetched is an error while the site is down (nothing made up)', about.status >= 500, `${about.status}`);
} catch (error) {
  check('the check ran to its end', false, error.stack ?? String(error));
} finally {
  varnish?.kill('SIGTERM');
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
const failed = checks.filter((ok) => !ok).length;
console.log(`cache: ${checks.length - failed} passed, ${failed} failed`);
if (process.env.CACHE_REPORT) fs.writeFileSync(process.env.CACHE_REPORT, JSON.stringify({ passed: checks.length - failed, failed }));
process.exit(failed ? 1 : 0);
