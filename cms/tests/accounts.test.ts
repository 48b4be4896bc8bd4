/**
 * Accounts API: register, login, profile, stats and history, the owner rule, chat linking and the
 * Telegram webhook (against a local fake Bot API).
 */
import http from 'http';
import type { AddressInfo } from 'net';
import request from 'supertest';
import { storeRun } from './helpers/runs';
import { startTestApp, type TestApp } from './helpers/strapi';

let app: TestApp;
let bot: http.Server;
const botCalls: { path: string; body: any }[] = [];
/** The bot replies after the webhook has answered: waits for `count` Bot API calls to one chat. */
async function repliesTo(chatId: number, count = 1) {
  const deadline = Date.now() + 5000;
  const calls = () => botCalls.filter((call) => call.body?.chat_id === chatId);
  while (calls().length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return calls();
}
const SECRET = 'test-telegram-secret';
const REPLIES_HELP = 'Hello! To link your HAIC account, open your profile on the HAIC site, generate a linking code and send it here as /link CODE.';
const BOT_TOKEN = '123456:TEST-TOKEN';

const strong = 'Str0ng!Pass';
let counter = 0;
const unique = (prefix = 'user') => `${prefix}${Date.now().toString(36)}${counter++}`;

async function registerUser(name = unique()) {
  const response = await app.http.post('/api/auth/register', { username: name, email: `${name}@example.com`, password: strong });
  expect(response.status).toBe(200);
  return response.body as { token: string; user: { id: number; username: string; email: string; createdDate: string } };
}

const webhook = (body: object, secret: string | null = SECRET) => {
  const req = request(app.strapi.server.httpServer).post('/api/telegram/webhook');
  if (secret !== null) req.set('X-Telegram-Bot-Api-Secret-Token', secret);
  return req.send(body);
};

let updateId = 1;
const textUpdate = (text: string, from: { id: number; username?: string }) => ({
  update_id: updateId++,
  message: {
    message_id: updateId,
    date: Math.floor(Date.now() / 1000),
    chat: { id: from.id, type: 'private' },
    from: { ...from, is_bot: false, first_name: 'Nurse' },
    text,
  },
});

beforeAll(async () => {
  bot = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      botCalls.push({ path: req.url ?? '', body: raw ? JSON.parse(raw) : null });
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ ok: true, result: {} }));
    });
  });
  await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
  const { port } = bot.address() as AddressInfo;
  app = await startTestApp({
    LOGIN_RATE_LIMIT_MAX: '3',
    LOGIN_RATE_LIMIT_IP_MAX: '1000',
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_BOT_NAME: 'HAICTestBot',
    TELEGRAM_API_BASE: `http://127.0.0.1:${port}`,
  });
});

afterAll(async () => {
  await app.stop();
  await new Promise((resolve) => bot.close(resolve));
});

