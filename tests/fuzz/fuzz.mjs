// Fuzzer: boots the built CMS on a throw-away SQLite file and sends at least FUZZ_BODIES (default
// 1,200) malformed bodies across every write route, FUZZ_CONCURRENCY (8) at a time, for at most
// FUZZ_SECONDS (default 75). Checks: no answer is a 5xx, the server stays alive, and no refused
// request writes a row (each table grows by at most the number of accepted writes to it).
// Then the worst strings a pattern could meet (runs of dots, repeated '@', one character class, 'a@' +
// dots + '@'), as large as a body may be, in every string field of every route: each must be answered
// within WORST_CASE_MS, while the server keeps answering /_health.
// Deterministic (seeded) so a failure can be replayed: FUZZ_SEED=<n> node tests/fuzz/fuzz.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { freePort, startCms, waitForHttp } from '../../scripts/lib/server.mjs';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');

const TARGET = Number(process.env.FUZZ_BODIES || 1200);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY || 8);
const DEADLINE_MS = Number(process.env.FUZZ_SECONDS || 75) * 1000;
let seed = Number(process.env.FUZZ_SEED || 20261122);
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (list) => list[Math.floor(random() * list.length)];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-fuzz-'));
const dbFile = path.join(dir, 'fuzz.db');
const port = Number(process.env.FUZZ_PORT) || (await freePort());
const base = `http://127.0.0.1:${port}`;
const env = {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_CLIENT: 'sqlite',
  DATABASE_FILENAME: dbFile,
  ENV_PATH: path.join(dir, 'no.env'),
  APP_KEYS: 'fuzzKeyA,fuzzKeyB',
  API_TOKEN_SALT: 'fuzz-api-token-salt',
  ADMIN_JWT_SECRET: 'fuzz-admin-jwt-secret',
  TRANSFER_TOKEN_SALT: 'fuzz-transfer-token-salt',
  JWT_SECRET: 'fuzz-jwt-secret',
  ENCRYPTION_KEY: 'fuzz-encryption-key-0123456789abcd',
  RUN_TICKET_SECRET: 'fuzz-run-ticket-secret-0123456789',
  TELEGRAM_WEBHOOK_SECRET: 'fuzz-telegram-secret',
  CRON_ENABLED: 'false',
  // One address sends everything: the per-IP limits would otherwise answer 429 (correct, but not what is fuzzed).
  REGISTER_RATE_LIMIT_MAX: '1000000',
  CONTACT_RATE_LIMIT_MAX: '1000000',
  LOGIN_RATE_LIMIT_MAX: '1000000',
  LOGIN_RATE_LIMIT_IP_MAX: '1000000',
  // Nor is the deliberate slow-down of a username that keeps failing.
  LOGIN_SLOWDOWN_AFTER: '1000000',
  WALLET_RATE_LIMIT_MAX: '1000000',
  // Other checks run beside this one: the server's loop lags without any overload from the fuzzer, and load
  // shedding's 503 is not what is fuzzed (it has its own API tests, cms/tests/load-shed*.test.ts).
  LOAD_SHED_LAG_MS: '2000',
  PANEL_ADMIN_EMAIL: 'fuzz-panel@example.com',
  PANEL_ADMIN_PASSWORD: 'FuzzPanel1!',
};

const checks = [];
const check = (name, ok, detail = '') => {
  checks.push(ok);
  console.log(`  ${ok ? '✓' : '✗'} ${name}${ok ? '' : `: ${detail}`}`);
};

