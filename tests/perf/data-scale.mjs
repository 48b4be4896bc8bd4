#!/usr/bin/env node
// Data-scale benchmark: the site after a successful year. On a throw-away SQLite file and a throw-away
// PostgreSQL cluster in turn: start the seeded site, time every public and signed-in endpoint ("before"),
// stop it, load a year of data with bulk SQL (100,000 players, 1,000,000 game runs of which 5,000 are
// the bench user's, 5,000 blog posts, 200,000 news items, and the per-player figures the app keeps,
// computed with SQL aggregates), start it again on the same database and time again ("after"). Then the
// answers are checked against SQL truth and the table is printed. Last, on the loaded database, a player
// with 100,000 runs downloads their data and deletes their account (account-data.mjs: time, memory, checks).
// Search (search-scale.mjs): the posts' and news items' words are as common or as rare as in real writing; after
// the load the search index is built from every row (timed), and each kind of query is timed on the loaded site.
//
//   node tests/perf/data-scale.mjs                        (both databases, full volumes)
//   DATA_SCALE_FACTOR=0.1 DATA_SCALE_DB=sqlite node tests/perf/data-scale.mjs
//
//   DATA_SCALE_FACTOR   multiplies every volume (default 1)
//   DATA_SCALE_DB       sqlite, postgres or both (default sqlite,postgres; PostgreSQL needs its server
//                       binaries, PG_BIN or Debian's, and is skipped without them)
//   DATA_SCALE_SAMPLES  requests per endpoint and phase; the figure is their median (default 15)
//
// Bar (exit code 1 when missed): on each database every endpoint's median after the load is within 3x
// of its median before, or at most 25 ms slower; every answer equals the SQL truth; the serving
// process stays under 1 GB resident; search answers each kind of query with a median under 50 ms and a
// 95th percentile under 150 ms, and its index is built in under 2 minutes.
//
// Cold caches: each round first stores a verified run for the bench user (a ticket signed with the
// server's secret, a replayed log): that clears the leaderboard cache the way a player's new run does,
// so both public boards are read cold (the board with a token then reads the board warm and the own rank,
// which is never cached, fresh). Before every content request (sitemap, news, blog list, /blog, RSS) an
// editor saves a draft in the panel's content manager: that moves the content version and every
// content cache is stale, as after any edit.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { buildCms, buildSeed } from '../../scripts/lib/build.mjs';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { findPostgres } from '../../scripts/lib/system.mjs';
import { startPostgres } from '../postgres/server.mjs';
import { fileURLToPath } from 'node:url';
import { ACCOUNT_RUNS, benchAccountData } from './account-data.mjs';
import { residentBytes, startBenchServer } from './lib.mjs';
import { benchSearch, buildSearchIndex, reportSearch, wordsSql } from './search-scale.mjs';

const require = createRequire(import.meta.url);
const contract = require('../../contract/dist/index.js');
const Database = require('better-sqlite3');
const pg = require('pg');
// The CMS's own ticket signing (cms/dist): the bench user's runs rank, and clear the board cache.
const { signTicket } = require(path.join(ROOT, 'cms', 'dist', 'src', 'api', 'game-score', 'run-ticket.js'));

const SCALE = Number(process.env.DATA_SCALE_FACTOR || 1);
const SAMPLES = Number(process.env.DATA_SCALE_SAMPLES || 15);
const DATABASES = (process.env.DATA_SCALE_DB || 'sqlite,postgres').split(',').map((name) => name.trim());
const scaled = (n) => Math.max(1, Math.round(n * SCALE));
const VOLUMES = {
  players: scaled(100_000),
  // Most players have an account; the rest played as guests only.
  accounts: scaled(80_000),
  runs: scaled(1_000_000),
  benchRuns: scaled(5_000),
  posts: scaled(5_000),
  news: scaled(200_000),
};
const LOAD_BAR_S = 120;
const RSS_BAR_BYTES = 1024 ** 3;
const RATIO_BAR = 3;
const SLACK_BAR_MS = 25;
const HISTORY_PAGE_SIZE = 10;

const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;
const BENCH_USER = { username: 'scalenurse', email: 'scalenurse@example.com', password: 'ScaleNurse!2026' };
/** A player whose one short run ranks deep in the board (about the middle): times "around me" far from the top. */
const MIDDLE_USER = { username: 'scalemiddle', email: 'scalemiddle@example.com', password: 'ScaleMiddle!2026' };
const PANEL = { email: 'ops@scale-bench.test', password: 'ScalePanel1!pass' };
// Loaded accounts never sign in: any bcrypt-shaped hash will do.
const PASSWORD_HASH = '$2b$10$abcdefghijklmnopqrstuuYzLkV2n0bQ9f3Qd1Xbq6eWm7oN8pR5y';

// ---------- SQL per database ----------

