/**
 * The Telegram webhook with real-shaped Bot API updates (message, edited_message, channel_post,
 * callback_query, photo with caption, group chat, no username), re-delivered update_ids and a slow or
 * failing Bot API (a local fake of api.telegram.org).
 */
import http from 'http';
import type { AddressInfo } from 'net';
import request from 'supertest';
import { startTestApp, type TestApp } from './helpers/strapi';

const SECRET = 'test-telegram-secret';
const BOT_TOKEN = '654321:TEST-TOKEN';
const USER = 'plugin::users-permissions.user';
const UPDATES = 'api::telegram.telegram-update';

let app: TestApp;
let bot: http.Server;

type Mode = 'ok' | 'hang' | 'fail' | { holdUntil: Promise<void> };
/** How the fake Bot API treats its next calls (then 'ok'). */
const modes: Mode[] = [];
const calls: { at: number; body: any; answered: boolean }[] = [];
const hanging: http.ServerResponse[] = [];

beforeAll(async () => {
  bot = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', async () => {
      const call = { at: Date.now(), body: JSON.parse(raw), answered: false };
      calls.push(call);
      const mode = modes.shift() ?? 'ok';
      if (mode === 'hang') return void hanging.push(res);
      if (mode === 'fail') return void res.writeHead(502).end('Bad Gateway');
      if (typeof mode === 'object') await mode.holdUntil;
      call.answered = true;
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ok: true, result: { message_id: 1 } }));
    });
  });
  await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
  app = await startTestApp({
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_API_BASE: `http://127.0.0.1:${(bot.address() as AddressInfo).port}`,
    // Long enough that a busy machine's loopback answer never counts as a time-out; the hanging bot of the
    // retry test still times out.
    TELEGRAM_REPLY_TIMEOUT_MS: '3000',
  });
}, 180_000);

afterAll(async () => {
  await app?.stop();
  hanging.forEach((res) => res.destroy());
  bot.closeAllConnections?.();
  await new Promise((resolve) => bot.close(resolve));
});

const post = (update: object) =>
  request(app.strapi.server.httpServer).post('/api/telegram/webhook').set('X-Telegram-Bot-Api-Secret-Token', SECRET).send(update);