describe('POST /api/auth/register', () => {
  const cases: [string, object, string][] = [
    ['username missing', { email: 'a@example.com', password: strong }, 'Username is required'],
    ['username too short', { username: 'ab', email: 'a@example.com', password: strong }, 'Username must be at least 3 characters'],
    ['username too long', { username: 'u'.repeat(51), email: 'a@example.com', password: strong }, 'Username must be no more than 50 characters'],
    ['email missing', { username: 'someone', password: strong }, 'Email is required'],
    ['email invalid', { username: 'someone', email: 'not-an-email', password: strong }, 'Please enter a valid email address'],
    ['password missing', { username: 'someone', email: 'a@example.com' }, 'Password is required'],
    ['password too short', { username: 'someone', email: 'a@example.com', password: 'Ab1!' }, 'Password must be at least 8 characters'],
    [
      'password without uppercase',
      { username: 'someone', email: 'a@example.com', password: 'str0ng!pass' },
      'Password must contain uppercase, lowercase, number, and special character',
    ],
    [
      'password without lowercase',
      { username: 'someone', email: 'a@example.com', password: 'STR0NG!PASS' },
      'Password must contain uppercase, lowercase, number, and special character',
    ],
    [
      'password without digit',
      { username: 'someone', email: 'a@example.com', password: 'Strong!Pass' },
      'Password must contain uppercase, lowercase, number, and special character',
    ],
    [
      'password without special',
      { username: 'someone', email: 'a@example.com', password: 'Str0ngPass' },
      'Password must contain uppercase, lowercase, number, and special character',
    ],
  ];

  it.each(cases)('refuses %s with the form message', async (_name, body, message) => {
    const response = await app.http.post('/api/auth/register', body);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(message);
    expect(response.body.error.details.errors[0].message).toBe(message);
  });

  it('accepts a username of exactly 3 and 50 characters and every listed special character', async () => {
    for (const special of '!@#$%^&*(),.?":{}|<>') {
      const response = await app.http.post('/api/auth/register', {
        username: unique('s').slice(0, 50),
        email: `${unique('s')}@example.com`,
        password: `Abcdef1${special}`,
      });
      expect(response.status).toBe(200);
    }
    const three = await app.http.post('/api/auth/register', { username: `x${(counter++ % 90) + 10}`, email: `${unique('t')}@example.com`, password: strong });
    expect(three.status).toBe(200);
    const fifty = await app.http.post('/api/auth/register', { username: unique('f').padEnd(50, 'z'), email: `${unique('f')}@example.com`, password: strong });
    expect(fifty.status).toBe(200);
  });

  it('creates the user, logs them in and never returns the password', async () => {
    const name = unique('nurse');
    const response = await app.http.post('/api/auth/register', { username: name, email: `${name.toUpperCase()}@Example.com`, password: strong });
    expect(response.status).toBe(200);
    expect(response.body.token).toEqual(expect.any(String));
    expect(response.body.user).toEqual({ id: expect.any(Number), username: name, email: `${name}@example.com`, createdDate: expect.any(String) });
    expect(JSON.stringify(response.body)).not.toContain(strong);
    const stored = await app.strapi.db.query('plugin::users-permissions.user').findOne({ where: { id: response.body.user.id } });
    expect(stored.password).not.toBe(strong);
    // The token works on a signed-in route.
    const profile = await app.http.get('/api/users/profile', response.body.token);
    expect(profile.status).toBe(200);
  });

  it('stores the password as a bcrypt hash at PASSWORD_HASH_ROUNDS (4 in these tests), which signs in', async () => {
    const name = unique('cost');
    const response = await app.http.post('/api/auth/register', { username: name, email: `${name}@example.com`, password: strong });
    expect(response.status).toBe(200);
    const stored = await app.strapi.db.query('plugin::users-permissions.user').findOne({ where: { id: response.body.user.id } });
    expect(stored.password).toMatch(/^\$2[aby]\$04\$/);
    expect((await app.http.post('/api/auth/login', { username: name, password: strong })).status).toBe(200);
  });

  it('says which of username and email is taken', async () => {
    const { user } = await registerUser();
    const sameName = await app.http.post('/api/auth/register', { username: user.username.toUpperCase(), email: `${unique()}@example.com`, password: strong });
    expect(sameName.status).toBe(400);
    expect(sameName.body.error.message).toBe('Username is already taken');
    const sameEmail = await app.http.post('/api/auth/register', { username: unique(), email: user.email.toUpperCase(), password: strong });
    expect(sameEmail.status).toBe(400);
    expect(sameEmail.body.error.message).toBe('Email is already registered');
  });

  it('has no plugin sign-up route beside it (the stock /api/auth/local/register is switched off)', async () => {
    const name = unique();
    const response = await app.http.post('/api/auth/local/register', { username: name, email: `${name}@example.com`, password: 'weakpass' });
    expect([404, 405]).toContain(response.status);
    expect(await app.strapi.db.query('plugin::users-permissions.user').count({ where: { username: name } })).toBe(0);
  });
});