/** What differs between SQLite and PostgreSQL in the load and truth SQL. Everything else is shared. */
export const DIALECTS = {
  sqlite: {
    name: 'SQLite',
    /** Rows i = 1..n (64-bit integers). */
    seq: (n) => `(WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${n}) SELECT i FROM seq) AS seq`,
    /** A datetime column's value from epoch ms (Strapi stores epoch ms in SQLite), and back. */
    ts: (ms) => `(${ms})`,
    ms: (column) => `${column}`,
    /** A date column's value ('YYYY-MM-DD' text in SQLite). */
    date: (ms) => `strftime('%Y-%m-%d', (${ms}) / 1000, 'unixepoch')`,
    /** Period window keys from epoch ms: the UTC day, and the Monday its week starts on. */
    dayKey: (ms) => `strftime('%Y-%m-%d', (${ms}) / 1000, 'unixepoch')`,
    mondayKey: (ms) => `date((${ms}) / 1000, 'unixepoch', '-6 days', 'weekday 1')`,
    pad: (x, width) => `printf('%0${width}d', ${x})`,
    json: (text) => `'${text}'`,
    jsonOf: (expr) => expr,
  },
  postgres: {
    name: 'PostgreSQL',
    seq: (n) => `generate_series(1::bigint, ${n}::bigint) AS seq(i)`,
    ts: (ms) => `to_timestamp((${ms}) / 1000.0)`,
    ms: (column) => `round(extract(epoch from ${column}) * 1000)::bigint`,
    date: (ms) => `(to_timestamp((${ms}) / 1000.0) AT TIME ZONE 'UTC')::date`,
    dayKey: (ms) => `to_char(to_timestamp((${ms}) / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
    mondayKey: (ms) => `to_char(date_trunc('week', to_timestamp((${ms}) / 1000.0) AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`,
    pad: (x, width) => `lpad((${x})::text, ${width}, '0')`,
    json: (text) => `'${text}'::jsonb`,
    jsonOf: (expr) => `(${expr})::jsonb`,
  },
};

/** One query interface over both databases: all(sql) answers rows, run(sql) executes. */
export function sqliteDb(file, { readonly = false } = {}) {
  const db = new Database(file, { readonly, fileMustExist: true, timeout: 30000 });
  return {
    all: async (sql) => db.prepare(sql).all(),
    run: async (sql) => void db.exec(sql),
    close: async () => db.close(),
  };
}

export async function postgresDb(connection) {
  const client = new pg.Client(connection);
  await client.connect();
  await client.query("SET TIME ZONE 'UTC'");
  return {
    all: async (sql) => (await client.query(sql)).rows,
    run: async (sql) => void (await client.query(sql)),
    close: () => client.end(),
  };
}

const one = async (db, sql) => Object.values((await db.all(sql))[0] ?? {})[0];
const num = (value) => (value === null || value === undefined ? null : Number(value));

async function hasColumn(db, kind, table, column) {
  const rows =
    kind === 'sqlite'
      ? await db.all(`SELECT name FROM pragma_table_info('${table}')`)
      : await db.all(`SELECT column_name AS name FROM information_schema.columns WHERE table_name = '${table}'`);
  return rows.some((row) => row.name === column);
}

/**
 * Every run with its player as the app keys them (`u:<userId>` for an account, `g:<wallet>` for a
 * guest) and its time in epoch ms: the source of the figures and of the truth checks.
 */
const runsView = (d) => `(
  SELECT s.id AS id, l.user_id AS uid,
         CASE WHEN l.user_id IS NULL THEN COALESCE(s.guest_wallet, '') END AS gw,
         CASE WHEN l.user_id IS NULL THEN 'g:' || COALESCE(s.guest_wallet, '') ELSE 'u:' || l.user_id END AS pk,
         s.total_points AS total_points, s.score AS score, s.bonus_points AS bonus_points, s.level AS level,
         s.time_elapsed AS time_elapsed, ${d.ms('s.played_date')} AS played_ms, s.verified AS verified
  FROM game_scores s LEFT JOIN game_scores_user_lnk l ON l.game_score_id = s.id)`;

/** Each player's best verified run in a window (played at or after `sinceMs`), ranked as the board ranks. */
const bestsView = (d, sinceMs) => `(
  SELECT * FROM (
    SELECT r.*, ROW_NUMBER() OVER (PARTITION BY r.pk ORDER BY r.total_points DESC, r.played_ms ASC, r.id ASC) AS rn
    FROM ${runsView(d)} r WHERE r.verified = TRUE${sinceMs === null ? '' : ` AND r.played_ms >= ${sinceMs}`}
  ) ranked WHERE rn = 1)`;

/** Last week's season key (its Monday): the standings the board's "Last week" reads. */
const lastSeason = (now = Date.now()) => contract.seasonKeyOf(new Date(now - 7 * DAY_MS));

/** The UTC windows of the leaderboard periods at a moment (figures-store's periodStart). */
function windowStarts(now) {
  const day = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  const week = day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
  return { all: null, week, day };
}

// ---------- the load ----------

/**
 * A year of data with INSERT ... SELECT over a number series (nothing goes through the API). Players:
 * accounts first, then guest wallets; run i belongs to player i mod players (about ten runs each), the
 * last benchRuns runs to the bench user. Run times spread over the past year, with 2% today and 5% this
 * week so the day and week boards are full; 90% of runs verified.
 */
async function loadYear(db, kind, { benchUserId, now }) {
  const d = DIALECTS[kind];
  const v = VOLUMES;
  const base = async (table) => num(await one(db, `SELECT COALESCE(MAX(id), 0) AS n FROM ${table}`));
  const userBase = await base('up_users');
  const scoreBase = await base('game_scores');
  const postBase = await base('blog_posts');
  const newsBase = await base('news_items');
  const roleId = num(await one(db, "SELECT id FROM up_roles WHERE type = 'authenticated'"));
  const feedId = num(await one(db, 'SELECT MIN(id) AS id FROM news_feeds'));
  // Newer schemas also key each run by its player in the score table (player_key): filled when it is there.
  const playerKeyColumn = await hasColumn(db, kind, 'game_scores', 'player_key');
  const { day, week } = windowStarts(now);
  const otherRuns = v.runs - v.benchRuns;
  const guests = v.players - v.accounts;

  // Run i's owner: an account's user id, or null for a guest (whose wallet is guestWallet).
  const ownerUser = `CASE WHEN i > ${otherRuns} THEN ${benchUserId} WHEN i % ${v.players} < ${v.accounts} THEN ${userBase} + 1 + i % ${v.players} END`;
  const guestWallet = `'GUEST_L' || ${d.pad(`i % ${v.players} - ${v.accounts}`, 7)}`;
  const runs = `(
    SELECT i, h1, h2, level, t, level * 100 + ((h1 / 1000) % (level * 12 + 1)) * 10 AS score, 1000 - t AS bonus,
           CASE WHEN h1 % 100 < 2 THEN ${day} + h2 % ${now - day + 1}
                WHEN h1 % 100 < 7 THEN ${week} + h2 % ${now - week + 1}
                ELSE ${now} - h2 % ${YEAR_MS} END AS played,
           (h1 / 13) % 10 < 9 AS verified, ${ownerUser} AS uid
    FROM (SELECT i, h1, h2, 1 + (h1 / 100) % 10 AS level, 30 + (h1 / 7) % 900 AS t
          FROM (SELECT i, (i * 2654435761) % 4294967296 AS h1, (i * 6364136223 + 1442695) % 100000000000 AS h2 FROM ${d.seq(v.runs)}) a) b
  ) r`;

  const steps = [
    [
      `${v.accounts} accounts`,
      `INSERT INTO up_users (id, document_id, username, email, provider, password, confirmed, blocked, session_version, created_at, updated_at, published_at)
       SELECT ${userBase} + i, 'scaleuser' || ${d.pad('i', 15)}, 'player' || ${d.pad('i', 7)}, 'player' || ${d.pad('i', 7)} || '@scale.test', 'local',
              '${PASSWORD_HASH}', TRUE, FALSE, 0, ${d.ts(`${now} - (i * 7919) % ${YEAR_MS}`)}, ${d.ts(`${now} - (i * 7919) % ${YEAR_MS}`)}, ${d.ts(`${now} - (i * 7919) % ${YEAR_MS}`)}
       FROM ${d.seq(v.accounts)}`,
    ],
    ['their roles', `INSERT INTO up_users_role_lnk (user_id, role_id, user_ord) SELECT ${userBase} + i, ${roleId}, 1 FROM ${d.seq(v.accounts)}`],
    [
      `${v.runs} runs (${guests} guest wallets among the players, ${v.benchRuns} runs for the bench user)`,
      `INSERT INTO game_scores (id, document_id, guest_wallet, score, level, time_elapsed, bonus_points, total_points, session_id, played_date, verified,
                                created_at, updated_at, published_at${playerKeyColumn ? ', player_key' : ''})
       SELECT ${scoreBase} + i, 'scalerun' || ${d.pad('i', 16)}, CASE WHEN uid IS NULL THEN ${guestWallet} END, score, level, t, bonus, score + bonus,
              'scale-run-' || i, ${d.ts('played')}, verified, ${d.ts('played')}, ${d.ts('played')}, ${d.ts('played')}
              ${playerKeyColumn ? `, CASE WHEN uid IS NULL THEN 'g:' || ${guestWallet} ELSE 'u:' || uid END` : ''}
       FROM ${runs}`,
    ],
    [
      'the runs of accounts',
      `INSERT INTO game_scores_user_lnk (game_score_id, user_id)
       SELECT ${scoreBase} + i, uid FROM (SELECT i, ${ownerUser} AS uid FROM ${d.seq(v.runs)}) o WHERE uid IS NOT NULL`,
    ],
  ];
  // Published posts: a draft row and a published row per document (Strapi 5 draft & publish), dated over five years.
  // Their words (and the news items') are as common or as rare as in real writing (search-scale.mjs).
  const body = d.jsonOf(`'[{"type":"paragraph","children":[{"type":"text","text":"' || ${wordsSql('j', 40, 3)} || '."}]}]'`);
  const postDay = `${now} - ((j * 7919) % 1825) * ${DAY_MS}`;
  for (const [offset, publishedAt] of [
    [-1, 'NULL'],
    [0, d.ts(`${postDay} + 60000`)],
  ]) {
    steps.push([
      offset ? `${v.posts} blog posts (drafts)` : '(and their published rows)',
      `INSERT INTO blog_posts (id, document_id, title, slug, summary, body, author_name, published_date, created_at, updated_at, published_at)
       SELECT ${postBase} + 2 * j + ${offset}, 'scalepost' || ${d.pad('j', 15)}, ${wordsSql('j', 6, 1)} || ' ' || j, 'scale-post-' || j,
              ${wordsSql('j', 18, 2)} || '.', ${body}, 'Scale Writer', ${d.date(postDay)},
              ${d.ts(postDay)}, ${d.ts(postDay)}, ${publishedAt}
       FROM (SELECT i AS j FROM ${d.seq(v.posts)}) p`,
    ]);
  }
  // News: 90% active, published over the past year; half of them came from the seed's feed.
  const newsDate = `${now} - (k * 6364136223) % ${YEAR_MS}`;
  steps.push([
    `${v.news} news items`,
    `INSERT INTO news_items (id, document_id, title, description, url, url_key, source, category, published_date, is_active, created_at, updated_at, published_at)
     SELECT ${newsBase} + k, 'scalenews' || ${d.pad('k', 15)}, ${wordsSql('k', 7, 4)} || ' ' || k, ${wordsSql('k', 22, 5)} || '.',
            'https://scale.example.org/news/' || k, 'https://scale.example.org/news/' || k, 'Scale Wire',
            CASE k % 4 WHEN 0 THEN 'health' WHEN 1 THEN 'finance' WHEN 2 THEN 'crypto' ELSE 'other' END,
            ${d.ts(newsDate)}, k % 10 <> 0, ${d.ts(newsDate)}, ${d.ts(newsDate)}, ${d.ts(newsDate)}
     FROM (SELECT i AS k FROM ${d.seq(v.news)}) n`,
  ]);
  if (feedId !== null) {
    steps.push([
      'their feed',
      `INSERT INTO news_items_feed_lnk (news_item_id, news_feed_id) SELECT ${newsBase} + 2 * i, ${feedId} FROM ${d.seq(Math.floor(v.news / 2))}`,
    ]);
  }
  // The per-player figures (figures-store.ts), rebuilt from every run as the app's backfill would.
  steps.push(
    [
      'player figures',
      `DELETE FROM haic_player_figures;
       INSERT INTO haic_player_figures (player_key, user_id, guest_wallet, games_played, total_points, high_score)
       SELECT pk, MAX(uid), MAX(gw), COUNT(*), SUM(total_points), MAX(total_points) FROM ${runsView(d)} r GROUP BY pk`,
    ],
    ['player bests', 'DELETE FROM haic_player_bests'],
  );
  for (const [period, key] of [
    ['all', () => "'all'"],
    ['week', d.mondayKey],
    ['day', d.dayKey],
  ]) {
    steps.push([
      `  ${period}`,
      `INSERT INTO haic_player_bests (period, period_key, player_key, user_id, guest_wallet, score_id, total_points, score, bonus_points, level, time_elapsed, played_at)
       SELECT '${period}', period_key, pk, uid, gw, id, total_points, score, bonus_points, level, time_elapsed, played_ms FROM (
         SELECT w.*, ROW_NUMBER() OVER (PARTITION BY w.period_key, w.pk ORDER BY w.total_points DESC, w.played_ms ASC, w.id ASC) AS rn
         FROM (SELECT ${key('r.played_ms')} AS period_key, r.* FROM ${runsView(d)} r WHERE r.verified = TRUE) w
       ) b WHERE rn = 1`,
    ]);
  }

  const started = performance.now();
  const timedStep = async (what, sql) => {
    const t = performance.now();
    await db.run(sql);
    console.log(`    ${what}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  let rebuilt = [];
  if (kind === 'sqlite') {
    await db.run('PRAGMA synchronous = OFF; PRAGMA cache_size = -262144; BEGIN');
    // As PostgreSQL's load runs with its triggers off: the search index is built from every row afterwards, timed
    // on its own (search-scale.mjs), as its migration builds it on an existing database.
    for (const { name } of await db.all(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'haic_search_%'`))
      await db.run(`DROP TRIGGER ${name}`);
  } else {
    // PostgreSQL, as a bulk load is done: foreign keys are not checked row by row (the rows are consistent
    // by construction), and the secondary indexes of the tables that take a million rows are dropped and
    // built again afterwards (one sort each, not a million random insertions). Indexes behind constraints stay.
    await db.run("BEGIN; SET LOCAL session_replication_role = 'replica'");
    rebuilt = await db.all(
      `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
       WHERE i.schemaname = 'public' AND i.tablename IN ('game_scores', 'game_scores_user_lnk', 'haic_player_bests')
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = to_regclass(quote_ident(i.indexname)) AND c.contype IN ('p', 'u', 'x'))`,
    );
    for (const { name } of rebuilt) await db.run(`DROP INDEX "${name}"`);
  }
  for (const [what, sql] of steps) await timedStep(what, sql);
  if (rebuilt.length) await timedStep(`their ${rebuilt.length} indexes`, rebuilt.map(({ definition }) => `${definition};`).join('\n'));
  await db.run('COMMIT');
  if (kind === 'postgres') {
    // Explicit ids: move the sequences past them. Then fresh planner statistics, as autovacuum would
    // gather on its own soon after such a load.
    for (const table of ['up_users', 'up_users_role_lnk', 'game_scores', 'game_scores_user_lnk', 'blog_posts', 'news_items', 'news_items_feed_lnk']) {
      await db.run(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT MAX(id) FROM ${table}))`);
    }
    await db.run('ANALYZE');
  }
  return (performance.now() - started) / 1000;
}

// ---------- the site, as a client ----------

/** A signed-in bench user, an editor in the panel, and the requests the rounds send. */
async function client(server) {
  const base = server.baseURL;
  const issued = await fetch(`${base}/api/xsrf`);
  const cookie = issued.headers
    .getSetCookie()
    .find((c) => c.startsWith('XSRF-TOKEN='))
    .split(';')[0];
  const xsrf = { Cookie: cookie, 'X-XSRF-TOKEN': decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) };
  const post = (url, body, headers = {}) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...xsrf, ...headers }, body: JSON.stringify(body) });

  const account = async (who) => {
    let signedIn = await post('/api/auth/login', { username: who.username, password: who.password });
    if (signedIn.status === 401) signedIn = await post('/api/auth/register', who);
    if (!signedIn.ok) throw new Error(`${who.username}: ${signedIn.status} ${await signedIn.text()}`);
    const { token, user } = await signedIn.json();
    return { user, bearer: { Authorization: `Bearer ${token}` } };
  };
  const { user, bearer } = await account(BENCH_USER);
  const middle = await account(MIDDLE_USER);
  /** A verified run of a player: the server clears its leaderboard cache. */
  const rankedRunOf = async (player) => {
    const played = playRun();
    const ticket = signTicket(
      { runId: crypto.randomUUID(), seed: played.seed, issuedAt: Date.now() - 20 * 60_000 },
      { userId: player.user.id },
      server.env.RUN_TICKET_SECRET,
    );
    const response = await post(
      '/api/game/nursehelpme/score',
      { ...played.result, inputLog: played.inputLog, seed: played.seed, ticket, sessionId: `scale-ranked-${crypto.randomUUID()}`, userId: player.user.id },
      player.bearer,
    );
    const stored = await response.json();
    if (response.status !== 200 || stored.verified !== true) throw new Error(`ranked run: ${response.status} ${JSON.stringify(stored).slice(0, 300)}`);
    return stored;
  };
  const middleRun = await rankedRunOf(middle);

  const panelLogin = await fetch(`${base}/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(PANEL) });
  const panelJson = await panelLogin.json();
  const panelToken = panelJson?.data?.token ?? panelJson?.data?.accessToken;
  if (!panelToken) throw new Error(`panel sign-in: ${panelLogin.status} ${JSON.stringify(panelJson).slice(0, 300)}`);
  const edited = (await (await fetch(`${base}/api/blog?page=1&pageSize=1`)).json())[0].id;
  let edits = 0;

  return {
    base,
    user,
    bearer,
    post,
    /** An editor saves a draft: the content version moves, every content cache is stale. */
    async edit() {
      const response = await fetch(`${base}/content-manager/collection-types/api::blog-post.blog-post/${edited}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${panelToken}` },
        body: JSON.stringify({ summary: `Edited by the data-scale benchmark (${++edits}).` }),
      });
      if (!response.ok) throw new Error(`panel edit: ${response.status} ${(await response.text()).slice(0, 300)}`);
      await response.arrayBuffer();
    },
    middle,
    /** The middle player's run (its page and GET /api/runs/:id). */
    middleRunId: middleRun.documentId,
    /** A verified run of the bench user: the server clears its leaderboard cache. */
    async rankedRun() {
      await rankedRunOf({ user, bearer });
    },
  };
}

let runsPlayed = 0;
/** A short game (hold right), each one with a different input log (a log ranks only once). */
function playRun() {
  const seed = 4242;
  const wait = runsPlayed++;
  const recorder = new contract.InputRecorder();
  let game = contract.startGame({ seed });
  for (let step = 0; !contract.isFinished(game); step++) {
    const input = step < wait ? contract.NO_INPUT : { left: false, right: true, jump: false };
    recorder.record(input);
    game = contract.step(game, input);
  }
  return { seed, result: contract.finalResult(game), inputLog: recorder.encode() };
}

/** Milliseconds from sending a request to the last byte of a successful answer. */
async function timed(request) {
  const started = performance.now();
  const response = await request();
  const body = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${body.toString('utf8').slice(0, 300)}`);
  return ms;
}

