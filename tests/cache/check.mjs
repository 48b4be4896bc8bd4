#!/usr/bin/env node
// The cache in front, started the way the compose `cache` service starts it: .varnish-start.sh
// writes the backends (one per instance address, a round-robin director, the purge ACL) before the site's
// rules (.varnish.vcl) and runs Debian's varnishd, then follows the address list. The list comes from a
// file here instead of the DNS (CACHE_ADDRESSES_FILE): first one instance, then two. Where user namespaces
// are allowed, the name itself is resolved too (/etc/hosts giving `cms` two addresses): varnishd refuses
// it as one backend's host, and the script turns it into two backends.
// The two instances are one site process reached at two addresses (127.0.0.2 and 127.0.0.3, the same
// port, as the instances of a compose service are): two site processes would need PostgreSQL to share
// their content (SQLite serves one process), and that is tests/scale's part. Each address is a small
// HTTP relay that counts what it passes and can be stopped on its own, as an instance can.
// Checks: the second GET of a page is a hit; a second address joins without a restart and misses go to
// both; the live stream (GET /api/live) passes through as it comes, its events and heartbeat included;
// a publish through one instance purges the list and the next GET shows the new post (and the
// site's second purge, a second or more later, comes through too: a relay before Varnish sees each); only the
// instances (and this host) may purge; with one instance stopped every read still succeeds; with both
// stopped kept pages are still served. Then the production recipe's whole path, TLS proxy (Debian's nginx) ->
// Varnish -> instance, with TRUSTED_PROXIES naming the proxies: two visitors keep separate sign-in limits.
// `npm test -- cache` runs it when varnishd is installed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { freePort, waitForHttp } from '../../scripts/lib/server.mjs';
import https from 'node:https';
import { startBenchServer } from '../perf/lib.mjs';

const VARNISHD = process.env.VARNISHD || '/usr/sbin/varnishd';
const NGINX = process.env.NGINX || '/usr/sbin/nginx';
/** Failed sign-ins per username and address before 429 (the site runs with this, low, for the chain's check). */
const LOGIN_LIMIT = 3;
const checks = [];
const check = (name, ok, detail = '') => {
  checks.push(ok);
  console.log(`  ${ok ? '✓' : '✗'} ${name}${ok ? '' : `: ${detail}`}`);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The site reached at `address:port` (requests relayed to `target`); counts the requests it passes, probes apart. */
async function instanceAt(address, port, target) {
  const agent = new http.Agent({ keepAlive: true });
  const instance = { address, base: `http://${address}:${port}`, requests: 0 };
  const server = http.createServer((req, res) => {
    if (req.url !== '/_ready') instance.requests += 1;
    const upstream = http.request({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers, agent }, (response) => {
      res.writeHead(response.statusCode, response.rawHeaders);
      response.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, address, resolve));
  instance.stop = () =>
    new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
      agent.destroy();
    });
  return instance;
}

/** A PURGE sent from `localAddress` (which a loopback address may be). */
const purgeFrom = (localAddress, port) =>
  new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'PURGE', localAddress, headers: { 'Surrogate-Key': 'no-such-tag' } }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', reject).end();
  });

/**
 * The site's purges pass through here on their way to Varnish, so the check sees each one, and Varnish's
 * answer, when it happens (a GET of the page cannot tell a purge that came before it from none).
 */