describe('POST /api/auth/login', () => {
  it('returns the token and the public user by username or email', async () => {
    const { user } = await registerUser();
    for (const identifier of [user.username, user.email]) {
      const response = await app.http.post('/api/auth/login', { username: identifier, password: strong });
      expect(response.status).toBe(200);
      expect(response.body.token).toEqual(expect.any(String));
      expect(response.body.user).toEqual({ id: user.id, username: user.username, email: user.email, createdDate: user.createdDate });
    }
  });

  it('answers an unknown user and a wrong password alike with 401', async () => {
    const { user } = await registerUser();
    const wrong = await app.http.post('/api/auth/login', { username: user.username, password: 'Wrong1!pass' });
    const unknown = await app.http.post('/api/auth/login', { username: unique('ghost'), password: strong });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body.error.message).toBe('Invalid username or password');
    }
  });

  it('requires both fields', async () => {
    expect((await app.http.post('/api/auth/login', { password: strong })).body.error.message).toBe('Username is required');
    expect((await app.http.post('/api/auth/login', { username: 'someone' })).body.error.message).toBe('Password is required');
  });

  it('refuses a blocked user', async () => {
    const { user } = await registerUser();
    await app.strapi.db.query('plugin::users-permissions.user').update({ where: { id: user.id }, data: { blocked: true } });
    const response = await app.http.post('/api/auth/login', { username: user.username, password: strong });
    expect(response.status).toBe(403);
    expect(response.body.token).toBeUndefined();
  });

  it('limits repeated failures per username with a 429 and a clear message', async () => {
    const { user } = await registerUser();
    for (let i = 0; i < 3; i++) expect((await app.http.post('/api/auth/login', { username: user.username, password: 'Wrong1!pass' })).status).toBe(401);
    const limited = await app.http.post('/api/auth/login', { username: user.username, password: strong });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(/Too many failed sign-in attempts\. Please wait \d+ minute\(s\) and try again\./);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another user from the same address is unaffected.
    const other = await registerUser();
    expect((await app.http.post('/api/auth/login', { username: other.user.username, password: strong })).status).toBe(200);
  });
});

describe('profile', () => {
  it('needs a token', async () => {
    expect((await app.http.get('/api/users/profile')).status).toBe(401);
    expect((await app.http.put('/api/users/profile', { firstName: 'A' })).status).toBe(401);
    expect((await app.http.get('/api/users/profile', 'not-a-token')).status).toBe(401);
  });

  it("reads and writes only the caller's own names and bio", async () => {
    const a = await registerUser();
    const b = await registerUser();
    expect((await app.http.get('/api/users/profile', a.token)).body).toEqual({ firstName: '', lastName: '', bio: '', walletVerified: false });
    const saved = await app.http.put(
      '/api/users/profile',
      { firstName: 'Florence', lastName: 'N'.repeat(100), bio: 'b'.repeat(500), email: 'hijack@example.com', username: 'hijack', blocked: true },
      a.token,
    );
    expect(saved.status).toBe(200);
    const read = await app.http.get('/api/users/profile', a.token);
    expect(read.body).toEqual({ firstName: 'Florence', lastName: 'N'.repeat(100), bio: 'b'.repeat(500), walletVerified: false });
    const stored = await app.strapi.db.query('plugin::users-permissions.user').findOne({ where: { id: a.user.id } });
    expect(stored).toMatchObject({ email: a.user.email, username: a.user.username, blocked: false });
    expect((await app.http.get('/api/users/profile', b.token)).body).toEqual({ firstName: '', lastName: '', bio: '', walletVerified: false });
  });

  it('refuses values over the limits with 400 and changes nothing', async () => {
    const a = await registerUser();
    await app.http.put('/api/users/profile', { firstName: 'Kept' }, a.token);
    const cases: [object, string][] = [
      [{ firstName: 'f'.repeat(101) }, 'First Name must be no more than 100 characters'],
      [{ lastName: 'l'.repeat(101) }, 'Last Name must be no more than 100 characters'],
      [{ bio: 'b'.repeat(501) }, 'Bio must be no more than 500 characters'],
      [{ firstName: 42 }, 'First Name must be text'],
    ];
    for (const [body, message] of cases) {
      const response = await app.http.put('/api/users/profile', body, a.token);
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(message);
    }
    expect((await app.http.get('/api/users/profile', a.token)).body.firstName).toBe('Kept');
  });
});

