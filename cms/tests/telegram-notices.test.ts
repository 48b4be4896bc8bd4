/**
 * The bot's notices to linked players, against a loopback fake of the Bot API: someone takes their place
 * in this week's top 10, a season ends with their final rank; at most one message an hour; the switch on
 * /profile; a 429 with retry_after; a restart in the middle of a send (no second message, nothing lost).
 */
import fs from 'fs';
import http from 'http';
import os from 'os';
import path from 'path';
import type { AddressInfo } from 'net';
import { pastSeasonKeys, telegramNoticesPath } from '@haic/contract';
import { createUser, startTestApp, type TestApp } from './helpers/strapi';
import { storeRun, verifiedSubmission } from './helpers/runs';

const BOT_TOKEN = '777000:NOTICES-TOKEN';
const USER = 'plugin::users-permissions.user';
const ORIGIN = 'http://localhost:1337';
const FOOTER = `\n\nSwitch these messages off on your profile: ${ORIGIN}/profile`;

type Mode = 'ok' | 'hold' | { status: number; body: object };
/** How the fake Bot API answers a chat's next calls (then 'ok'). */
const modes = new Map<string, Mode[]>();
const calls: { at: number; chatId: string; text: string }[] = [];
const held: http.ServerResponse[] = [];
let bot: http.Server;
let app: TestApp;
let env: Record<string, string>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-notices-'));

beforeAll(async () => {
  bot = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw);
      calls.push({ at: Date.now(), chatId: String(body.chat_id), text: body.text });
      const mode = modes.get(String(body.chat_id))?.shift() ?? 'ok';
      if (mode === 'hold') return void held.push(res);
      if (mode === 'ok')
        return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ok: true, result: { message_id: calls.length } }));
      res.writeHead(mode.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(mode.body));
    });
  });
  await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
  env = { TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_API_BASE: `http://127.0.0.1:${(bot.address() as AddressInfo).port}`, TELEGRAM_REPLY_TIMEOUT_MS: '3000' };
  app = await startTestApp(env);
  app.strapi.db.connection.on('query', noteQuery);
  await app.http.xsrfToken();
}, 180_000);

/** Every read, update and delete of the notices' and the board's tables this file makes, each once. */
const queries = new Map<string, unknown[]>();
const noteQuery = (query: { sql: string; bindings?: unknown[] }) => {
  if (/^\s*(select|update|delete)/i.test(query.sql) && /haic_(telegram|player_bests)/.test(query.sql)) queries.set(query.sql, query.bindings ?? []);
};

