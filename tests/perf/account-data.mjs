#!/usr/bin/env node
// Account data benchmark: a player with 100,000 runs downloads their data, then deletes the
// account. The runs (10% verified, each verified one with its used run ticket), the player's figures and
// bests and a few contact messages are loaded with bulk SQL; then GET /api/users/export is read to the
// end and POST /api/users/delete-account is timed, sampling the server's resident memory all along.
// Checks: the file holds every run and only the documented keys; after the delete nothing of the account
// is left in any table, its sign-in and token are refused and it is off every board.
//
// The data-scale benchmark runs this on its loaded database (a year of data: 1,000,000 other runs) after
// its timings; on its own it runs on a freshly seeded site:
//
//   node tests/perf/account-data.mjs                     (SQLite, then PostgreSQL when installed)
//   ACCOUNT_DATA_DB=sqlite ACCOUNT_DATA_RUNS=20000 node tests/perf/account-data.mjs
//
//   ACCOUNT_DATA_RUNS   the leaving player's runs (default 100,000)
//   ACCOUNT_DATA_DB     sqlite, postgres or both (default sqlite,postgres)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCms, buildSeed } from '../../scripts/lib/build.mjs';
import { findPostgres } from '../../scripts/lib/system.mjs';
import { startPostgres } from '../postgres/server.mjs';
import { residentBytes, startBenchServer } from './lib.mjs';
import { DIALECTS, postgresDb, sqliteDb } from './data-scale.mjs';

export const ACCOUNT_RUNS = Number(process.env.ACCOUNT_DATA_RUNS || 100_000);
const LEAVER = { username: 'leavingnurse', email: 'leavingnurse@example.com', password: 'Leaving!Nurse2026' };
const CONTACT_MESSAGES = 5;
const EXPORT_KEYS = ['exportedAt', 'account', 'chatAccounts', 'xrplWallet', 'gameRuns', 'contactMessages'];
const RUN_KEYS = ['playedDate', 'score', 'level', 'timeElapsed', 'bonusPoints', 'totalPoints', 'verified'];
const DAY_MS = 86_400_000;
const mb = (bytes) => `${Math.round(bytes / 1024 ** 2)} MB`;

const one = async (db, sql) => Object.values((await db.all(sql))[0] ?? {})[0];
const count = async (db, sql) => Number(await one(db, sql));

/** Starts sampling a process's resident memory every 50 ms: stop() answers the peak. */
function sampleMemory(pid) {
  let peak = residentBytes(pid);
  const timer = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, residentBytes(pid));
  };
}

/** The API as the leaving player's browser calls it. */
async function session(base) {
  const issued = await fetch(`${base}/api/xsrf`);
  const cookie = issued.headers
    .getSetCookie()
    .find((c) => c.startsWith('XSRF-TOKEN='))
    .split(';')[0];
  const xsrf = { Cookie: cookie, 'X-XSRF-TOKEN': decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) };
  const post = (url, body, headers = {}) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...xsrf, ...headers }, body: JSON.stringify(body) });
  return { post };
}