async function purgeRelay(varnishPort) {
  const purges = [];
  const server = http.createServer((req, res) => {
    const forward = http.request({ host: '127.0.0.1', port: varnishPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      answer.resume();
      answer.on('end', () => {
        purges.push({ keys: String(req.headers['surrogate-key'] ?? ''), status: answer.statusCode, at: Date.now() });
        res.writeHead(answer.statusCode).end();
      });
    });
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, purges, close: () => server.close() };
}

/**
 * The TLS proxy of the production recipe in front of Varnish: Debian's nginx on `port` with a certificate made
 * here, forwarding as docs/operating.md says (X-Forwarded-For with the visitor appended, X-Forwarded-Proto).
 */
async function startTlsProxy(port, varnishPort) {
  const tls = path.join(dir, 'tls');
  fs.mkdirSync(tls);
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      path.join(tls, 'key.pem'),
      '-out',
      path.join(tls, 'cert.pem'),
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr}`);
  const conf = path.join(tls, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${tls}/nginx.pid;
error_log ${tls}/error.log;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${tls}/body;
  proxy_temp_path ${tls}/proxy;
  fastcgi_temp_path ${tls}/fastcgi;
  uwsgi_temp_path ${tls}/uwsgi;
  scgi_temp_path ${tls}/scgi;
  server {
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${tls}/cert.pem;
    ssl_certificate_key ${tls}/key.pem;
    location / {
      proxy_pass http://127.0.0.1:${varnishPort};
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
  );
  // nginx's worker may run as another user (started as root): it must read the files.
  for (const file of [dir, tls, conf, path.join(tls, 'cert.pem'), path.join(tls, 'key.pem')])
    fs.chmodSync(file, fs.statSync(file).isDirectory() ? 0o755 : 0o644);
  const child = spawn(NGINX, ['-c', conf], { stdio: 'ignore' });
  for (let i = 0; i < 50; i += 1) {
    const up = await new Promise((resolve) =>
      https
        .get({ host: '127.0.0.1', port, path: '/_health', rejectUnauthorized: false }, (res) => resolve(res.resume() && true))
        .on('error', () => resolve(false)),
    );
    if (up) return child;
    await sleep(100);
  }
  child.kill('SIGTERM');
  throw new Error(`nginx did not start: ${fs.readFileSync(path.join(tls, 'error.log'), 'utf8').slice(-600)}`);
}

/** A visitor at `localAddress` talking https to the TLS proxy: its XSRF cookie, then a wrong sign-in's status. */
function visitor(localAddress, port) {
  const ask = (method, url, headers = {}, body) =>
    new Promise((resolve, reject) => {
      const req = https.request({ host: '127.0.0.1', port, method, path: url, localAddress, rejectUnauthorized: false, agent: false, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res));
      });
      req.on('error', reject).end(body);
    });
  let cookie = null;
  return async () => {
    if (!cookie) cookie = (await ask('GET', '/api/xsrf')).headers['set-cookie'].find((c) => c.startsWith('XSRF-TOKEN=')).split(';')[0];
    const body = JSON.stringify({ username: 'chain-target', password: 'Wr0ng!Pass' });
    const xsrf = decodeURIComponent(cookie.slice('XSRF-TOKEN='.length));
    return (
      await ask(
        'POST',
        '/api/auth/login',
        { Cookie: cookie, 'X-XSRF-TOKEN': xsrf, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        body,
      )
    ).statusCode;
  };
}

/** GET `url` as an EventSource does, read as it comes: its head, when its first bytes came, and all it said. */
function openStream(url) {
  return new Promise((resolve, reject) => {
    const sent = Date.now();
    const req = http.get(url, { headers: { Accept: 'text/event-stream', 'Accept-Encoding': 'gzip, br' } }, (res) => {
      const stream = { status: res.statusCode, headers: res.headers, firstBytesMs: null, text: '', close: () => req.destroy() };
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        stream.firstBytesMs ??= Date.now() - sent;
        stream.text += chunk;
      });
      res.on('error', () => undefined);
      resolve(stream);
    });
    req.on('error', reject);
  });
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-cache-'));
const varnishPort = await freePort();
const instancePort = await freePort();
const PANEL = { email: 'cache-editor@example.com', password: 'CacheEditor123!' };
const addressesFile = path.join(dir, 'addresses');
const caches = [];

/**
 * Starts the cache as the container does (.varnish-start.sh), listening on `port`. The instances' addresses
 * come from `addressesFile`, or, with `hosts`, from the name `cms` resolved (getent) in a user namespace
 * whose /etc/hosts is that file.
 */
async function startCache(port, { hosts } = {}) {
  const script = [path.join(ROOT, '.varnish-start.sh'), '-j', 'none', '-p', 'default_ttl=0'];
  const options = {
    env: {
      ...process.env,
      PATH: `${path.dirname(VARNISHD)}:${process.env.PATH}:/usr/sbin`,
      ...(hosts ? {} : { CACHE_ADDRESSES_FILE: addressesFile }),
      CACHE_BACKEND_PORT: String(instancePort),
      CACHE_SITE_VCL: path.join(ROOT, '.varnish.vcl'),
      CACHE_LISTEN: `127.0.0.1:${port}`,
      CACHE_REFRESH_SECONDS: '1',
      CACHE_VCL_DIR: path.join(dir, `vcl-${port}`),
      VARNISH_NAME: path.join(dir, `work-${port}`),
      VARNISH_SIZE: '64m',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  };
  const child = hosts
    ? spawn('unshare', ['-rm', 'sh', '-c', 'mount --bind "$0" /etc/hosts && exec sh "$@"', hosts, ...script], options)
    : spawn('sh', script, options);
  const cache = { child, said: '', vclDir: options.env.CACHE_VCL_DIR };
  caches.push(cache);
  child.stdout.on('data', (chunk) => (cache.said += chunk));
  child.stderr.on('data', (chunk) => (cache.said += chunk));
  await waitForHttp(`http://127.0.0.1:${port}/_health`, { child, timeoutMs: 30000 }).catch((error) => {
    throw new Error(`${error.message}\n${cache.said}`);
  });
  return cache;
}

