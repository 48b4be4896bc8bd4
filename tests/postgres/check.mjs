// Starts a throw-away PostgreSQL cluster, then the built CMS on it with nothing but env vars
// (DATABASE_CLIENT=postgres, DATABASE_URL), seeds it twice and reads the API back. Then three writers
// fetch two feeds that share 50 articles at once: every article is stored once, for the older feed.
// Then the operator's view: PostgreSQL stopped under the running CMS (fast 503s, not-ready, every
// acknowledged write kept, service back by itself), and SIGTERM with requests in flight (all answered)
// and a live stream open (closed first, with a retry: hint).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { runSeed } from '../../scripts/lib/build.mjs';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { run } from '../../scripts/lib/process.mjs';
import { freePort, startCms, waitForHttp } from '../../scripts/lib/server.mjs';
import { contract, issueGuestIdentity, rankedGuestRun, runHoldingRight } from '../lib/ranked-run.mjs';

const RUN_TICKET_SECRET = 'pg-run-ticket-secret-0123456789';

const PG_BIN = process.env.PG_BIN;
const asRoot = process.getuid?.() === 0;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-pg-'));
const dataDir = path.join(dir, 'data');

function pg(tool, args) {
  const command = asRoot ? 'runuser' : path.join(PG_BIN, tool);
  const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(PG_BIN, tool), ...args] : args;
  const result = spawnSync(command, fullArgs, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

const checks = [];
const check = (name, ok, detail = '') => {
  checks.push(ok);
  console.log(`  ${ok ? '✓' : '✗'} ${name}${ok ? '' : `: ${detail}`}`);
};

let server;
const pgPort = await freePort();
try {
  if (asRoot) fs.chownSync(dir, ...uidOf('postgres'));
  pg('initdb', ['-D', dataDir, '-U', 'haic', '--auth=trust', '-E', 'UTF8']);
  pg('pg_ctl', ['-D', dataDir, '-w', '-l', path.join(dir, 'pg.log'), '-o', `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1`, 'start']);
  pg('createdb', ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'haic', 'haic']);

  const port = await freePort();
  const env = {
    DATABASE_CLIENT: 'postgres',
    DATABASE_URL: `postgres://haic@127.0.0.1:${pgPort}/haic`,
    PORT: String(port),
    HOST: '127.0.0.1',
    ENV_PATH: path.join(dir, 'no.env'),
    APP_KEYS: 'pgKeyA,pgKeyB',
    API_TOKEN_SALT: 'pg-api-token-salt',
    ADMIN_JWT_SECRET: 'pg-admin-jwt-secret',
    TRANSFER_TOKEN_SALT: 'pg-transfer-token-salt',
    JWT_SECRET: 'pg-jwt-secret',
    ENCRYPTION_KEY: 'pg-encryption-key-0123456789abcdef',
    RUN_TICKET_SECRET,
    TELEGRAM_WEBHOOK_SECRET: 'pg-telegram-secret',
    ADMIN_USERNAME: 'pgadmin',
    ADMIN_PASSWORD: 'PgAdminPass1!',
    CRON_ENABLED: 'false',
    // The outage check writes contact messages around a database stop.
    CONTACT_RATE_LIMIT_MAX: '1000',
    // The guest-runs race registers two accounts for each of five guests.
    REGISTER_RATE_LIMIT_MAX: '100',
    // Feeds are served from this machine (loopback), which the outbound guard refuses by default.
    OUTBOUND_ALLOW_PRIVATE: 'true',
    // Another check runs beside this one: the server's loop lags without any overload from these requests, one
    // at a time (load shedding has its own API tests, cms/tests/load-shed*.test.ts).
    LOAD_SHED_LAG_MS: '2000',
  };

  console.log('PostgreSQL check: seeding twice...');
  await runSeed(env);
  await runSeed(env);
  const psql = (sql) =>
    spawnSync(
      asRoot ? 'runuser' : path.join(PG_BIN, 'psql'),
      [
        ...(asRoot ? ['-u', 'postgres', '--', path.join(PG_BIN, 'psql')] : []),
        '-h',
        '127.0.0.1',
        '-p',
        String(pgPort),
        '-U',
        'haic',
        '-d',
        'haic',
        '-tAc',
        sql,
      ],
      { encoding: 'utf8' },
    ).stdout.trim();
  const rows = psql("select (select count(*) from blog_posts where published_at is not null) || ',' || (select count(*) from news_items)");
  const [posts, news] = rows.split(',').map(Number);
  check('the seed wrote published blog posts and news items into PostgreSQL', posts > 0 && news > 0, rows);

  server = startCms({ env, stdio: 'pipe' });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  await waitForHttp(`http://127.0.0.1:${port}/_health`, { child: server, timeoutMs: 120000 }).catch((error) => {
    throw new Error(`${error.message}\n${output.slice(-3000)}`);
  });
  const base = `http://127.0.0.1:${port}`;

  const blog = await fetch(`${base}/api/blog?page=1&pageSize=10`);
  const posts1 = blog.ok ? await blog.json() : null;
  check('GET /api/blog answers from PostgreSQL', blog.status === 200 && Array.isArray(posts1) && posts1.length === Math.min(10, posts), `${blog.status}`);

  const newsResponse = await fetch(`${base}/api/news/aggregate`);
  check('GET /api/news/aggregate answers from PostgreSQL', newsResponse.status === 200, `${newsResponse.status}`);

  // A replay-verified score, then the leaderboard's period queries, on PostgreSQL.
  const issued = await fetch(`${base}/api/xsrf`);
  const cookie = issued.headers
    .getSetCookie()
    .find((c) => c.startsWith('XSRF-TOKEN='))
    .split(';')[0];
  const sessionId = 'postgres-check-session';
  // Played on a ticket the server issued ten minutes ago (signed with its secret): the run ranks.
  const seed = 4242;
  // A guest the server issued an identity to (a ticket names its player).
  const run = rankedGuestRun({ secret: RUN_TICKET_SECRET, seed, runId: '00000000-0000-4000-8000-000000000001', sessionId });
  const submitted = await fetch(`${base}/api/game/nursehelpme/score`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie, 'X-XSRF-TOKEN': decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) },
    body: JSON.stringify(run),
  });
  const stored = submitted.ok ? await submitted.json() : null;
  check('a replay-verified score is stored in PostgreSQL', submitted.status === 200 && stored?.verified === true, `${submitted.status}`);
  for (const period of ['all', 'week', 'day']) {
    const board = await fetch(`${base}/api/leaderboard?period=${period}`);
    const body = board.ok ? await board.json() : null;
    check(
      `GET /api/leaderboard?period=${period} lists it from PostgreSQL`,
      board.status === 200 && body?.entries?.[0]?.player === contract.maskGuestWallet(run.XRPLWallet),
      `${board.status}`,
    );
  }

  const panel = await fetch(`${base}/cms`, { headers: { Accept: 'text/html' } });
  check('the CMS panel is served at /cms', panel.status === 200, `${panel.status}`);

  const site = await fetch(`${base}/profile/game-history`, { headers: { Accept: 'text/html' } });
  check('the site answers a deep link', site.status === 200 && (await site.text()).includes('<div id="root">'), `${site.status}`);

  // Hardening: PostgreSQL refuses NUL in text (it answered 500 before the text rule); every write route
  // now refuses NUL, lone surrogates and control characters with a 400 naming the field.
  const xsrf = decodeURIComponent(cookie.slice('XSRF-TOKEN='.length));
  const send = (method, url, body, extra = {}) =>
    fetch(`${base}${url}`, {
      method,
      headers: { Cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}`, 'X-XSRF-TOKEN': xsrf, 'Content-Type': 'application/json', ...extra },
      body: JSON.stringify(body),
    });
  const registered = await send('POST', '/api/auth/register', { username: '  pgnurse  ', email: 'pgnurse@example.com', password: 'PgNurse1!x' });
  const account = registered.ok ? await registered.json() : null;
  check(
    'register on PostgreSQL trims the username; sign-in works with it',
    registered.status === 200 &&
      account.user.username === 'pgnurse' &&
      (await send('POST', '/api/auth/login', { username: ' pgnurse ', password: 'PgNurse1!x' })).status === 200,
    `${registered.status}`,
  );
  const bearer = { Authorization: `Bearer ${account?.token}` };
  const writes = [
    ['POST', '/api/auth/register', (bad) => ({ username: `pg${bad}nurse`, email: 'pg2@example.com', password: 'PgNurse1!x' }), 'username'],
    ['POST', '/api/auth/login', (bad) => ({ username: `pg${bad}nurse`, password: 'PgNurse1!x' }), 'username'],
    ['POST', '/api/admin/login', (bad) => ({ username: 'pgadmin', password: `PgAdmin${bad}Pass1!`, captchaToken: 'x' }), 'password'],
    ['PUT', '/api/users/profile', (bad) => ({ firstName: `Flo${bad}rence` }), 'firstName', bearer],
    ['POST', '/api/contact', (bad) => ({ name: 'Florence', email: 'f@example.com', subject: 'A subject', message: `A message ${bad} long enough` }), 'message'],
    [
      'POST',
      '/api/game/nursehelpme/score',
      (bad) => ({ score: 100, level: 1, timeElapsed: 10, bonusPoints: 990, totalPoints: 1090, sessionId: `pg-session-${bad}`, XRPLWallet: 'GUEST_ABCDEFGH' }),
      'sessionId',
    ],
  ];
  for (const [name, bad] of [
    ['NUL', '\u0000'],
    ['a lone surrogate', '\ud800'],
    ['a control character', '\u001b'],
  ]) {
    const answers = [];
    for (const [method, url, body, field, extra] of writes) {
      const response = await send(method, url, body(bad), extra);
      const json = await response.json().catch(() => null);
      answers.push(`${url} ${response.status} ${json?.error?.details?.errors?.[0]?.path?.[0]}`);
      if (response.status !== 400 || json?.error?.details?.errors?.[0]?.path?.[0] !== field) answers.push('<- wrong');
    }
    check(`${name} in text is refused with 400 naming the field on every write route (PostgreSQL)`, !answers.includes('<- wrong'), answers.join('; '));
  }
  const webhook = await send(
    'POST',
    '/api/telegram/webhook',
    { update_id: 1, message: { message_id: 1, chat: { id: 7, type: 'private' }, from: { id: 7, username: 'nul\u0000' }, text: '/link AB\u0000CD' } },
    { 'X-Telegram-Bot-Api-Secret-Token': env.TELEGRAM_WEBHOOK_SECRET },
  );
  check('the Telegram webhook ignores an update with NUL text (200, no 500)', webhook.status === 200, `${webhook.status}`);
  const profile = await fetch(`${base}/api/users/profile`, { headers: bearer });
  check('nothing malformed was stored', profile.status === 200 && (await profile.json()).firstName === '', `${profile.status}`);

  await guestClaimRaceCheck(send, psql);
  await walletCheck(base, send, psql, account, bearer);

  await sharedArticlesCheck(base, env, psql);
  await outageCheck(base, send, psql, bearer);
  await shutdownCheck(base, send, cookie, () => server);
} catch (error) {
  check('PostgreSQL run', false, `${error.stack}${error.cause ? ` (cause: ${error.cause.code ?? error.cause.message})` : ''}`);
} finally {
  server?.kill('SIGTERM');
  try {
    pg('pg_ctl', ['-D', dataDir, '-m', 'fast', 'stop']);
  } catch {
    // the cluster never started
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * The XRPL wallet link on PostgreSQL: the migration's tables and indexes, a challenge signed with a
 * key made here, the link and its badge (the board's join), the challenge used once, the address held by one
 * account (409 for another), unlinking.
 */
async function walletCheck(base, send, psql, account, bearer) {
  const keypairs = createRequire(import.meta.url)('ripple-keypairs');
  const keys = keypairs.deriveKeypair(keypairs.generateSeed({ algorithm: 'ecdsa-secp256k1' }));
  const address = keypairs.deriveAddress(keys.publicKey);
  const indexes = psql(
    "select string_agg(indexname, ',' order by indexname) from pg_indexes where tablename in ('haic_wallet_links', 'haic_wallet_challenges')",
  );
  check(
    'the wallet tables and their indexes exist on PostgreSQL',
    indexes === 'haic_wallet_challenges_pkey,haic_wallet_links_address_unique,haic_wallet_links_holder_attempted,haic_wallet_links_pkey',
    indexes,
  );
  const linkFor = async (who, headers) => {
    const path = `/api/users/${who.user.id}/wallet`;
    const { message } = await (await send('POST', `${path}/challenge`, {}, headers)).json();
    const signature = keypairs.sign(Buffer.from(message, 'utf8').toString('hex').toUpperCase(), keys.privateKey);
    const body = { address, publicKey: keys.publicKey, signature };
    return { first: await send('POST', path, body, headers), again: await send('POST', path, body, headers) };
  };
  const { first, again } = await linkFor(account, bearer);
  const linked = first.ok ? await first.json() : null;
  const reused = await again.json().catch(() => null);
  check(
    'an XRPL address links by its signed challenge on PostgreSQL, once',
    first.status === 200 && linked?.address === address && again.status === 400 && reused?.error?.details?.errors?.[0]?.path?.[0] === 'challenge',
    `${first.status} ${again.status}`,
  );
  const profile = await (await fetch(`${base}/api/users/profile`, { headers: bearer })).json();
  const board = await (await fetch(`${base}/api/leaderboard`)).json();
  check(
    'the badge reaches the profile and the board (whose join reads the links) on PostgreSQL',
    profile.walletVerified === true && Array.isArray(board.entries),
    JSON.stringify(profile),
  );
  const other = await (await send('POST', '/api/auth/register', { username: 'pgwallet2', email: 'pgwallet2@example.com', password: 'PgNurse1!x' })).json();
  const taken = (await linkFor(other, { Authorization: `Bearer ${other.token}` })).first;
  check('another account proving the same address gets 409 on PostgreSQL', taken.status === 409, `${taken.status}`);
  const unlinked = await send('DELETE', `/api/users/${account.user.id}/wallet`, undefined, bearer);
  const freed = (await linkFor(other, { Authorization: `Bearer ${other.token}` })).first;
  check('unlinking frees the address for another account on PostgreSQL', unlinked.status === 204 && freed.status === 200, `${unlinked.status} ${freed.status}`);
}

/**
 * The cross-feed owner rule under concurrency: feeds A (created first) and B list the same 50 articles
 * (with different utm_ parameters); the server's Fetch now and two `npm run fetch-news` processes run at
 * once. Each article must be stored once, and A must own every one (no 25/25 split).
 */
async function sharedArticlesCheck(base, env, psql) {
  const article = (i, feed) =>
    `<item><title>Shared ${i}</title><link>https://shared.example.org/story-${i}?utm_source=${feed}&amp;utm_medium=rss</link><description>Story ${i}.</description></item>`;
  const feedXml = (feed) =>
    `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${feed}</title>${Array.from({ length: 50 }, (_, i) => article(i, feed)).join('')}</channel></rss>`;
  const feeds = http.createServer((req, res) => res.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end(feedXml(req.url.includes('b') ? 'b' : 'a')));
  await new Promise((resolve) => feeds.listen(0, '127.0.0.1', resolve));
  try {
    const editor = { email: 'pg-editor@example.com', password: 'PgEditor123!' };
    run(process.execPath, [path.join(ROOT, 'seed/dist/create-editor.js'), `--email=${editor.email}`, `--password=${editor.password}`, '--firstname=Pg'], {
      env: { ...env, NODE_ENV: 'production' },
    });
    // That blocked this process for seconds, longer than the server keeps an idle connection open: the
    // sign-in may pick a connection the server has just closed, and is then sent once more.
    const signIn = () => fetch(`${base}/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(editor) });
    const login = await (await signIn().catch((error) => (error.cause?.code === 'UND_ERR_SOCKET' ? signIn() : Promise.reject(error)))).json();
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${login.data.token ?? login.data.accessToken}` };
    for (const name of ['a', 'b']) {
      const created = await fetch(`${base}/content-manager/collection-types/api::news-feed.news-feed`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name: `PG shared feed ${name.toUpperCase()}`,
          url: `http://127.0.0.1:${feeds.address().port}/${name}.rss`,
          category: name === 'a' ? 'health' : 'finance',
          enabled: true,
        }),
      });
      if (!created.ok) throw new Error(`could not add feed ${name}: ${created.status}`);
    }
    const cli = () =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [path.join(ROOT, 'seed/dist/fetch-news.js')], {
          env: { ...process.env, ...env, NODE_ENV: 'production' },
          stdio: 'ignore',
        });
        child.on('exit', resolve);
      });
    await Promise.all([fetch(`${base}/admin/news-feeds/fetch-now`, { method: 'POST', headers }), cli(), cli()]);
    const owners = psql(
      "select f.name || '=' || count(*) from news_items i join news_items_feed_lnk l on l.news_item_id = i.id join news_feeds f on f.id = l.news_feed_id where i.url like 'https://shared.example.org/%' group by f.name order by f.name",
    );
    const total = psql("select count(*) from news_items where url like 'https://shared.example.org/%'");
    check(
      'two feeds sharing 50 articles, fetched by three writers at once: each stored once, all for the older feed',
      owners === 'PG shared feed A=50' && total === '50',
      `owners ${owners.replace(/\n/g, ', ')}; rows ${total}`,
    );
  } finally {
    feeds.close();
  }
}