/**
 * A GET between SQL checks. The SQL truth runs on this thread (better-sqlite3 blocks it for seconds on a
 * year of data), so a kept-alive socket the server closed meanwhile is noticed only when it is reused:
 * such a GET is sent once more, on a new socket.
 */
async function get(url, headers = {}) {
  try {
    return await fetch(url, { headers });
  } catch (error) {
    if (error?.cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, { headers });
  }
}

/** The <loc>s of one sitemap document (an index or a file of URLs). */
const locsOf = (xml) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'));

/** All the sitemap's <loc>s, following a sitemap index into its files. */
async function sitemapLocations(base, url = '/sitemap.xml') {
  const xml = await (await get(`${base}${url}`)).text();
  const locs = locsOf(xml);
  if (!xml.includes('<sitemapindex')) return locs;
  const nested = [];
  for (const loc of locs) nested.push(...(await sitemapLocations(base, new URL(loc).pathname)));
  return nested;
}

/**
 * The endpoints, in the order of one round. `edit`: an editor saves a draft first (content caches are
 * per content version). The round starts with a ranked run, which clears the board cache.
 */
function endpoints(c, historyPages, blogPages, sitemapFiles) {
  const get =
    (url, headers = {}) =>
    () =>
      fetch(`${c.base}${url}`, { headers });
  let writes = 0;
  const list = [
    ['/api/leaderboard?period=all (cold)', get('/api/leaderboard?period=all')],
    ['/api/leaderboard?period=day (cold)', get('/api/leaderboard?period=day')],
    ['/api/leaderboard with a token (own rank)', get('/api/leaderboard?period=all', c.bearer)],
    ['/api/leaderboard with a token, deep rank (around me)', get('/api/leaderboard?period=all', c.middle.bearer)],
    ['/api/leaderboard?period=week with a token, deep rank (around me)', get('/api/leaderboard?period=week', c.middle.bearer)],
    ['/api/leaderboard/seasons/:last week (season standings)', get(`/api/leaderboard/seasons/${lastSeason()}`)],
    ['/api/runs/:id', get(`/api/runs/${c.middleRunId}`)],
    ['/runs/:id (server-rendered)', get(`/runs/${c.middleRunId}`, { Accept: 'text/html' })],
    ['/api/users/:id/stats', get(`/api/users/${c.user.id}/stats`, c.bearer)],
    ['/api/users/:id/game-history first page', get(`/api/users/${c.user.id}/game-history?pageNumber=1&pageSize=${HISTORY_PAGE_SIZE}`, c.bearer)],
    ['/api/users/:id/game-history last page', get(`/api/users/${c.user.id}/game-history?pageNumber=${historyPages}&pageSize=${HISTORY_PAGE_SIZE}`, c.bearer)],
    ['/sitemap.xml (after an edit)', get('/sitemap.xml'), { edit: true }],
    ...sitemapFiles.map((file, i) => [`sitemap posts file ${i === 0 ? 'first' : 'last'} (after an edit)`, get(file), { edit: true }]),
    ['/api/news/aggregate (after a change)', get('/api/news/aggregate'), { edit: true }],
    ['/api/blog first page (after an edit)', get('/api/blog?page=1&pageSize=10'), { edit: true }],
    ['/api/blog last page (after an edit)', get(`/api/blog?page=${blogPages}&pageSize=10`), { edit: true }],
    ['/blog (server-rendered, after an edit)', get('/blog', { Accept: 'text/html' }), { edit: true }],
    ['/blog/rss.xml (after an edit)', get('/blog/rss.xml'), { edit: true }],
    ['sign-in (POST /api/auth/login)', () => c.post('/api/auth/login', { username: BENCH_USER.username, password: BENCH_USER.password })],
    [
      'score write (guest, no ticket)',
      () => {
        writes += 1;
        const score = 3 * 100 + 40 * 10;
        return c.post('/api/game/nursehelpme/score', {
          score,
          level: 3,
          timeElapsed: 125,
          bonusPoints: 875,
          totalPoints: score + 875,
          sessionId: `scale-write-${crypto.randomUUID()}`,
          XRPLWallet: `GUEST_W${String((process.pid * 1000 + writes) % 1e7).padStart(7, '0')}`,
        });
      },
    ],
  ];
  return list.map(([name, request, options = {}]) => ({ name, request, ...options }));
}