afterAll(async () => {
  await app?.stop();
  held.forEach((res) => res.destroy());
  bot.closeAllConnections?.();
  await new Promise((resolve) => bot.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const callsTo = (chatId: string) => calls.filter((call) => call.chatId === chatId);
async function waitForCalls(chatId: string, count: number, ms = 8000) {
  const until = Date.now() + ms;
  while (callsTo(chatId).length < count && Date.now() < until) await sleep(25);
  return callsTo(chatId);
}

let nextChat = 5_000_000;
/** A player; linked to a chat of their own unless `linked` is false. */
async function player(name: string, linked = true) {
  const account = await createUser(app, name);
  const chatId = String(++nextChat);
  if (linked) await app.strapi.db.query(USER).update({ where: { id: account.user.id }, data: { telegramId: chatId, telegramUsername: name } });
  return { ...account, chatId };
}

// Each new run waits less before it moves, so it scores more than every played run before it: the week's new #1
// (among played runs: the stored ones of 19,000 points and more stay ahead).
// Two seconds less each (the time bonus counts whole seconds).
let wait = 6000;
async function takeTheLead(who: { user: { id: number }; token: string }) {
  wait -= 120;
  const response = await app.http.post('/api/game/nursehelpme/score', verifiedSubmission(who.user.id, wait), who.token);
  expect(response.body).toMatchObject({ verified: true });
}
const passedText = (by: string, was: number, now: number) =>
  `${by} just took your place in this week's top 10 on the HAIC leaderboard: you were #${was}, now #${now}. Win it back: ${ORIGIN}/games/nurse-help-me${FOOTER}`;

describe("someone takes a linked player's place in this week's top 10", () => {
  it('the player is told who, and their new place; at most one message an hour', async () => {
    const ann = await player('notice_ann');
    const bob = await player('notice_bob');
    const cat = await player('notice_cat', false);
    await takeTheLead(ann);
    await takeTheLead(bob);
    const [told] = await waitForCalls(ann.chatId, 1);
    expect(told.text).toBe(passedText('notice_bob', 1, 2));
    // Bob took the lead from nobody linked; Cat (never linked) gets nothing, whoever she passes.
    await takeTheLead(cat);
    await sleep(1500);
    expect(callsTo(ann.chatId)).toHaveLength(1);
    expect(callsTo(bob.chatId).map((call) => call.text)).toEqual([passedText('notice_cat', 1, 2)]);
    const rows = await app.strapi.db.connection('haic_telegram_outbox').where({ user_id: ann.user.id }).select('status');
    expect(rows.map((row: { status: string }) => row.status)).toEqual(['sent']);
  });

  it('the switch on /profile: on once linked, off when turned off; never on without a link', async () => {
    const dee = await player('notice_dee');
    const never = await player('notice_never', false);
    const status = (who: typeof dee) => app.http.get(`/api/users/${who.user.id}/telegram-link`, who.token);
    expect((await status(dee)).body).toEqual({ isLinked: true, telegramUsername: 'notice_dee', notices: true });
    expect((await status(never)).body).toEqual({ isLinked: false, telegramUsername: null, notices: false });
    const refused = await app.http.put(telegramNoticesPath(never.user.id), { enabled: true }, never.token);
    expect(refused.status).toBe(409);
    expect((await app.http.put(telegramNoticesPath(never.user.id), { enabled: 'yes' }, never.token)).body.error.details.errors[0].path).toEqual(['enabled']);
    expect((await app.http.put(telegramNoticesPath(dee.user.id), { enabled: true }, never.token)).status).toBe(403);

    const off = await app.http.put(telegramNoticesPath(dee.user.id), { enabled: false }, dee.token);
    expect(off.body).toEqual({ notices: false });
    expect((await status(dee)).body.notices).toBe(false);
    await takeTheLead(dee);
    await takeTheLead(await player('notice_eve', false));
    await sleep(1500);
    expect(callsTo(dee.chatId)).toEqual([]);
    expect((await app.http.put(telegramNoticesPath(dee.user.id), { enabled: true }, dee.token)).body).toEqual({ notices: true });
  });

  it('a 429 is sent again after its retry_after, once', async () => {
    const fay = await player('notice_fay');
    await takeTheLead(fay);
    modes.set(fay.chatId, [
      { status: 429, body: { ok: false, error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } } },
    ]);
    await takeTheLead(await player('notice_gus', false));
    const [refused, sent] = await waitForCalls(fay.chatId, 2);
    expect(sent.at - refused.at).toBeGreaterThanOrEqual(1000);
    expect(sent.text).toBe(refused.text);
    await sleep(1500);
    expect(callsTo(fay.chatId)).toHaveLength(2);
  });
});

describe("a player's notices", () => {
  it('go with their account', async () => {
    const pia = await player('notice_pia');
    await takeTheLead(pia);
    await takeTheLead(await player('notice_quinn', false));
    await waitForCalls(pia.chatId, 1);
    const rowsOf = async () => ({
      outbox: await app.strapi.db.connection('haic_telegram_outbox').where({ user_id: pia.user.id }).count({ n: '*' }).first(),
      players: await app.strapi.db.connection('haic_telegram_players').where({ user_id: pia.user.id }).count({ n: '*' }).first(),
    });
    expect(await rowsOf()).toEqual({ outbox: { n: 1 }, players: { n: 1 } });
    expect((await app.http.post('/api/users/delete-account', { password: 'Passw0rd!x' }, pia.token)).status).toBe(200);
    expect(await rowsOf()).toEqual({ outbox: { n: 0 }, players: { n: 0 } });
  });
});

describe('a season ends', () => {
  it('each linked player of the week that ended is told their final rank, once', async () => {
    const lastWeek = new Date(`${pastSeasonKeys(new Date(), 1)[0]}T12:00:00Z`);
    const hal = await player('notice_hal');
    const ida = await player('notice_ida');
    const jon = await player('notice_jon', false);
    await storeRun(app, { user: jon.user.id }, { totalPoints: 9000, score: 900, playedDate: lastWeek, verified: true });
    await storeRun(app, { user: ida.user.id }, { totalPoints: 8000, score: 800, playedDate: lastWeek, verified: true });
    await storeRun(app, { user: hal.user.id }, { totalPoints: 7000, score: 700, playedDate: lastWeek, verified: true });
    const notices = app.strapi.service('api::telegram.notices') as { announceSeasonEnd(now?: Date): Promise<number> };
    expect(await notices.announceSeasonEnd()).toBe(2);
    const label = lastWeek.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
    const ended = (rank: number) =>
      `The week of ${label} is over: you finished #${rank} of 3 players on the HAIC leaderboard. A new week has begun: ${ORIGIN}/leaderboard${FOOTER}`;
    expect((await waitForCalls(ida.chatId, 1)).map((call) => call.text)).toEqual([ended(2)]);
    expect((await waitForCalls(hal.chatId, 1)).map((call) => call.text)).toEqual([ended(3)]);
    expect(await notices.announceSeasonEnd()).toBe(0);
    await sleep(500);
    expect(callsTo(ida.chatId)).toHaveLength(1);
  });
});

describe('a restart in the middle of a send', () => {
  it('sends no second message for the one cut off, and loses none that were queued', async () => {
    const kim = await player('notice_kim');
    const lou = await player('notice_lou');
    await storeRun(app, { user: kim.user.id }, { totalPoints: 20_000, score: 2000, verified: true });
    await storeRun(app, { user: lou.user.id }, { totalPoints: 19_000, score: 1900, verified: true });
    // Someone's run makes the week's top 10 seen, with Kim and Lou at its head.
    await takeTheLead(await player('notice_nat', false));
    const seen = async () => JSON.parse((await app.strapi.db.connection('haic_telegram_seasons').orderBy('season', 'desc').first('top'))?.top ?? '[]');
    for (let i = 0; i < 100 && (await seen())[0] !== `u:${kim.user.id}`; i++) await sleep(50);
    expect((await seen()).slice(0, 2)).toEqual([`u:${kim.user.id}`, `u:${lou.user.id}`]);
    // Max goes ahead of both: Kim's message is held by the Bot API, Lou's waits behind it in the queue.
    const max = await player('notice_max', false);
    await storeRun(app, { user: max.user.id }, { totalPoints: 21_000, score: 2100, verified: true });
    modes.set(kim.chatId, ['hold']);
    await takeTheLead(await player('notice_oli', false));
    expect((await waitForCalls(kim.chatId, 1)).map((call) => call.text)).toEqual([passedText('notice_max', 1, 2)]);
    const copy = path.join(dir, 'restart.db');
    await app.strapi.db.connection.raw('vacuum into ?', [copy]);
    const queued = await app.strapi.db.connection('haic_telegram_outbox').whereIn('user_id', [kim.user.id, lou.user.id]).select('user_id', 'status');
    expect(queued).toEqual(
      expect.arrayContaining([
        { user_id: kim.user.id, status: 'sending' },
        { user_id: lou.user.id, status: 'pending' },
      ]),
    );
    expect(callsTo(lou.chatId)).toEqual([]);

    // The instance stops here; another starts on the same database (its copy at that moment).
    await app.stop();
    held.forEach((res) => res.destroy());
    app = await startTestApp({ ...env, DATABASE_FILENAME: copy });
    expect((await waitForCalls(lou.chatId, 1)).map((call) => call.text)).toEqual([passedText('notice_max', 2, 3)]);
    await sleep(1500);
    expect(callsTo(kim.chatId)).toHaveLength(1);
    const after = await app.strapi.db
      .connection('haic_telegram_outbox')
      .whereIn('user_id', [kim.user.id, lou.user.id])
      .orderBy('user_id')
      .select('user_id', 'status');
    expect(after).toEqual([
      { user_id: kim.user.id, status: 'uncertain' },
      { user_id: lou.user.id, status: 'sent' },
    ]);
  }, 180_000);
});

it('every query of the notices and their sender reads through an index', async () => {
  const scans: string[] = [];
  for (const [sql, bindings] of queries) {
    const plan: { detail: string }[] = await app.strapi.db.connection.raw(`explain query plan ${sql}`, bindings);
    const full = plan.filter((step) => /^SCAN \S+$/.test(step.detail) && /haic_|up_users|game_scores/.test(sql));
    if (full.length) scans.push(`${sql}\n  ${full.map((step) => step.detail).join('\n  ')}`);
  }
  expect(queries.size).toBeGreaterThan(10);
  expect(scans).toEqual([]);
});