/**
 * Two accounts claim the same guest's runs at the same moment (POST /api/game/nursehelpme/guest-runs), five
 * guests over: each guest's runs are credited to one account, once (runs, links and figures).
 */
async function guestClaimRaceCheck(send, psql) {
  const register = async (name) =>
    (await (await send('POST', '/api/auth/register', { username: name, email: `${name}@example.com`, password: 'PgNurse1!x' })).json()).token;
  const results = [];
  for (let i = 0; i < 5; i++) {
    const guest = issueGuestIdentity(RUN_TICKET_SECRET);
    for (let run = 0; run < 3; run++) {
      const stored = await send('POST', '/api/game/nursehelpme/score', {
        score: 100,
        level: 1,
        timeElapsed: 10,
        bonusPoints: 990,
        totalPoints: 1090,
        sessionId: `pg-claim-${i}-${run}`,
        ...guest,
      });
      if (stored.status !== 200) throw new Error(`a guest run was not stored: ${stored.status}`);
    }
    const [first, second] = await Promise.all([register(`pgclaim${i}a`), register(`pgclaim${i}b`)]);
    const claim = (token) =>
      send('POST', '/api/game/nursehelpme/guest-runs', guest, { Authorization: `Bearer ${token}` }).then(async (r) => (await r.json()).moved);
    const moved = await Promise.all([claim(first), claim(second)]);
    const keys = psql(`select string_agg(player_key, ',' order by player_key) from game_scores where session_id like 'pg-claim-${i}-%'`).split(',');
    const links = Number(
      psql(`select count(*) from game_scores_user_lnk l join game_scores s on s.id = l.game_score_id where s.session_id like 'pg-claim-${i}-%'`),
    );
    const played = Number(
      psql(
        `select coalesce(sum(games_played), 0) from haic_player_figures f join up_users u on 'u:' || u.id = f.player_key where u.username in ('pgclaim${i}a', 'pgclaim${i}b')`,
      ),
    );
    results.push({ moved, owners: new Set(keys).size, links, played });
  }
  check(
    'two accounts claiming the same guest runs at once: one account is credited, once (runs, links, figures)',
    results.every((r) => r.moved.sort().join() === '0,3' && r.owners === 1 && r.links === 3 && r.played === 3),
    JSON.stringify(results),
  );
}