describe('owner rule on every per-user route', () => {
  const routes: ['get' | 'post' | 'put', string][] = [
    ['get', 'stats'],
    ['get', 'game-history?pageNumber=1&pageSize=10'],
    ['post', 'generate-linking-code'],
    ['get', 'telegram-link'],
    ['post', 'unlink-telegram'],
    ['put', 'telegram-notices'],
  ];

  it.each(routes)('%s /api/users/{id}/%s: 401 without a token, 403 for another user, 200 for the owner', async (method, route) => {
    const owner = await registerUser();
    const other = await registerUser();
    const url = `/api/users/${owner.user.id}/${route}`;
    const call = (token?: string) =>
      method === 'get' ? app.http.get(url, token) : method === 'put' ? app.http.put(url, { enabled: false }, token) : app.http.post(url, {}, token);
    expect((await call()).status).toBe(401);
    const forbidden = await call(other.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.message).toBe('You can only access your own account');
    expect((await call(owner.token)).status).toBe(200);
  });
});

describe('stats and game history', () => {
  it('are zeros and empty without games', async () => {
    const { user, token } = await registerUser();
    expect((await app.http.get(`/api/users/${user.id}/stats`, token)).body).toEqual({ gamesPlayed: 0, totalPoints: 0, highScore: 0 });
    const history = await app.http.get(`/api/users/${user.id}/game-history?pageNumber=1&pageSize=10`, token);
    expect(history.body).toMatchObject({ games: [], totalGames: 0, totalPages: 0 });
  });

  it("come from the user's own stored scores only, newest first", async () => {
    const { user, token } = await registerUser();
    const other = await registerUser();
    const base = Date.UTC(2026, 2, 14, 14, 5, 0);
    await storeRun(app, { user: user.id }, { totalPoints: 1200, score: 400, level: 4, timeElapsed: 200, playedDate: new Date(base) });
    const latest = await storeRun(
      app,
      { user: user.id },
      { totalPoints: 1900, score: 1000, level: 10, timeElapsed: 100, playedDate: new Date(base + 3 * 60_000) },
    );
    const second = await storeRun(app, { user: user.id }, { totalPoints: 700, score: 100, level: 1, timeElapsed: 400, playedDate: new Date(base + 60_000) });
    await storeRun(app, { user: other.user.id }, { totalPoints: 5000 });
    await storeRun(app, { guestWallet: 'GUEST_ABCDEFGH' }, { totalPoints: 9000 });

    expect((await app.http.get(`/api/users/${user.id}/stats`, token)).body).toEqual({ gamesPlayed: 3, totalPoints: 3800, highScore: 1900 });

    const history = await app.http.get(`/api/users/${user.id}/game-history?pageNumber=1&pageSize=2`, token);
    expect(history.status).toBe(200);
    expect(history.body.totalGames).toBe(3);
    expect(history.body.totalPages).toBe(2);
    expect(history.body.games).toEqual([
      // verified: whether the run was replayed from its input log (these were stored without one); runId: its page.
      {
        playedDate: new Date(base + 3 * 60_000).toISOString(),
        level: 10,
        score: 1000,
        bonusPoints: 900,
        totalPoints: 1900,
        timeElapsed: 100,
        verified: false,
        runId: latest.documentId,
      },
      {
        playedDate: new Date(base + 60_000).toISOString(),
        level: 1,
        score: 100,
        bonusPoints: 600,
        totalPoints: 700,
        timeElapsed: 400,
        verified: false,
        runId: second.documentId,
      },
    ]);
    const page2 = await app.http.get(`/api/users/${user.id}/game-history?pageNumber=2&pageSize=2`, token);
    expect(page2.body.games).toEqual([expect.objectContaining({ totalPoints: 1200, level: 4 })]);
    const beyond = await app.http.get(`/api/users/${user.id}/game-history?pageNumber=3&pageSize=2`, token);
    expect(beyond.status).toBe(200);
    expect(beyond.body).toMatchObject({ games: [], totalGames: 3, totalPages: 2 });
  });

  it('validates the paging parameters', async () => {
    const { user, token } = await registerUser();
    for (const query of [
      'pageNumber=0&pageSize=10',
      'pageNumber=-1&pageSize=10',
      'pageNumber=abc&pageSize=10',
      'pageNumber=1.5&pageSize=10',
      'pageNumber=1&pageSize=0',
      'pageNumber=1&pageSize=51',
      'pageNumber=1&pageSize=ten',
    ]) {
      const response = await app.http.get(`/api/users/${user.id}/game-history?${query}`, token);
      expect(response.status).toBe(400);
      expect(response.body.error.message).toMatch(/must be a whole number/);
    }
    for (const query of ['pageNumber=1&pageSize=1', 'pageNumber=1&pageSize=50', '']) {
      expect((await app.http.get(`/api/users/${user.id}/game-history?${query}`, token)).status).toBe(200);
    }
  });
});