/** Waits until the fake Bot API has had `count` calls for a chat (or `waitMs`), then returns them. */
async function callsTo(chatId: number, count = 1, waitMs = 5000) {
  const deadline = Date.now() + waitMs;
  const mine = () => calls.filter((call) => call.body.chat_id === chatId);
  while (mine().length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return mine();
}
/** Gives a reply that should not come the time a real one takes, then returns what came. */
async function settledCallsTo(chatId: number) {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return calls.filter((call) => call.body.chat_id === chatId);
}

let nextUpdateId = 900_000_001;
let nextUser = 0;

async function userWithCode() {
  nextUser += 1;
  const user = await app.strapi.db.query(USER).create({
    data: { username: `tg_user_${nextUser}`, email: `tg${nextUser}@example.com`, provider: 'local', confirmed: true, blocked: false },
  });
  const { linkingCode } = await app.strapi.service('api::linking-code.linking-code').generate(user.id);
  return { user, code: linkingCode as string };
}
const linkOf = (userId: number) => app.strapi.db.query(USER).findOne({ where: { id: userId }, select: ['telegramId', 'telegramUsername'] });

const person = (id: number, extra: object = { username: `nurse_${id}` }) => ({ id, is_bot: false, first_name: 'Florence', language_code: 'en', ...extra });
const privateChat = (id: number) => ({ id, first_name: 'Florence', type: 'private' });
const messageUpdate = (chatId: number, fields: object, kind: 'message' | 'edited_message' = 'message', from: object = person(chatId)) => ({
  update_id: nextUpdateId++,
  [kind]: {
    message_id: nextUpdateId,
    from,
    chat: privateChat(chatId),
    date: Math.floor(Date.now() / 1000),
    ...(kind === 'edited_message' ? { edit_date: Math.floor(Date.now() / 1000) } : {}),
    ...fields,
  },
});
const commandEntity = (length: number) => [{ offset: 0, length, type: 'bot_command' }];

describe('POST /api/telegram/webhook', () => {
  it('links with a message "/link CODE" and replies after answering', async () => {
    const { user, code } = await userWithCode();
    const response = await post(messageUpdate(81001, { text: `/link ${code}`, entities: commandEntity(5) }));
    const answeredAt = Date.now();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, handled: 'linked' });
    const [reply] = await callsTo(81001);
    expect(reply.body).toEqual({
      chat_id: 81001,
      text: 'Your Telegram account is now linked to the HAIC account "tg_user_1". You can unlink it from your profile at any time.',
    });
    expect(reply.at).toBeGreaterThanOrEqual(answeredAt - 5);
    expect(await linkOf(user.id)).toEqual({ telegramId: '81001', telegramUsername: 'nurse_81001' });
  });

  it('handles a re-delivered update_id once: 200, no second reply, the link stands', async () => {
    const { user, code } = await userWithCode();
    const update = messageUpdate(81002, { text: `/link ${code}`, entities: commandEntity(5) });
    expect((await post(update)).body.handled).toBe('linked');
    expect(await callsTo(81002)).toHaveLength(1);
    for (let i = 0; i < 3; i++) {
      const again = await post(update);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ ok: true, handled: 'duplicate' });
    }
    // No "not valid or has expired" for the user who just linked.
    expect(await settledCallsTo(81002)).toHaveLength(1);
    expect((await linkOf(user.id)).telegramId).toBe('81002');
    expect(await app.strapi.db.query(UPDATES).count({ where: { updateId: update.update_id } })).toBe(1);
  });

  it('handles concurrent re-deliveries of one update once', async () => {
    const { code } = await userWithCode();
    const update = messageUpdate(81003, { text: `/link ${code}` });
    const answers = await Promise.all([post(update), post(update), post(update)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.handled).sort()).toEqual(['duplicate', 'duplicate', 'linked']);
    expect(await settledCallsTo(81003)).toHaveLength(1);
  });

  it('reads an edited message like a new one: a corrected /link CODE links', async () => {
    const { user, code } = await userWithCode();
    expect((await post(messageUpdate(81004, { text: '/link WRONGCOD' }))).body.handled).toBe('invalid');
    const edited = await post(messageUpdate(81004, { text: `/link ${code}`, entities: commandEntity(5) }, 'edited_message'));
    expect(edited.body.handled).toBe('linked');
    const replies = await callsTo(81004, 2);
    expect(replies.map((r) => r.body.text)).toEqual([expect.stringMatching(/not valid or has expired/), expect.stringMatching(/now linked/)]);
    expect((await linkOf(user.id)).telegramId).toBe('81004');
  });

  it('links an account without a Telegram username', async () => {
    const { user, code } = await userWithCode();
    const response = await post(messageUpdate(81005, { text: `/start ${code}` }, 'message', person(81005, {})));
    expect(response.body.handled).toBe('linked');
    expect(await linkOf(user.id)).toEqual({ telegramId: '81005', telegramUsername: null });
  });

  it('reads a photo caption like a text, and answers a photo without one with help', async () => {
    const { user, code } = await userWithCode();
    const photo = [{ file_id: 'AgACAgIAAxkBAAIB', file_unique_id: 'AQADe', file_size: 1234, width: 90, height: 67 }];
    expect((await post(messageUpdate(81006, { photo }))).body.handled).toBe('help');
    expect((await callsTo(81006))[0].body.text).toMatch(/send it here as \/link CODE/);
    const captioned = await post(messageUpdate(81006, { photo, caption: `/link ${code}`, caption_entities: commandEntity(5) }));
    expect(captioned.body.handled).toBe('linked');
    expect((await linkOf(user.id)).telegramId).toBe('81006');
  });

  it('ignores group chats, channel posts and callback queries: 200, no reply, the code stays usable', async () => {
    const { user, code } = await userWithCode();
    const group = {
      update_id: nextUpdateId++,
      message: {
        message_id: 5,
        from: person(81007),
        chat: { id: -100123456789, title: 'HAIC nurses', type: 'supergroup' },
        date: 1700000000,
        text: `/link@HAICLinkBot ${code}`,
      },
    };
    const channel = {
      update_id: nextUpdateId++,
      channel_post: {
        message_id: 6,
        sender_chat: { id: -100987654321, title: 'HAIC news', type: 'channel' },
        chat: { id: -100987654321, title: 'HAIC news', type: 'channel' },
        date: 1700000000,
        text: `/link ${code}`,
      },
    };
    const callback = {
      update_id: nextUpdateId++,
      callback_query: {
        id: '4382bfdwdsb323b2d9',
        from: person(81007),
        chat_instance: '-53789',
        data: `/link ${code}`,
        message: { message_id: 7, chat: privateChat(81007), date: 1700000000, text: 'Choose' },
      },
    };
    for (const update of [group, channel, callback]) {
      const response = await post(update);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true, handled: 'ignored' });
    }
    expect(await settledCallsTo(81007)).toHaveLength(0);
    expect(await settledCallsTo(-100123456789)).toHaveLength(0);
    expect((await linkOf(user.id)).telegramId).toBeNull();
    // The code was not used up by the ignored updates.
    expect((await post(messageUpdate(81007, { text: `/link ${code}` }))).body.handled).toBe('linked');
  });

  it.each([
    ['a NUL', '/link \u0000ABC'],
    ['an escape character', '/link \u001b[31mABC'],
    ['a C1 control', 'hello\u0085'],
    ['an unpaired surrogate', '/link \ud800'],
  ])('refuses a text with %s: 200, no reply, nothing stored', async (_label, text) => {
    const { user, code } = await userWithCode();
    const update = messageUpdate(81008, { text: text.replace('ABC', code) });
    const before = await app.strapi.db.query(UPDATES).count();
    const response = await post(update);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, handled: 'refused' });
    expect(await app.strapi.db.query(UPDATES).count()).toBe(before);
    expect(await settledCallsTo(81008)).toHaveLength(0);
    expect((await linkOf(user.id)).telegramId).toBeNull();
  });

  it('keeps ordinary multi-line text with tabs', async () => {
    const response = await post(messageUpdate(81009, { text: 'hello\n\tbot\r\n' }));
    expect(response.body.handled).toBe('help');
    expect(await callsTo(81009)).toHaveLength(1);
  });

  it('answers before a slow Bot API has replied', async () => {
    const { code } = await userWithCode();
    let release!: () => void;
    modes.push({ holdUntil: new Promise<void>((resolve) => (release = resolve)) });
    const response = await post(messageUpdate(81010, { text: `/link ${code}` }));
    expect(response.status).toBe(200);
    expect(response.body.handled).toBe('linked');
    const [call] = await callsTo(81010);
    // The webhook has answered while the Bot API still holds the reply.
    expect(call.answered).toBe(false);
    release();
  });

  it('retries a reply once after a timeout, and once after a 5xx', async () => {
    modes.push('hang');
    await post(messageUpdate(81011, { text: 'hi' }));
    const timedOut = await callsTo(81011, 2, 15_000);
    expect(timedOut).toHaveLength(2);
    expect(timedOut[1].answered).toBe(true);

    modes.push('fail', 'fail');
    await post(messageUpdate(81012, { text: 'hi' }));
    expect(await callsTo(81012, 2, 15_000)).toHaveLength(2);
    // Two failures: given up, no third attempt.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(calls.filter((call) => call.body.chat_id === 81012)).toHaveLength(2);
  });

  it('refuses a wrong secret with 401 and ignores a body that is not an update', async () => {
    const unauthorised = await request(app.strapi.server.httpServer)
      .post('/api/telegram/webhook')
      .set('X-Telegram-Bot-Api-Secret-Token', 'nope')
      .send(messageUpdate(81013, { text: 'hi' }));
    expect(unauthorised.status).toBe(401);
    for (const body of [{}, { update_id: 'x' }, { update_id: -1, message: {} }, { update_id: 5 }]) {
      const response = await post(body);
      expect(response.status).toBe(200);
      expect(response.body.handled).toBe('ignored');
    }
  });
});