let server = null;
const instances = [];
const relay = await purgeRelay(varnishPort);
try {
  // Another check runs beside this one: the site's loop lags without any overload from these requests (load
  // shedding has its own API tests, cms/tests/load-shed*.test.ts).
  // The proxies in front (nginx, Varnish, the relays standing for the network to each instance) all connect
  // from 127.0.0.1: that is the one address the site trusts, as docs/operating.md says to list them.
  server = await startBenchServer({
    env: {
      CACHE_PURGE_URLS: relay.url,
      PANEL_ADMIN_EMAIL: PANEL.email,
      PANEL_ADMIN_PASSWORD: PANEL.password,
      LOAD_SHED_LAG_MS: '2000',
      TRUSTED_PROXIES: '127.0.0.1',
      LOGIN_RATE_LIMIT_MAX: String(LOGIN_LIMIT),
    },
  });
  const sitePort = Number(new URL(server.baseURL).port);
  const [a, b] = [await instanceAt('127.0.0.2', instancePort, sitePort), await instanceAt('127.0.0.3', instancePort, sitePort)];
  instances.push(a, b);

  // The cache starts with one instance.
  fs.writeFileSync(addressesFile, `${a.address}\n`);
  const varnish = await startCache(varnishPort);
  const boot = fs.readFileSync(path.join(varnish.vclDir, 'boot.vcl'), 'utf8');
  check(
    'the start script writes one backend per address and a round-robin director, and varnishd runs it',
    (boot.match(/^backend /gm) ?? []).length === 1 && boot.includes('directors.round_robin()'),
    boot,
  );

  const front = `http://127.0.0.1:${varnishPort}`;
  const get = (url) =>
    fetch(`${front}${url}`, { headers: { 'Accept-Encoding': 'gzip' } }).then(async (r) => ({
      status: r.status,
      cache: r.headers.get('x-cache'),
      age: Number(r.headers.get('age')),
      text: await r.text(),
    }));

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

  // 1b. The production path: visitors reach a TLS proxy, which forwards to Varnish, which forwards to an instance.
  const tlsPort = await freePort();
  const tlsProxy = await startTlsProxy(tlsPort, varnishPort);
  caches.push({ child: tlsProxy });
  const [oneVisitor, another] = [visitor('127.0.0.5', tlsPort), visitor('127.0.0.6', tlsPort)];
  const firstAnswers = [];
  for (let i = 0; i <= LOGIN_LIMIT; i += 1) firstAnswers.push(await oneVisitor());
  const secondAnswer = await another();
  check(
    'behind TLS proxy -> Varnish -> instance, two visitors keep separate limits: one locked out after its failed sign-ins, the other still answered',
    firstAnswers.join() === `${Array(LOGIN_LIMIT).fill(401).join()},429` && secondAnswer === 401,
    `first ${firstAnswers}, second ${secondAnswer}`,
  );

  // 2. A second instance joins (the name resolves to two addresses): misses go to both, no restart.
  fs.appendFileSync(addressesFile, `${b.address}\n`);
  for (let i = 0; i < 40 && !varnish.said.includes('now 2 instance(s)'); i += 1) await sleep(100);
  check(
    'a second address is followed: the cache loads a VCL with both',
    varnish.said.includes(`now 2 instance(s): ${a.address} ${b.address}`),
    varnish.said.slice(-600),
  );
  const before = [a.requests, b.requests];
  const spread = [];
  for (let i = 0; i < 6; i += 1) spread.push((await get(`/about?spread=${i}`)).status);
  check(
    'misses go to both instances (round robin)',
    spread.every((status) => status === 200) && a.requests - before[0] >= 2 && b.requests - before[1] >= 2,
    `statuses ${spread}, a +${a.requests - before[0]}, b +${b.requests - before[1]}`,
  );
  check('/blog is still a hit after the reload (kept copies outlive it)', (await get('/blog')).cache === 'HIT');

  // The name resolved as in the container (where user namespaces are allowed): /etc/hosts gives `cms` both
  // addresses, as Docker's DNS does for a scaled service.
  if (spawnSync('unshare', ['-rm', 'true']).status === 0) {
    const hosts = path.join(dir, 'hosts');
    fs.writeFileSync(hosts, `127.0.0.1 localhost\n${a.address} cms\n${b.address} cms\n`);
    const single = path.join(dir, 'single.vcl');
    fs.writeFileSync(single, 'vcl 4.1;\nbackend cms { .host = "cms"; .port = "1337"; }\n');
    const refused = spawnSync(
      'unshare',
      ['-rm', 'sh', '-c', 'mount --bind "$0" /etc/hosts && exec "$@"', hosts, VARNISHD, '-C', '-j', 'none', '-n', path.join(dir, 'single'), '-f', single],
      { encoding: 'utf8' },
    );
    check(
      'varnishd refuses a backend host that resolves to two addresses',
      refused.status !== 0 && refused.stderr.includes('resolves to too many addresses'),
      refused.stderr.slice(-400),
    );
    const byNamePort = await freePort();
    const byName = await startCache(byNamePort, { hosts });
    const page = await fetch(`http://127.0.0.1:${byNamePort}/about?by-name=1`);
    await page.arrayBuffer();
    check(
      'the start script resolves that name (getent) into one backend per address, and serves through them',
      byName.said.includes(`cms: 2 instance(s): ${a.address} ${b.address}`) && page.status === 200,
      `${page.status} ${byName.said.slice(-400)}`,
    );
    byName.child.kill('SIGTERM');
  } else {
    console.log('  (no user namespaces here: the name itself was not resolved; the address list was given)');
  }

  // The live stream passes through, as it comes (its events are checked after the publish below).
  const live = await openStream(`${front}/api/live`);
  const liveOpened = Date.now();
  for (let i = 0; i < 40 && live.firstBytesMs === null; i += 1) await sleep(50);
  check(
    'GET /api/live through the cache: a stream, not kept, not compressed, its first bytes at once',
    live.status === 200 &&
      live.headers['content-type']?.startsWith('text/event-stream') &&
      live.headers['cache-control'] === 'no-store' &&
      !live.headers['content-encoding'] &&
      live.firstBytesMs !== null &&
      live.text.startsWith('retry:'),
    `${live.status} ${JSON.stringify(live.headers)} first bytes ${live.firstBytesMs} ms: ${JSON.stringify(live.text)}`,
  );

  // 3. A publish through one instance purges the list.
  const login = await (
    await fetch(`${b.base}/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(PANEL) })
  ).json();
  const token = login.data?.token ?? login.data?.accessToken;
  const title = `Purged through the cache ${Date.now()}`;
  const slug = `purged-${Date.now()}`;
  const purgesBefore = relay.purges.length;
  const published = await fetch(`${b.base}/content-manager/collection-types/api::blog-post.blog-post/actions/publish`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      title,
      slug,
      summary: 'Published while the cache held the list.',
      authorName: 'Cache Test',
      publishedDate: new Date().toISOString().slice(0, 10),
    }),
  });
  check('the panel publishes a post through the second instance', published.ok, `${published.status} ${await published.clone().text()}`);
  let after = null;
  for (let i = 0; i < 50; i += 1) {
    after = await get('/blog');
    if (after.text.includes(title)) break;
    await sleep(100);
  }
  const fetchedAt = Date.now();
  check('after the publish, /blog through the cache shows the new post (its copy was purged)', after.text.includes(title), `${after.cache}, age ${after.age}`);
  // The site purges again once every instance shows the change (another may have answered from the old content):
  // the same keys, a second or more after the first. (Read once no purge has come for 3 s, or after 20 s.)
  let sent = [];
  for (let quietSince = Date.now(), count = -1, i = 0; i < 200 && Date.now() - quietSince < 3000; i += 1) {
    sent = relay.purges.slice(purgesBefore);
    if (sent.length !== count) [count, quietSince] = [sent.length, Date.now()];
    await sleep(100);
  }
  const firstPurge = sent[0];
  const samePurges = sent.filter((purge) => purge.keys === firstPurge?.keys);
  const lastPurge = samePurges.at(-1);
  check(
    `the site purges the list again once every instance shows the change (${lastPurge ? lastPurge.at - firstPurge.at : '-'} ms after the first), and Varnish takes each purge`,
    Boolean(firstPurge) && /\S/.test(firstPurge.keys) && lastPurge.at - firstPurge.at >= 1000 && sent.every((purge) => purge.status === 200),
    JSON.stringify(sent),
  );
  // The copy fetched before the last purge (if it was) is gone: the next read fetches it anew; then it is kept.
  const again = await get('/blog');
  const keptAgain = await get('/blog');
  check(
    'then the list is fetched anew, shows the post, and is kept again',
    again.text.includes(title) &&
      (!lastPurge || lastPurge.at < fetchedAt || again.cache === 'MISS') &&
      keptAgain.cache === 'HIT' &&
      keptAgain.text.includes(title),
    `${again.cache} ${keptAgain.cache}`,
  );
  check(
    'the publish reached the open stream through the cache as it happened (a blog event naming the post)',
    new RegExp(`event: blog\\ndata: \\{"slug":"${slug}","action":"published"`).test(live.text),
    JSON.stringify(live.text),
  );
  // Beside the events, a comment line at least every 15 s keeps the stream open through the cache.
  await sleep(Math.max(0, 11_000 - (Date.now() - liveOpened)));
  check('the stream carries the heartbeat through the cache', live.text.includes(': ping'), JSON.stringify(live.text));
  live.close();
  const [fromInstance, fromElsewhere] = [await purgeFrom(b.address, varnishPort), await purgeFrom('127.0.0.4', varnishPort)];
  check(
    'an instance may purge; an address that is no instance may not',
    fromInstance === 200 && fromElsewhere === 405,
    `instance ${fromInstance}, elsewhere ${fromElsewhere}`,
  );

  // 4. One instance stops: every read still succeeds (a refused read goes to the other; then the probe says so).
  await b.stop();
  const oneDown = [];
  for (let i = 0; i < 6; i += 1) oneDown.push((await get(`/about?one-down=${i}`)).status);
  check(
    'with one instance stopped, pages never fetched before are all served at once',
    oneDown.every((status) => status === 200),
    `${oneDown}`,
  );

  // 5. Both stop: the cache still serves its copies.
  await a.stop();
  await server.stop();
  server = null;
  const down = await get('/blog');
  check('with both instances stopped, /blog is still served from the cache', down.status === 200 && down.text.includes(title), `${down.status} ${down.cache}`);
  const about = await get('/about');
  check('a page never fetched is an error while the site is down (nothing made up)', about.status >= 500, `${about.status}`);
} catch (error) {
  check('the check ran to its end', false, error.stack ?? String(error));
} finally {
  for (const cache of caches) cache.child.kill('SIGTERM');
  await Promise.all(instances.map((instance) => instance.stop()));
  await server?.stop();
  relay.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
const failed = checks.filter((ok) => !ok).length;
console.log(`cache: ${checks.length - failed} passed, ${failed} failed`);
if (process.env.CACHE_REPORT) fs.writeFileSync(process.env.CACHE_REPORT, JSON.stringify({ passed: checks.length - failed, failed }));
process.exit(failed ? 1 : 0);