/** PostgreSQL stops for a while under the running CMS, then comes back. */
async function outageCheck(base, send, psql, bearer) {
  const timed = async (work) => {
    const started = Date.now();
    const response = await work().catch((error) => ({ status: `no answer (${error.message})`, headers: new Headers() }));
    return { response, ms: Date.now() - started };
  };
  const acknowledged = [];
  const contact = (n) =>
    send('POST', '/api/contact', { name: 'Outage', email: 'o@example.com', subject: `Outage write ${n}`, message: 'Written around a database outage.' });
  for (let n = 0; n < 3; n++) if ((await contact(n)).status === 201) acknowledged.push(n);
  check('/_ready answers 200 while PostgreSQL runs', (await fetch(`${base}/_ready`)).status === 200);

  pg('pg_ctl', ['-D', dataDir, '-m', 'fast', 'stop']);
  // /_ready answers from one database check a second, shared by every caller: it may say ready for up to a
  // second after the stop, then says not ready.
  const ready = await timed(async () => {
    for (const until = Date.now() + 5000; ; ) {
      const answer = await fetch(`${base}/_ready`);
      if (answer.status !== 200 || Date.now() > until) return answer;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  const read = await timed(() => fetch(`${base}/api/users/profile`, { headers: bearer }));
  const write = await timed(() => contact(100));
  const body = write.response.json ? await write.response.json().catch(() => null) : null;
  const liveness = await fetch(`${base}/_health`)
    .then((r) => r.status)
    .catch(() => 0);
  console.log(
    `  outage: /_ready ${ready.response.status} in ${ready.ms} ms, a read ${read.response.status} in ${read.ms} ms, a write ${write.response.status} in ${write.ms} ms`,
  );
  check(
    'with PostgreSQL down, /_ready answers 503 within 2.5 s (a check a second, a second to answer)',
    ready.response.status === 503 && ready.ms < 2500,
    `${ready.response.status} in ${ready.ms} ms`,
  );
  check(
    'with PostgreSQL down, a read and a write answer 503 with Retry-After and the API error body within 5 s',
    read.response.status === 503 &&
      write.response.status === 503 &&
      read.ms < 5000 &&
      write.ms < 5000 &&
      write.response.headers.get('retry-after') === '5' &&
      body?.error?.status === 503,
    `${read.response.status}/${write.response.status} in ${read.ms}/${write.ms} ms`,
  );
  check('with PostgreSQL down, the process lives (/_health 204)', liveness === 204, `${liveness}`);

  pg('pg_ctl', ['-D', dataDir, '-w', '-l', path.join(dir, 'pg.log'), '-o', `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1`, 'start']);
  const back = Date.now();
  let readyAgain = false;
  while (!readyAgain && Date.now() - back < 15000) {
    readyAgain = (await fetch(`${base}/_ready`)).status === 200;
    if (!readyAgain) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  console.log(`  outage: ready again ${Date.now() - back} ms after PostgreSQL started`);
  for (let n = 3; n < 6; n++) if ((await contact(n)).status === 201) acknowledged.push(n);
  const stored = psql("select string_agg(subject, ',' order by subject) from contact_messages where subject like 'Outage write %'");
  check(
    'service resumes by itself, and every acknowledged write is in PostgreSQL',
    readyAgain && acknowledged.length === 6 && acknowledged.every((n) => stored.split(',').includes(`Outage write ${n}`)),
    `ready ${readyAgain}, acknowledged ${acknowledged}, stored ${stored}`,
  );
}

/** SIGTERM while requests are in flight: each is answered in full, then the process exits 0. */
async function shutdownCheck(base, send, cookie, getServer) {
  const server = getServer();
  const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));
  const sessionId = 'postgres-shutdown-session';
  const { game, inputLog } = runHoldingRight(contract.seedFromSession(sessionId));
  const score = (i) =>
    send('POST', '/api/game/nursehelpme/score', {
      ...contract.finalResult(game),
      sessionId: `${sessionId}-${i}`,
      inputLog,
      XRPLWallet: `GUEST_SHUTDN${String(i).padStart(2, '0')}`,
    });
  const inFlight = [
    ...Array.from({ length: 4 }, (_, i) => score(i)),
    ...Array.from({ length: 4 }, (_, i) => fetch(`${base}/api/blog?page=${i + 1}&pageSize=10`)),
  ].map((answer) =>
    answer
      .then(async (response) => ({ status: response.status, complete: (await response.text()).length > 0 }))
      .catch((error) => ({ status: `cut off (${error.cause?.code ?? error.message})`, complete: false })),
  );
  // An open live stream: closed first, with a hint to come back (to another instance).
  const stream = await new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/live`, { headers: { Accept: 'text/event-stream' } }, (res) => {
      const open = { text: '', ended: new Promise((done) => res.on('close', () => done(Date.now()))) };
      res.setEncoding('utf8');
      res.on('data', (chunk) => (open.text += chunk));
      res.on('error', () => undefined);
      resolve(open);
    });
    req.on('error', reject);
  });
  await new Promise((resolve) => setTimeout(resolve, 15));
  const signalled = Date.now();
  server.kill('SIGTERM');
  const streamEnded = (await stream.ended) - signalled;
  const answers = await Promise.all(inFlight);
  const notReady = await fetch(`${base}/_ready`)
    .then((r) => r.status)
    .catch(() => 'refused');
  const { code, signal } = await exited;
  console.log(`  shutdown: answers ${answers.map((a) => a.status).join(', ')}; /_ready then ${notReady}; exit ${code ?? signal}`);
  check(
    'SIGTERM with 8 requests in flight: every one answered in full',
    answers.every((a) => typeof a.status === 'number' && a.status < 500 && a.complete),
    JSON.stringify(answers),
  );
  check(
    `SIGTERM closes an open live stream first (${streamEnded} ms after the signal), its last line a retry: hint`,
    streamEnded < 1000 && /\nretry: \d+\n\n$/.test(stream.text),
    `${streamEnded} ms: ${JSON.stringify(stream.text)}`,
  );
  check(
    'after SIGTERM the instance is not ready (503 or refusing connections), then exits 0',
    (notReady === 503 || notReady === 'refused') && code === 0,
    `${notReady}, exit ${code ?? signal}`,
  );
}

function uidOf(user) {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${user}:`));
  const [, , uid, gid] = line.split(':');
  return [Number(uid), Number(gid)];
}

const failed = checks.filter((ok) => !ok).length;
console.log(`postgres: ${checks.length - failed} passed, ${failed} failed`);
if (process.env.PG_REPORT) fs.writeFileSync(process.env.PG_REPORT, JSON.stringify({ passed: checks.length - failed, failed }));
process.exit(failed ? 1 : 0);