/** Times every endpoint SAMPLES times (after one untimed round); medians by name, and the peak memory. */
async function timePhase(server, c, { publishedPosts }) {
  const first = await (await get(`${c.base}/api/users/${c.user.id}/game-history?pageNumber=1&pageSize=${HISTORY_PAGE_SIZE}`, c.bearer)).json();
  // A sitemap index: its first and last posts files are timed too (the same file while there is one).
  const sitemap = await (await get(`${c.base}/sitemap.xml`)).text();
  const files = locsOf(sitemap)
    .map((loc) => new URL(loc).pathname)
    .filter((file) => file.startsWith('/sitemap-posts-'));
  const list = endpoints(c, Math.max(1, first.totalPages), Math.max(1, Math.ceil(publishedPosts / 10)), files.length ? [files[0], files.at(-1)] : []);
  const samples = new Map(list.map((e) => [e.name, []]));
  let peak = residentBytes(server.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(server.pid))), 100);
  try {
    for (let round = 0; round <= SAMPLES; round++) {
      await c.rankedRun();
      for (const endpoint of list) {
        if (endpoint.edit) await c.edit();
        const ms = await timed(endpoint.request);
        if (round > 0) samples.get(endpoint.name).push(ms);
      }
    }
  } finally {
    clearInterval(sampler);
  }
  return { medians: new Map([...samples].map(([name, values]) => [name, median(values)])), peak };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// ---------- the truth ----------