describe('Telegram linking', () => {
  const link = (id: number, token: string) => app.http.get(`/api/users/${id}/telegram-link`, token);
  const generate = (id: number, token: string) => app.http.post(`/api/users/${id}/generate-linking-code`, {}, token);

  it('issues a short, hard-to-guess code valid for 10 minutes, with the bot name', async () => {
    const { user, token } = await registerUser();
    const before = Date.now();
    const response = await generate(user.id, token);
    expect(response.status).toBe(200);
    expect(response.body.linkingCode).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    expect(response.body.botName).toBe('HAICTestBot');
    const ttl = new Date(response.body.expiresAt).getTime() - before;
    expect(ttl).toBeGreaterThan(595_000);
    expect(ttl).toBeLessThanOrEqual(601_000);
    expect((await link(user.id, token)).body).toEqual({ isLinked: false, telegramUsername: null, notices: false });
  });

  it('links through the bot with /link CODE, answers through the Bot API, and refuses a new code while linked', async () => {
    const { user, token } = await registerUser();
    const { linkingCode } = (await generate(user.id, token)).body;
    botCalls.length = 0;
    const response = await webhook(textUpdate(`/link ${linkingCode.toLowerCase()}`, { id: 70001, username: 'nurse_florence' }));
    expect(response.status).toBe(200);
    expect(response.body.handled).toBe('linked');
    expect(await repliesTo(70001)).toEqual([
      { path: `/bot${BOT_TOKEN}/sendMessage`, body: { chat_id: 70001, text: expect.stringContaining(`linked to the HAIC account "${user.username}"`) } },
    ]);
    expect((await link(user.id, token)).body).toEqual({ isLinked: true, telegramUsername: 'nurse_florence', notices: true });

    const again = await generate(user.id, token);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already linked/);

    // Unlink returns to not linked, and a code can be generated again.
    expect((await app.http.post(`/api/users/${user.id}/unlink-telegram`, {}, token)).status).toBe(200);
    expect((await link(user.id, token)).body).toEqual({ isLinked: false, telegramUsername: null, notices: false });
    expect((await generate(user.id, token)).status).toBe(200);
  });

  it('accepts /start CODE (the deep-link form) too', async () => {
    const { user, token } = await registerUser();
    const { linkingCode } = (await generate(user.id, token)).body;
    const response = await webhook(textUpdate(`/start ${linkingCode}`, { id: 70002, username: 'nurse_mary' }));
    expect(response.body.handled).toBe('linked');
    expect((await link(user.id, token)).body.isLinked).toBe(true);
  });

  it('uses a code only once', async () => {
    const first = await registerUser();
    const { linkingCode } = (await generate(first.user.id, first.token)).body;
    expect((await webhook(textUpdate(`/link ${linkingCode}`, { id: 70003, username: 'one' }))).body.handled).toBe('linked');
    await app.http.post(`/api/users/${first.user.id}/unlink-telegram`, {}, first.token);
    botCalls.length = 0;
    const reuse = await webhook(textUpdate(`/link ${linkingCode}`, { id: 70004, username: 'two' }));
    expect(reuse.body.handled).toBe('invalid');
    expect((await repliesTo(70004))[0].body.text).toMatch(/not valid or has expired/);
    expect((await link(first.user.id, first.token)).body.isLinked).toBe(false);
  });

  it('replaces the previous code when a new one is generated', async () => {
    const { user, token } = await registerUser();
    const old = (await generate(user.id, token)).body.linkingCode;
    const fresh = (await generate(user.id, token)).body.linkingCode;
    expect(fresh).not.toBe(old);
    expect((await webhook(textUpdate(`/link ${old}`, { id: 70005 }))).body.handled).toBe('invalid');
    expect((await link(user.id, token)).body.isLinked).toBe(false);
    expect((await webhook(textUpdate(`/link ${fresh}`, { id: 70005 }))).body.handled).toBe('linked');
  });

  it('refuses an expired code politely and changes nothing', async () => {
    const { user, token } = await registerUser();
    const { linkingCode } = (await generate(user.id, token)).body;
    await app.strapi.db.query('api::linking-code.linking-code').updateMany({ where: { code: linkingCode }, data: { expiresAt: new Date(Date.now() - 1000) } });
    botCalls.length = 0;
    const response = await webhook(textUpdate(`/link ${linkingCode}`, { id: 70006, username: 'late' }));
    expect(response.status).toBe(200);
    expect(response.body.handled).toBe('invalid');
    expect(await repliesTo(70006)).toEqual([
      { path: `/bot${BOT_TOKEN}/sendMessage`, body: { chat_id: 70006, text: expect.stringMatching(/^Sorry, that linking code is not valid or has expired/) } },
    ]);
    expect((await link(user.id, token)).body.isLinked).toBe(false);
  });

  it('refuses an unknown code and answers other messages with help', async () => {
    expect((await webhook(textUpdate('/link ZZZZZZZZ', { id: 70007 }))).body.handled).toBe('invalid');
    expect((await repliesTo(70007, 1))[0].body.text).toMatch(/not valid or has expired/);
    expect((await webhook(textUpdate('/start', { id: 70007 }))).body.handled).toBe('help');
    expect((await repliesTo(70007, 2))[1].body.text).toBe(REPLIES_HELP);
  });

  it('will not link one Telegram account to two HAIC accounts', async () => {
    const a = await registerUser();
    const b = await registerUser();
    const codeA = (await generate(a.user.id, a.token)).body.linkingCode;
    const codeB = (await generate(b.user.id, b.token)).body.linkingCode;
    expect((await webhook(textUpdate(`/link ${codeA}`, { id: 70008 }))).body.handled).toBe('linked');
    expect((await webhook(textUpdate(`/link ${codeB}`, { id: 70008 }))).body.handled).toBe('chat-taken');
    expect((await link(b.user.id, b.token)).body.isLinked).toBe(false);
  });

  it('checks the webhook secret', async () => {
    const { user, token } = await registerUser();
    const { linkingCode } = (await generate(user.id, token)).body;
    for (const secret of [null, 'wrong-secret']) {
      const response = await webhook(textUpdate(`/link ${linkingCode}`, { id: 70009 }), secret);
      expect(response.status).toBe(401);
    }
    expect((await link(user.id, token)).body.isLinked).toBe(false);
  });
});