// ---------- malformed bodies ----------
const BAD_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\u001b[31m',
  '\u0085',
  '\u007f',
  '\u200b',
  '\ufeff',
  '\u202e',
  '',
  ' ',
  'x'.repeat(70000),
  '%00',
  '\\u0000',
  '${7*7}',
  '<script>',
  "' OR 1=1 --",
  '{"$ne":""}',
  '\r\n\r\n',
];
const BAD_VALUES = () => [
  null,
  true,
  false,
  0,
  -1,
  1e308,
  -1e308,
  2 ** 53 + 1,
  1.5,
  NaN,
  [],
  {},
  [pick(BAD_STRINGS)],
  { $ne: '' },
  { $gt: 0 },
  { __proto__: { admin: true } },
  '1'.repeat(400),
  pick(BAD_STRINGS),
  pick(BAD_STRINGS) + 'Ab1!xyzw',
];
/** Shapes that make a backtracking pattern slow, at a given length. */
const WORST_SHAPES = {
  'a@ + dots + @': (n) => `a@${'.'.repeat(n)}@`,
  'dots around @': (n) => `${'.'.repeat(n / 2)}@${'.'.repeat(n / 2)}`,
  'repeated @': (n) => '@'.repeat(n),
  "repeated 'a@a.'": (n) => 'a@a.'.repeat(n / 4),
  'one letter': (n) => 'a'.repeat(n),
  'one digit': (n) => '7'.repeat(n),
  'whitespace run then x': (n) => `${' \t'.repeat(n / 2)}x`,
  dashes: (n) => '-'.repeat(n),
  slashes: (n) => '/'.repeat(n),
};
BAD_STRINGS.push(...Object.values(WORST_SHAPES).map((make) => make(20000)));
const WORST_CASE_MS = Number(process.env.FUZZ_WORST_CASE_MS || 2000);
// Under the 1 MB JSON body limit with the other fields.
const WORST_LENGTH = 900_000;
const FIELDS = [
  'username',
  'email',
  'password',
  'name',
  'subject',
  'message',
  'firstName',
  'lastName',
  'bio',
  'score',
  'level',
  'timeElapsed',
  'bonusPoints',
  'totalPoints',
  'sessionId',
  'XRPLWallet',
  'userId',
  'captchaToken',
  'role',
  'blocked',
  'confirmed',
  'provider',
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'documentId',
  'update_id',
  'message',
  'currentPassword',
  'newPassword',
  'confirmPassword',
];

function deep(depth) {
  let value = pick(BAD_VALUES());
  for (let i = 0; i < depth; i++) value = random() < 0.5 ? [value] : { [pick(FIELDS)]: value };
  return value;
}

function jsonBody(template) {
  const body = { ...template };
  const spoil = 1 + Math.floor(random() * 3);
  for (let i = 0; i < spoil; i++) {
    const field = random() < 0.7 ? pick(Object.keys(template).concat(FIELDS)) : pick(BAD_STRINGS) + pick(FIELDS);
    body[field] = random() < 0.15 ? deep(1 + Math.floor(random() * 6)) : pick(BAD_VALUES());
  }
  return JSON.stringify(body);
}

