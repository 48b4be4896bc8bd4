/**
 * Hardening, input: one text rule on every write route. NUL, unpaired surrogates and control
 * characters are refused with a 400 that names the field, and nothing is written; usernames are
 * trimmed and NFKC-normalised alike on register and sign-in, unique regardless of case, without
 * invisible characters; malformed bodies answer 400 in Strapi's error shape, never 500.
 */
import request from 'supertest';
import { startTestApp, type TestApp } from './helpers/strapi';

let app: TestApp;
let token: string;
let userId: number;
const STRONG = 'Str0ng!Pass';
const USER = 'plugin::users-permissions.user';

beforeAll(async () => {
  app = await startTestApp();
  await app.http.xsrfToken();
  const registered = await app.http.post('/api/auth/register', { username: 'inputnurse', email: 'inputnurse@example.com', password: STRONG });
  token = registered.body.token;
  userId = registered.body.user.id;
}, 300_000);
afterAll(async () => {
  await app.stop();
});

const counts = async () => ({
  users: await app.strapi.db.query(USER).count(),
  messages: await app.strapi.db.query('api::contact-message.contact-message').count(),
  scores: await app.strapi.db.query('api::game-score.game-score').count(),
  codes: await app.strapi.db.query('api::linking-code.linking-code').count(),
});

const BAD_TEXT: [string, string][] = [
  ['a NUL', 'Flor\u0000ence'],
  ['a lone high surrogate', 'Flor\ud800ence'],
  ['a lone low surrogate', 'Flor\udc00ence'],
  ['a control character (ESC)', 'Flor\u001bence'],
  ['a C1 control character', 'Flor\u0085ence'],
  ['DEL', 'Flor\u007fence'],
];

/** Every write route with a body field to spoil; the rule applies to any field, so each is tried. */
const WRITES: { route: string; method: 'post' | 'put'; auth?: boolean; body: Record<string, unknown> }[] = [
  { route: '/api/auth/register', method: 'post', body: { username: 'freshnurse', email: 'fresh@example.com', password: STRONG } },
  { route: '/api/auth/login', method: 'post', body: { username: 'inputnurse', password: STRONG } },
  { route: '/api/admin/login', method: 'post', body: { username: 'inputnurse', password: STRONG, captchaToken: 'x' } },
  { route: '/api/contact', method: 'post', body: { name: 'Florence', email: 'f@example.com', subject: 'A subject', message: 'A message long enough' } },
  { route: '/api/users/profile', method: 'put', auth: true, body: { firstName: 'Florence', lastName: 'Nightingale', bio: 'Nurse' } },
  {
    route: '/api/game/nursehelpme/score',
    method: 'post',
    body: { score: 100, level: 1, timeElapsed: 10, bonusPoints: 990, totalPoints: 1090, sessionId: 'session-abcdef', XRPLWallet: 'GUEST_ABCDEFGH' },
  },
  { route: '/api/users/:id/generate-linking-code', method: 'post', auth: true, body: { note: 'x' } },
  { route: '/api/users/:id/unlink-telegram', method: 'post', auth: true, body: { note: 'x' } },
  { route: '/api/auth/logout', method: 'post', auth: true, body: { note: 'x' } },
];

const send = (write: (typeof WRITES)[number], body: unknown) =>
  (app.http as any)[write.method](write.route.replace(':id', String(userId)), body, write.auth ? token : undefined);

describe('NUL, unpaired surrogates and control characters, on every write route', () => {
  for (const write of WRITES) {
    for (const field of Object.keys(write.body)) {
      it.each(BAD_TEXT)(`${write.method.toUpperCase()} ${write.route} refuses ${field} with %s: 400 naming the field, nothing written`, async (_name, bad) => {
        const before = await counts();
        const response = await send(write, { ...write.body, [field]: bad });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ data: null, error: { status: 400, name: 'ValidationError' } });
        expect(response.body.error.details.errors[0].path).toEqual([field]);
        expect(response.body.error.message).toContain(field);
        expect(await counts()).toEqual(before);
      });
    }
  }

  it('refuses a bad character in a nested value or in a field name', async () => {
    const nested = await app.http.post('/api/contact', {
      name: 'Florence',
      email: 'f@example.com',
      subject: 'A subject',
      message: 'A message long enough',
      extra: { deep: ['ok', 'b\u0000d'] },
    });
    expect(nested.status).toBe(400);
    expect(nested.body.error.details.errors[0].path).toEqual(['extra', 'deep', '1']);
    const key = await app.http.post('/api/contact', {
      name: 'Florence',
      email: 'f@example.com',
      subject: 'A subject',
      message: 'A message long enough',
      ['na\u0000me']: 'x',
    });
    expect(key.status).toBe(400);
  });

  it('keeps tabs and line breaks, which are text', async () => {
    const response = await app.http.post('/api/contact', {
      name: 'Florence',
      email: 'f@example.com',
      subject: 'A subject',
      message: 'Line one\nLine two\tand a tab\r\n',
    });
    expect(response.status).toBe(201);
  });

  it('refuses quietly (200, nothing linked) a Telegram update with such text: Telegram would re-send an error', async () => {
    const code = (await app.http.post(`/api/users/${userId}/generate-linking-code`, {}, token)).body.linkingCode;
    for (const [, bad] of BAD_TEXT) {
      const response = await request(app.strapi.server.httpServer)
        .post('/api/telegram/webhook')
        .set('X-Telegram-Bot-Api-Secret-Token', 'test-telegram-secret')
        .send({
          update_id: 1,
          message: { message_id: 1, chat: { id: 555, type: 'private' }, from: { id: 555, username: `nurse${bad}` }, text: `/link ${code}` },
        });
      expect(response.status).toBe(200);
      expect(response.body.handled).toBe('refused');
    }
    expect((await app.http.get(`/api/users/${userId}/telegram-link`, token)).body.isLinked).toBe(false);
  });
});