const visiblePostsSql = (today) => `FROM blog_posts WHERE published_at IS NOT NULL AND published_date <= '${today}'`;

/** The site's answers against SQL over the stored rows. Each check: [what, ok, detail]. */
async function truthChecks(db, kind, c, now) {
  const d = DIALECTS[kind];
  const checks = [];
  const check = (what, ok, detail = '') => checks.push({ what, ok, detail });
  const json = async (url, headers = {}) => (await get(`${c.base}${url}`, headers)).json();
  const starts = windowStarts(now);

  for (const period of ['all', 'week', 'day']) {
    await c.rankedRun(); // a fresh board, not one cached before the last writes
    const board = await json(`/api/leaderboard?period=${period}&limit=100`);
    const rows = await db.all(
      `SELECT b.uid, b.gw, b.total_points, b.played_ms, u.username FROM ${bestsView(d, starts[period])} b LEFT JOIN up_users u ON u.id = b.uid
       ORDER BY b.total_points DESC, b.played_ms ASC, b.id ASC LIMIT 100`,
    );
    const expected = rows.map(
      (r) => `${r.uid === null ? contract.maskGuestWallet(r.gw) : r.username}|${num(r.total_points)}|${new Date(num(r.played_ms)).toISOString()}`,
    );
    const got = (board.entries ?? []).map((e) => `${e.player}|${e.totalPoints}|${e.playedDate}`);
    const firstDiff = expected.findIndex((line, i) => line !== got[i]);
    check(
      `leaderboard ${period}: the ${expected.length} best players in order, each once`,
      expected.length === got.length && firstDiff === -1,
      `rank ${firstDiff + 1}: expected ${expected[firstDiff]}, got ${got[firstDiff]} (${got.length} entries)`,
    );
  }

  const me = (await json('/api/leaderboard?period=all', c.bearer)).me;
  const mine = (await db.all(`SELECT total_points, played_ms, id FROM ${bestsView(d, null)} b WHERE b.uid = ${c.user.id}`))[0];
  const ahead = num(
    await one(
      db,
      `SELECT COUNT(*) AS n FROM ${bestsView(d, null)} b WHERE b.total_points > ${mine.total_points}
         OR (b.total_points = ${mine.total_points} AND (b.played_ms < ${mine.played_ms} OR (b.played_ms = ${mine.played_ms} AND b.id < ${mine.id})))`,
    ),
  );
  check(
    'own rank with a token',
    me?.rank === ahead + 1 && me?.totalPoints === num(mine.total_points),
    `expected rank ${ahead + 1} (${mine.total_points}), got ${me?.rank} (${me?.totalPoints})`,
  );

  // Around me, deep in the board: the rows two above to two below the player's rank, as the board's order has them.
  const deep = await json('/api/leaderboard?period=all', c.middle.bearer);
  const rank = deep.me?.rank ?? 0;
  const aroundRows = await db.all(
    `SELECT b.uid, b.gw, b.total_points, u.username FROM ${bestsView(d, null)} b LEFT JOIN up_users u ON u.id = b.uid
     ORDER BY b.total_points DESC, b.played_ms ASC, b.id ASC LIMIT 5 OFFSET ${Math.max(0, rank - 3)}`,
  );
  const aroundExpected = aroundRows.map(
    (r, i) => `${Math.max(0, rank - 3) + i + 1}|${r.uid === null ? contract.maskGuestWallet(r.gw) : r.username}|${num(r.total_points)}`,
  );
  const aroundGot = (deep.around ?? []).map((e) => `${e.rank}|${e.player}|${e.totalPoints}`);
  check(
    `around me at rank ${rank}: two above, the player, two below`,
    rank > 50 && aroundExpected.join(',') === aroundGot.join(','),
    `expected ${aroundExpected.join(', ')}; got ${aroundGot.join(', ')}`,
  );

  const ownRuns = `FROM game_scores s JOIN game_scores_user_lnk l ON l.game_score_id = s.id WHERE l.user_id = ${c.user.id}`;
  const truth = (await db.all(`SELECT COUNT(*) AS games, SUM(s.total_points) AS total, MAX(s.total_points) AS best ${ownRuns}`))[0];
  const stats = await json(`/api/users/${c.user.id}/stats`, c.bearer);
  check(
    'stats of the bench user (games, points, high score)',
    stats.gamesPlayed === num(truth.games) && stats.totalPoints === num(truth.total) && stats.highScore === num(truth.best),
    `expected ${truth.games}/${truth.total}/${truth.best}, got ${stats.gamesPlayed}/${stats.totalPoints}/${stats.highScore}`,
  );

  const games = num(truth.games);
  const pages = Math.ceil(games / HISTORY_PAGE_SIZE);
  for (const page of [1, pages]) {
    const history = await json(`/api/users/${c.user.id}/game-history?pageNumber=${page}&pageSize=${HISTORY_PAGE_SIZE}`, c.bearer);
    const rows = await db.all(
      `SELECT ${d.ms('s.played_date')} AS played_ms, s.total_points ${ownRuns} ORDER BY s.played_date DESC, s.id DESC LIMIT ${HISTORY_PAGE_SIZE} OFFSET ${(page - 1) * HISTORY_PAGE_SIZE}`,
    );
    const expected = rows.map((r) => `${new Date(num(r.played_ms)).toISOString()}|${num(r.total_points)}`).join(',');
    const got = (history.games ?? []).map((g) => `${g.playedDate}|${g.totalPoints}`).join(',');
    check(
      `game history page ${page} of ${pages}: totals and runs`,
      history.totalGames === games && history.totalPages === pages && got === expected,
      `expected ${games} games/${pages} pages [${expected.slice(0, 120)}], got ${history.totalGames}/${history.totalPages} [${got.slice(0, 120)}]`,
    );
  }

  const today = new Date().toISOString().slice(0, 10);
  const slugs = (await db.all(`SELECT slug ${visiblePostsSql(today)}`)).map((r) => r.slug);
  const locations = new Set((await sitemapLocations(c.base)).map((loc) => decodeURIComponent(new URL(loc).pathname)));
  const missing = slugs.filter((slug) => !locations.has(`/blog/${slug}`));
  const postLocations = [...locations].filter((loc) => loc.startsWith('/blog/')).length;
  check(
    `every published post in the sitemap (${slugs.length})`,
    missing.length === 0 && postLocations === slugs.length,
    `${missing.length} missing (${missing.slice(0, 3).join(', ')}), ${postLocations} post URLs`,
  );

  await c.edit();
  const blogPage = (await json('/api/blog?page=1&pageSize=10')).map((p) => p.slug).join(',');
  const blogTruth = (await db.all(`SELECT slug ${visiblePostsSql(today)} ORDER BY published_date DESC, created_at DESC, document_id ASC LIMIT 10`))
    .map((r) => r.slug)
    .join(',');
  check('/api/blog first page', blogPage === blogTruth, `expected ${blogTruth}, got ${blogPage}`);

  const news = (await json('/api/news/aggregate')).map((item) => item.id).join(',');
  const newsTruth = (await db.all(`SELECT document_id FROM news_items WHERE is_active = TRUE ORDER BY published_date DESC, id DESC LIMIT 100`))
    .map((r) => r.document_id)
    .join(',');
  check('/api/news/aggregate: the newest 100 active items', news === newsTruth, `expected ${newsTruth.slice(0, 120)}, got ${news.slice(0, 120)}`);
  return checks;
}