const RAW = [
  () => '{"username":',
  () => '{',
  () => '}',
  () => 'null',
  () => '"text"',
  () => '42',
  () => '[]',
  () => `${'['.repeat(3000)}${']'.repeat(3000)}`,
  () => `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
  () => Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  () => Buffer.from([0xc0, 0x80, 0xed, 0xa0, 0x80]),
  () => '{"a":1,"a":2}',
  () => '{"__proto__":{"isAdmin":true},"username":"x"}',
  () => 'username=nurse&password=Str0ng!Pass',
  () => '\u0000\u0000\u0000',
  () => '{"username":"\\ud800","password":"\\udc00"}',
  () => '{"username":"nul\\u0000l","password":"Str0ng!Pass"}',
];

const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'multipart/form-data; boundary=x',
  '',
];

// ---------- the write routes ----------
let token = '';
let userId = 0;
const ROUTES = [
  {
    method: 'POST',
    table: 'up_users',
    path: () => '/api/auth/register',
    template: { username: 'fuzzer', email: 'fuzzer@example.com', password: 'Str0ng!Pass' },
  },
  { method: 'POST', path: () => '/api/auth/login', template: { username: 'fuzzbase', password: 'Str0ng!Pass' } },
  { method: 'POST', path: () => '/api/admin/login', template: { username: 'fuzzbase', password: 'Str0ng!Pass', captchaToken: 'x' } },
  {
    method: 'POST',
    table: 'contact_messages',
    path: () => '/api/contact',
    template: { name: 'Florence', email: 'f@example.com', subject: 'A subject', message: 'A message long enough' },
  },
  { method: 'PUT', path: () => '/api/users/profile', auth: true, template: { firstName: 'F', lastName: 'N', bio: 'B' } },
  // The account routes with a wrong current password: every body is refused (400, or 429 once limited), none changes the account.
  {
    method: 'PUT',
    path: () => '/api/users/password',
    auth: true,
    template: { currentPassword: 'Wr0ng!Pass', newPassword: 'N3wer!Pass', confirmPassword: 'N3wer!Pass' },
  },
  { method: 'POST', path: () => '/api/users/delete-account', auth: true, template: { password: 'Wr0ng!Pass' } },
  {
    method: 'POST',
    table: 'game_scores',
    path: () => '/api/game/nursehelpme/score',
    template: { score: 100, level: 1, timeElapsed: 10, bonusPoints: 990, totalPoints: 1090, sessionId: 'fuzz-session-1', XRPLWallet: 'GUEST_ABCDEFGH' },
  },
  { method: 'POST', table: 'linking_codes', path: () => `/api/users/${userId}/generate-linking-code`, auth: true, template: {} },
  { method: 'POST', path: () => `/api/users/${userId}/unlink-telegram`, auth: true, template: {} },
  // The XRPL wallet link: a challenge is a write that succeeds (one row per account); a link with a made-up signature never does.
  { method: 'POST', table: 'haic_wallet_challenges', path: () => `/api/users/${userId}/wallet/challenge`, auth: true, template: {} },
  {
    method: 'POST',
    table: 'haic_wallet_links',
    path: () => `/api/users/${userId}/wallet`,
    auth: true,
    template: { address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', publicKey: `ED${'A'.repeat(64)}`, signature: 'AB'.repeat(64) },
  },
  { method: 'PUT', path: () => `/api/users/${userId}/wallet`, auth: true, template: { addressPublic: true } },
  { method: 'DELETE', path: () => `/api/users/${userId}/wallet`, auth: true, template: {} },
  {
    method: 'POST',
    path: () => '/api/telegram/webhook',
    telegram: true,
    template: { update_id: 1, message: { message_id: 1, chat: { id: 1, type: 'private' }, from: { id: 1, username: 'x' }, text: '/link ABCDEFGH' } },
  },
  { method: 'POST', path: () => '/graphql', template: { query: '{ blogPosts { title } }' } },
  { method: 'POST', path: () => '/admin/login', template: { email: 'fuzz-panel@example.com', password: 'FuzzPanel1!' } },
  {
    method: 'POST',
    table: 'admin_users',
    path: () => '/admin/register-admin',
    template: { email: 'claim@example.com', password: 'Claim1234!', firstname: 'x' },
  },
];

let server;
let output = '';
const db = () => new Database(dbFile, { readonly: true, fileMustExist: true });
const TABLES = ['up_users', 'contact_messages', 'game_scores', 'linking_codes', 'admin_users', 'haic_wallet_challenges', 'haic_wallet_links'];
let reader;
const rowCounts = () => TABLES.map((table) => reader.prepare(`select count(*) as n from ${table}`).get().n);

try {
  server = startCms({ env, stdio: 'pipe' });
  server.stdout.on('data', (chunk) => (output = (output + chunk).slice(-6000)));
  server.stderr.on('data', (chunk) => (output = (output + chunk).slice(-6000)));
  await waitForHttp(`${base}/_health`, { child: server, timeoutMs: 180000 });
  reader = db();

  const issued = await fetch(`${base}/api/xsrf`);
  const cookie = (issued.headers.getSetCookie?.() ?? []).find((c) => c.startsWith('XSRF-TOKEN='));
  const xsrf = decodeURIComponent(cookie.split(';')[0].slice('XSRF-TOKEN='.length));
  const headers = (extra = {}) => ({ Cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}`, 'X-XSRF-TOKEN': xsrf, ...extra });

  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: headers({ 'Content-Type': 'application/json' }),
    body: JSON.stringify({ username: 'fuzzbase', email: 'fuzzbase@example.com', password: 'Str0ng!Pass' }),
  });
  ({
    token,
    user: { id: userId },
  } = await registered.json());

  console.log(`Fuzzing ${ROUTES.length} write routes (seed ${process.env.FUZZ_SEED || 20261122}, ${CONCURRENCY} at a time)...`);
  const started = Date.now();
  const before = rowCounts();
  let sent = 0;
  const serverErrors = [];
  const perStatus = {};
  const accepted = {};
  const worker = async () => {
    while (sent < TARGET && Date.now() - started < DEADLINE_MS) {
      sent += 1;
      const route = pick(ROUTES);
      const body = random() < 0.3 ? pick(RAW)() : jsonBody(route.template);
      const type = random() < 0.8 ? 'application/json' : pick(CONTENT_TYPES);
      const extra = type ? { 'Content-Type': type } : {};
      if (route.auth && random() < 0.9) extra.Authorization = `Bearer ${token}`;
      if (route.telegram) extra['X-Telegram-Bot-Api-Secret-Token'] = random() < 0.8 ? env.TELEGRAM_WEBHOOK_SECRET : 'wrong';
      let status;
      try {
        const response = await fetch(`${base}${route.path()}`, { method: route.method, headers: headers(extra), body, signal: AbortSignal.timeout(20000) });
        status = response.status;
        await response.arrayBuffer();
      } catch (error) {
        status = `no answer (${error.message})`;
      }
      perStatus[status] = (perStatus[status] ?? 0) + 1;
      if (typeof status === 'number' && status < 300) accepted[route.table] = (accepted[route.table] ?? 0) + 1;
      const label = `${route.method} ${route.path()} ${typeof body === 'string' ? body.slice(0, 120) : `<${body.length} bytes>`}`;
      if (typeof status !== 'number' || status >= 500) serverErrors.push(`${status} ${label}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (Date.now() - started) / 1000;
  console.log(`  sent ${sent} bodies in ${seconds.toFixed(1)} s; answers by status: ${JSON.stringify(perStatus)}`);

  // Rows may only come from accepted (2xx) requests: each table grew by at most the accepted writes to it.
  const after = rowCounts();
  const grownBeyond = TABLES.map((table, i) => ({ table, grew: after[i] - before[i], accepted: accepted[table] ?? 0 })).filter((t) => t.grew > t.accepted);
  check(`at least 1,000 malformed bodies sent across ${ROUTES.length} write routes`, sent >= 1000, `${sent} in ${seconds.toFixed(0)} s`);
  check('no answer was a 5xx (or missing)', serverErrors.length === 0, `${serverErrors.slice(0, 5).join('\n    ')}\n--- server log ---\n${output}`);
  check('no refused request wrote a row (each table grew by at most its accepted writes)', grownBeyond.length === 0, JSON.stringify(grownBeyond));

  // The worst strings, as large as a body may be, in each string field of each route, one at a time.
  let worstMs = 0;
  let worstLabel = '';
  let slowestHealthMs = 0;
  const worstErrors = [];
  for (const route of ROUTES) {
    for (const [field, value] of Object.entries(route.template)) {
      if (typeof value !== 'string') continue;
      for (const [shape, make] of Object.entries(WORST_SHAPES)) {
        const extra = { 'Content-Type': 'application/json' };
        if (route.auth) extra.Authorization = `Bearer ${token}`;
        if (route.telegram) extra['X-Telegram-Bot-Api-Secret-Token'] = env.TELEGRAM_WEBHOOK_SECRET;
        const body = JSON.stringify({ ...route.template, [field]: make(WORST_LENGTH) });
        const label = `${route.method} ${route.path()} ${field}: ${shape}`;
        const t0 = performance.now();
        const answer = fetch(`${base}${route.path()}`, { method: route.method, headers: headers(extra), body, signal: AbortSignal.timeout(60000) })
          .then(async (response) => (await response.arrayBuffer(), response.status))
          .catch((error) => `no answer (${error.message})`);
        const h0 = performance.now();
        await fetch(`${base}/_health`).catch(() => null);
        slowestHealthMs = Math.max(slowestHealthMs, performance.now() - h0);
        const status = await answer;
        const ms = performance.now() - t0;
        if (ms > worstMs) [worstMs, worstLabel] = [ms, label];
        if (typeof status !== 'number' || status >= 500 || ms > WORST_CASE_MS) worstErrors.push(`${status} in ${ms.toFixed(0)} ms: ${label}`);
      }
    }
  }
  console.log(`  worst strings: slowest answer ${worstMs.toFixed(0)} ms (${worstLabel}); slowest /_health meanwhile ${slowestHealthMs.toFixed(0)} ms`);
  check(
    `every worst string (${(WORST_LENGTH / 1000).toFixed(0)} KB) in every field answered within ${WORST_CASE_MS} ms, never a 5xx`,
    worstErrors.length === 0,
    worstErrors.slice(0, 5).join('\n    '),
  );
  const alive = await fetch(`${base}/_health`)
    .then((r) => r.status)
    .catch(() => 0);
  check('the server is alive afterwards', alive === 204 && server.exitCode === null, `health ${alive}, exit ${server.exitCode}`);
} catch (error) {
  check('fuzz run', false, `${error.message}\n${output}`);
} finally {
  reader?.close();
  server?.kill('SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
}

const failed = checks.filter((ok) => !ok).length;
console.log(`fuzz: ${checks.length - failed} passed, ${failed} failed`);
if (process.env.FUZZ_REPORT) fs.writeFileSync(process.env.FUZZ_REPORT, JSON.stringify({ passed: checks.length - failed, failed }));
process.exit(failed ? 1 : 0);