describe('usernames', () => {
  const register = (username: string, email = `${Math.random().toString(36).slice(2)}@example.com`) =>
    app.http.post('/api/auth/register', { username, email, password: STRONG });
  const login = (username: string) => app.http.post('/api/auth/login', { username, password: STRONG });

  it('" spaced " registers as "spaced" and signs in with or without the spaces', async () => {
    const response = await register('  spacednurse  ');
    expect(response.status).toBe(200);
    expect(response.body.user.username).toBe('spacednurse');
    expect((await login('  spacednurse  ')).status).toBe(200);
    expect((await login('spacednurse')).status).toBe(200);
  });

  it('are NFKC-normalised alike on register and sign-in', async () => {
    const response = await register('ｆｕｌｌｗｉｄｔｈ'); // fullwidth letters
    expect(response.status).toBe(200);
    expect(response.body.user.username).toBe('fullwidth');
    expect((await login('fullwidth')).status).toBe(200);
    expect((await login('ｆｕｌｌｗｉｄｔｈ')).status).toBe(200);
  });

  it('are unique regardless of case and of compatibility forms', async () => {
    expect((await register('Florence')).status).toBe(200);
    for (const twin of ['florence', 'FLORENCE', 'Ｆlorence', ' Florence ']) {
      const response = await register(twin);
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe('Username is already taken');
    }
    expect(await app.strapi.db.query(USER).count({ where: { username: { $eqi: 'florence' } } })).toBe(1);
  });

  it.each([
    ['a zero-width space', 'flor\u200bence2'],
    ['a zero-width joiner', 'flor\u200dence2'],
    ['a byte-order mark', '\ufeffflorence2'],
    ['a right-to-left override', 'flor\u202eence2'],
    ['a soft hyphen', 'flor\u00adence2'],
  ])('refuses %s in a username with a 400 naming it', async (_name, username) => {
    const response = await register(username);
    expect(response.status).toBe(400);
    expect(response.body.error.details.errors[0].path).toEqual(['username']);
    expect(await app.strapi.db.query(USER).count({ where: { username: { $containsi: 'florence2' } } })).toBe(0);
  });
});

describe('malformed bodies: 400 in the error shape, never 500', () => {
  const raw = (route: string, method: 'post' | 'put', body: string, type = 'application/json') =>
    app.http.xsrfToken().then((xsrf) => {
      const agent = app.http.agent as any;
      return agent[method](route.replace(':id', String(userId)))
        .set('X-XSRF-TOKEN', xsrf)
        .set('Authorization', `Bearer ${token}`)
        .set('Content-Type', type)
        .send(body);
    });

  const BODIES: [string, string, string?][] = [
    ['truncated JSON', '{"username":'],
    ['not JSON at all', 'username=nurse&password=x'],
    ['a bare string', '"just a string"'],
    ['null', 'null'],
    ['an array', '[1,2,3]'],
    ['a number', '42'],
    ['invalid UTF-8', '{"name":"\xff\xfe"}'],
    ['a lone surrogate escape', '{"username":"\\ud800","password":"\\udfff"}'],
    ['a NUL escape', '{"username":"a\\u0000b","password":"x"}'],
    ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ];

  for (const write of WRITES) {
    it.each(BODIES)(`${write.method.toUpperCase()} ${write.route} with %s`, async (_name, body) => {
      const before = await counts();
      const response = await raw(write.route, write.method, body);
      expect(response.status).toBeLessThan(500);
      // Refused in Strapi's error shape (a body that parses to no usable fields may also be accepted as empty).
      if (response.status >= 400)
        expect(response.body).toMatchObject({ data: null, error: { status: response.status, name: expect.any(String), message: expect.any(String) } });
      expect(await counts()).toEqual(before);
    });
  }

  it('a broken multipart form answers 400, not 500 (found by the fuzzer)', async () => {
    for (const write of WRITES) {
      const response = await raw(write.route, write.method, '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', 'multipart/form-data; boundary=x');
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ status: 400, name: 'ValidationError' });
    }
  });

  it('a body in an unexpected type (text/plain, XML) is not read as data', async () => {
    const response = await raw('/api/contact', 'post', '<contact/>', 'application/xml');
    expect(response.status).toBe(400);
    expect(response.body.error.name).toBe('ValidationError');
  });
});