// ---------- one database ----------

const PG_PASSWORD = 'scale-bench-pg-password';

async function benchDatabase(kind) {
  const dialect = DIALECTS[kind];
  console.log(`\n--- ${dialect.name} ---`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-data-scale-'));
  let cluster = null;
  let env = {};
  let connect;
  if (kind === 'postgres') {
    cluster = await startPostgres({ password: PG_PASSWORD });
    env = cluster.cmsEnv;
    connect = () => postgresDb(cluster.connection);
  } else {
    connect = (options) => sqliteDb(path.join(dir, 'perf.db'), options);
  }
  const serverOptions = {
    dir,
    readyTimeoutMs: 300_000,
    env: {
      ...env,
      PANEL_ADMIN_EMAIL: PANEL.email,
      PANEL_ADMIN_PASSWORD: PANEL.password,
      // Every round stores runs: the bench measures reads, not the submission limit.
      SCORE_RATE_LIMIT_ACCOUNT_MAX: '1000000',
      SCORE_RATE_LIMIT_IP_MAX: '1000000',
    },
  };
  const today = () => new Date().toISOString().slice(0, 10);
  const countPosts = async () => {
    const db = await connect({ readonly: true });
    try {
      return num(await one(db, `SELECT COUNT(*) AS n ${visiblePostsSql(today())}`));
    } finally {
      await db.close();
    }
  };

  let server = null;
  try {
    server = await startBenchServer(serverOptions);
    let c = await client(server);
    console.log(`  seeded site: timing ${SAMPLES} rounds...`);
    const before = await timePhase(server, c, { publishedPosts: await countPosts() });
    await server.stop();
    server = null;

    console.log(`  loading a year with bulk SQL...`);
    const now = Date.now();
    const db = await connect();
    let loadSeconds;
    try {
      loadSeconds = await loadYear(db, kind, { benchUserId: c.user.id, now });
    } finally {
      await db.close();
    }
    console.log(`  loaded in ${loadSeconds.toFixed(1)} s`);
    console.log('  building the search index from every row (as its migration does)...');
    const indexSeconds = await buildSearchIndex(kind, kind === 'postgres' ? cluster.connection : path.join(dir, 'perf.db'));
    console.log(`  search index built in ${indexSeconds.toFixed(1)} s`);

    server = await startBenchServer(serverOptions);
    c = await client(server);
    console.log(`  after a year: timing ${SAMPLES} rounds...`);
    const after = await timePhase(server, c, { publishedPosts: await countPosts() });
    const truthDb = await connect({ readonly: true });
    let checks;
    let search;
    try {
      checks = await truthChecks(truthDb, kind, c, Date.now());
      console.log('  searching...');
      search = await benchSearch(c.base, truthDb);
    } finally {
      await truthDb.close();
    }
    console.log(`  a player with ${ACCOUNT_RUNS.toLocaleString('en-US')} runs exports and deletes their account...`);
    const accountData = await benchAccountData({ server, connect, kind });
    return { kind, before, after, loadSeconds, checks, accountData, search, indexSeconds };
  } finally {
    if (server) await server.stop();
    cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ---------- the report ----------

const fmt = (ms) => (ms === undefined ? '-' : ms < 10 ? ms.toFixed(1) : ms.toFixed(0));
const mb = (bytes) => `${Math.round(bytes / 1024 ** 2)} MB`;

/** Prints one database's table; answers the number of failures. */
function report({ kind, before, after, loadSeconds, checks, accountData, search, indexSeconds }) {
  const v = VOLUMES;
  console.log(
    `\n${DIALECTS[kind].name}: ${v.players.toLocaleString('en-US')} players, ${v.runs.toLocaleString('en-US')} runs (${v.benchRuns.toLocaleString('en-US')} the bench user's), ${v.posts.toLocaleString('en-US')} posts, ${v.news.toLocaleString('en-US')} news items; medians of ${SAMPLES}, ms`,
  );
  const names = [...new Set([...before.medians.keys(), ...after.medians.keys()])];
  const width = Math.max(...names.map((n) => n.length));
  console.log(`| ${'endpoint'.padEnd(width)} | seeded site | after a year | growth | bar |`);
  console.log(`|${'-'.repeat(width + 2)}|-------------|--------------|--------|-----|`);
  let failures = 0;
  for (const name of names) {
    const a = before.medians.get(name);
    const b = after.medians.get(name);
    const ok = a !== undefined && b !== undefined && (b <= a * RATIO_BAR || b - a <= SLACK_BAR_MS);
    if (!ok) failures += 1;
    const growth = a !== undefined && b !== undefined ? `x${(b / a).toFixed(1)}` : '-';
    console.log(`| ${name.padEnd(width)} | ${fmt(a).padStart(11)} | ${fmt(b).padStart(12)} | ${growth.padStart(6)} | ${ok ? 'ok ' : 'MISS'} |`);
  }
  const loadOk = loadSeconds < LOAD_BAR_S;
  const memoryOk = after.peak < RSS_BAR_BYTES;
  console.log(
    `load: ${loadSeconds.toFixed(1)} s (${loadOk ? 'under' : 'OVER'} ${LOAD_BAR_S} s); server memory peak ${mb(before.peak)} before, ${mb(after.peak)} after (${memoryOk ? 'under' : 'OVER'} 1 GB)`,
  );
  for (const c of checks) console.log(`  ${c.ok ? '✓' : '✗'} ${c.what}${c.ok ? '' : `: ${c.detail}`}`);
  for (const line of accountData.lines) console.log(line);
  failures += (loadOk ? 0 : 1) + (memoryOk ? 0 : 1) + checks.filter((c) => !c.ok).length + accountData.failures;
  failures += reportSearch(DIALECTS[kind].name, search, indexSeconds);
  console.log(`${DIALECTS[kind].name}: ${failures ? `${failures} MISSED` : 'meets the bar'}`);
  return failures;
}

async function main() {
  await buildCms();
  await buildSeed();
  console.log(
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}; scale ${SCALE}`,
  );
  const results = [];
  for (const kind of DATABASES) {
    if (!DIALECTS[kind]) throw new Error(`DATA_SCALE_DB: unknown database ${kind} (sqlite or postgres)`);
    if (kind === 'postgres' && !findPostgres()) {
      console.log('data-scale: no PostgreSQL server binaries here; PostgreSQL skipped.');
      continue;
    }
    results.push(await benchDatabase(kind));
  }
  let failures = 0;
  for (const result of results) failures += report(result);
  process.exit(failures ? 1 : 0);
}

// Run as a command (account-data.mjs imports its SQL helpers).
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