/** The leaver's runs, tickets, figures, bests and contact messages, with bulk SQL. */
async function loadLeaver(db, kind, userId, now) {
  const d = DIALECTS[kind];
  const n = ACCOUNT_RUNS;
  const scoreBase = Number(await one(db, 'SELECT COALESCE(MAX(id), 0) AS n FROM game_scores'));
  const contactBase = Number(await one(db, 'SELECT COALESCE(MAX(id), 0) AS n FROM contact_messages'));
  const played = (i) => `${now} - (${i}) * 37000 % ${365 * DAY_MS}`;
  const verified = (i) => `(${i}) % 10 = 0`;
  const points = (i) => `100 + (${i}) % 900 + 1000 - (30 + (${i}) % 900)`;
  const statements = [
    `INSERT INTO game_scores (id, document_id, score, level, time_elapsed, bonus_points, total_points, session_id, played_date, verified, created_at, updated_at, published_at, player_key)
     SELECT ${scoreBase} + i, 'leaverun' || ${d.pad('i', 16)}, 100 + i % 900, 1, 30 + i % 900, 1000 - (30 + i % 900), ${points('i')},
            'leaver-run-' || i, ${d.ts(played('i'))}, ${verified('i')}, ${d.ts(played('i'))}, ${d.ts(played('i'))}, ${d.ts(played('i'))}, 'u:${userId}'
     FROM ${d.seq(n)}`,
    `INSERT INTO game_scores_user_lnk (game_score_id, user_id) SELECT ${scoreBase} + i, ${userId} FROM ${d.seq(n)}`,
    `INSERT INTO haic_run_tickets (run_id, log_hash, used_at, score_id)
     SELECT 'leaver-ticket-' || i, 'leaver-log-' || i, ${now}, ${scoreBase} + i FROM ${d.seq(n)} WHERE ${verified('i')}`,
    `INSERT INTO haic_player_figures (player_key, user_id, guest_wallet, games_played, total_points, high_score)
     SELECT 'u:${userId}', ${userId}, NULL, COUNT(*), SUM(total_points), MAX(total_points) FROM game_scores WHERE player_key = 'u:${userId}'`,
    // The leaver tops every board (a best far above anyone's), so leaving them is plain to see.
    ...[
      ['all', "'all'"],
      ['week', d.mondayKey(String(now))],
      ['day', d.dayKey(String(now))],
    ].map(
      ([
        period,
        key,
      ]) => `INSERT INTO haic_player_bests (period, period_key, player_key, user_id, guest_wallet, score_id, total_points, score, bonus_points, level, time_elapsed, played_at)
       VALUES ('${period}', ${key}, 'u:${userId}', ${userId}, NULL, ${scoreBase + 10}, 999999, 1000, 0, 10, 1000, ${now})`,
    ),
    // Sent while signed in: the export lists the messages its account sent (sender_account_id), never those by email alone.
    `INSERT INTO contact_messages (id, document_id, name, email, subject, message, "read", sender_account_id, created_at, updated_at, published_at)
     SELECT ${contactBase} + i, 'leavermsg' || ${d.pad('i', 16)}, 'Leaving Nurse', '${LEAVER.email}', 'Question ' || i, 'A question sent before leaving, number ' || i || '.', FALSE, ${userId},
            ${d.ts(String(now))}, ${d.ts(String(now))}, ${d.ts(String(now))}
     FROM ${d.seq(CONTACT_MESSAGES)}`,
  ];
  const started = performance.now();
  await db.run('BEGIN');
  for (const sql of statements) await db.run(sql);
  await db.run('COMMIT');
  if (kind === 'postgres') {
    for (const table of ['game_scores', 'game_scores_user_lnk', 'contact_messages'])
      await db.run(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT MAX(id) FROM ${table}))`);
    await db.run('ANALYZE');
  }
  return (performance.now() - started) / 1000;
}

/** What is left of the account in every table the deletion covers. */
async function remains(db, userId, scoreIds) {
  return {
    user: await count(db, `SELECT COUNT(*) AS n FROM up_users WHERE id = ${userId}`),
    runs: await count(db, `SELECT COUNT(*) AS n FROM game_scores WHERE player_key = 'u:${userId}'`),
    runLinks: await count(db, `SELECT COUNT(*) AS n FROM game_scores_user_lnk WHERE user_id = ${userId}`),
    tickets: await count(db, `SELECT COUNT(*) AS n FROM haic_run_tickets WHERE score_id > ${scoreIds.from} AND score_id <= ${scoreIds.to}`),
    figures: await count(db, `SELECT COUNT(*) AS n FROM haic_player_figures WHERE player_key = 'u:${userId}'`),
    bests: await count(db, `SELECT COUNT(*) AS n FROM haic_player_bests WHERE player_key = 'u:${userId}'`),
    contactMessages: await count(db, `SELECT COUNT(*) AS n FROM contact_messages WHERE email = '${LEAVER.email}'`),
  };
}

/**
 * On a running server and its database (`connect()` answers a query interface): the leaver's export and
 * deletion, timed, with the server's memory. Answers { lines, failures } for the caller's report.
 */
export async function benchAccountData({ server, connect, kind }) {
  const base = server.baseURL;
  const { post } = await session(base);
  const registered = await post('/api/auth/register', LEAVER);
  if (!registered.ok) throw new Error(`leaver: ${registered.status} ${await registered.text()}`);
  const { token, user } = await registered.json();
  const bearer = { Authorization: `Bearer ${token}` };

  const db = await connect();
  let loadSeconds;
  let scoreIds;
  try {
    const from = Number(await one(db, 'SELECT COALESCE(MAX(id), 0) AS n FROM game_scores'));
    loadSeconds = await loadLeaver(db, kind, user.id, Date.now());
    scoreIds = { from, to: from + ACCOUNT_RUNS };
  } finally {
    await db.close();
  }
  const checks = [];
  const check = (what, ok, detail = '') => checks.push({ what, ok, detail });
  const board = async (period) => (await (await fetch(`${base}/api/leaderboard?period=${period}&limit=100`)).json()).entries.map((e) => e.player);
  for (const period of ['all', 'week', 'day']) check(`the leaver tops the ${period} board before`, (await board(period))[0] === LEAVER.username);

  // The export, read to its last byte.
  const idle = residentBytes(server.pid);
  let stop = sampleMemory(server.pid);
  let started = performance.now();
  const response = await fetch(`${base}/api/users/export`, { headers: bearer });
  const firstByteMs = performance.now() - started;
  const text = await response.text();
  const exportMs = performance.now() - started;
  const exportPeak = stop();
  const data = JSON.parse(text);
  check(
    'the export answers 200 as an attachment',
    response.status === 200 && /^attachment; filename="haic-my-data-\d{4}-\d{2}-\d{2}\.json"$/.test(response.headers.get('content-disposition') ?? ''),
    `${response.status}`,
  );
  check(
    `the export holds all ${ACCOUNT_RUNS.toLocaleString('en-US')} runs, newest first`,
    data.gameRuns.length === ACCOUNT_RUNS &&
      data.gameRuns.every((run, i) => i === 0 || Date.parse(data.gameRuns[i - 1].playedDate) >= Date.parse(run.playedDate)),
    `${data.gameRuns.length}`,
  );
  check(
    'the export has exactly the documented keys',
    JSON.stringify(Object.keys(data)) === JSON.stringify(EXPORT_KEYS) &&
      data.gameRuns.every((run) => JSON.stringify(Object.keys(run)) === JSON.stringify(RUN_KEYS)),
  );
  check(`the export holds the ${CONTACT_MESSAGES} contact messages`, data.contactMessages.length === CONTACT_MESSAGES, `${data.contactMessages.length}`);
  check('the export holds no hash or token', !/\$2[aby]\$/.test(text) && !text.includes(token));

  // The deletion, in one transaction.
  stop = sampleMemory(server.pid);
  started = performance.now();
  const deleted = await post('/api/users/delete-account', { password: LEAVER.password }, bearer);
  const deleteMs = performance.now() - started;
  const deletePeak = stop();
  check('the deletion answers 200', deleted.status === 200, `${deleted.status} ${(await deleted.text()).slice(0, 200)}`);

  const after = await connect({ readonly: true });
  try {
    const left = await remains(after, user.id, scoreIds);
    check(
      'nothing of the account is left (user, runs, links, tickets, figures, bests)',
      Object.entries(left).every(([table, n]) => (table === 'contactMessages' ? true : n === 0)),
      JSON.stringify(left),
    );
    check('its contact messages are kept', left.contactMessages === CONTACT_MESSAGES, `${left.contactMessages}`);
  } finally {
    await after.close();
  }
  for (const period of ['all', 'week', 'day']) check(`the leaver is off the ${period} board at once`, !(await board(period)).includes(LEAVER.username));
  check('the token is refused', (await fetch(`${base}/api/users/profile`, { headers: bearer })).status === 401);
  check('the sign-in is refused', (await post('/api/auth/login', { username: LEAVER.username, password: LEAVER.password })).status === 401);

  const runs = ACCOUNT_RUNS.toLocaleString('en-US');
  const lines = [
    `account data (${runs} runs, ${(text.length / 1024 ** 2).toFixed(1)} MB of JSON; loaded in ${loadSeconds.toFixed(1)} s):`,
    `  export: first byte ${firstByteMs.toFixed(0)} ms, whole file ${exportMs.toFixed(0)} ms; server memory ${mb(idle)} idle, peak ${mb(exportPeak)} (+${mb(Math.max(0, exportPeak - idle))})`,
    `  delete: ${deleteMs.toFixed(0)} ms; server memory peak ${mb(deletePeak)} (+${mb(Math.max(0, deletePeak - idle))})`,
    ...checks.map((c) => `  ${c.ok ? '✓' : '✗'} ${c.what}${c.ok ? '' : `: ${c.detail}`}`),
  ];
  return { lines, failures: checks.filter((c) => !c.ok).length };
}

// ---------- on its own: a freshly seeded site ----------

const PG_PASSWORD = 'account-data-pg-password';

async function benchFresh(kind) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-account-data-'));
  let cluster = null;
  let env = {};
  let connect = (options) => sqliteDb(path.join(dir, 'perf.db'), options);
  if (kind === 'postgres') {
    cluster = await startPostgres({ password: PG_PASSWORD });
    env = cluster.cmsEnv;
    connect = () => postgresDb(cluster.connection);
  }
  let server = null;
  try {
    server = await startBenchServer({ dir, env, readyTimeoutMs: 300_000 });
    const result = await benchAccountData({ server, connect, kind });
    console.log(`\n${DIALECTS[kind].name}, a freshly seeded site:`);
    for (const line of result.lines) console.log(line);
    return result.failures;
  } finally {
    if (server) await server.stop();
    cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  await buildCms();
  await buildSeed();
  console.log(
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  let failures = 0;
  for (const kind of (process.env.ACCOUNT_DATA_DB || 'sqlite,postgres').split(',').map((name) => name.trim())) {
    if (!DIALECTS[kind]) throw new Error(`ACCOUNT_DATA_DB: unknown database ${kind} (sqlite or postgres)`);
    if (kind === 'postgres' && !findPostgres()) {
      console.log('account-data: no PostgreSQL server binaries here; PostgreSQL skipped.');
      continue;
    }
    failures += await benchFresh(kind);
  }
  process.exit(failures ? 1 : 0);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
