/**
 * Hardening, sessions and sign-in limits: tokens die on sign-out and on a password change; failed
 * sign-ins are counted per username+IP and per IP, so an outsider on another address cannot lock a
 * user out (a username under attack only slows down); public writes are limited per IP with 429.
 * TRUST_PROXY is on here so that each request can come "from" its own address (X-Forwarded-For).
 */
import { withTestApp } from './helpers/strapi';

const STRONG = 'Str0ng!Pass';
const WRONG = 'Wr0ng!Pass';
let ipCounter = 1;
const freshIp = () => `198.51.100.${ipCounter++ % 250}`;

const app = withTestApp(
  {
    TRUST_PROXY: 'true',
    LOGIN_RATE_LIMIT_MAX: '3',
    LOGIN_RATE_LIMIT_IP_MAX: '6',
    LOGIN_SLOWDOWN_AFTER: '4',
    LOGIN_SLOWDOWN_STEP_MS: '300',
    LOGIN_SLOWDOWN_MAX_MS: '900',
    CONTACT_RATE_LIMIT_MAX: '3',
    REGISTER_RATE_LIMIT_MAX: '3',
  },
  { xsrf: true },
);

/** A request "from" an address (X-Forwarded-For, trusted here), with the XSRF header and an optional Bearer token. */
const call = async (method: 'post' | 'get' | 'put', url: string, { body, ip = freshIp(), bearer }: { body?: object; ip?: string; bearer?: string } = {}) => {
  const xsrf = await app.http.xsrfToken();
  let req = (app.http.agent as any)[method](url).set('X-Forwarded-For', ip).set('X-XSRF-TOKEN', xsrf);
  if (bearer) req = req.set('Authorization', `Bearer ${bearer}`);
  return body === undefined ? req : req.send(body);
};

let nameCounter = 0;
async function registerUser() {
  const name = `sess${Date.now().toString(36)}${nameCounter++}`;
  const response = await call('post', '/api/auth/register', { body: { username: name, email: `${name}@example.com`, password: STRONG } });
  expect(response.status).toBe(200);
  return { name, token: response.body.token as string, id: response.body.user.id as number };
}
const login = (username: string, password: string, ip = freshIp()) => call('post', '/api/auth/login', { body: { username, password }, ip });
const profile = (token: string) => call('get', '/api/users/profile', { bearer: token });

describe('sessions that end', () => {
  it('sign-out (POST /api/auth/logout) revokes the tokens issued before it; a new sign-in works', async () => {
    const user = await registerUser();
    const second = (await login(user.name, STRONG)).body.token;
    expect((await profile(user.token)).status).toBe(200);
    const out = await call('post', '/api/auth/logout', { body: {}, bearer: user.token });
    expect(out.status).toBe(200);
    expect((await profile(user.token)).status).toBe(401);
    expect((await profile(second)).status).toBe(401);
    expect((await call('post', '/api/auth/logout', { body: {}, bearer: user.token })).status).toBe(401);
    const fresh = (await login(user.name, STRONG)).body.token;
    expect((await profile(fresh)).status).toBe(200);
  });

  it('a password change revokes the old tokens; the new password signs in', async () => {
    const user = await registerUser();
    await app.strapi.plugin('users-permissions').service('user').edit(user.id, { password: 'N3w!Password' });
    expect((await profile(user.token)).status).toBe(401);
    expect((await login(user.name, STRONG)).status).toBe(401);
    const fresh = await login(user.name, 'N3w!Password');
    expect(fresh.status).toBe(200);
    expect((await profile(fresh.body.token)).status).toBe(200);
  });

  it('an admin sign-out (POST /api/admin/logout) revokes the admin token', async () => {
    await (app.strapi.service('api::admin-auth.admin-auth') as any).ensureAdminAccount({ username: 'sessadmin', password: 'SessAdmin1!' });
    const signedIn = await call('post', '/api/admin/login', { body: { username: 'sessadmin', password: 'SessAdmin1!', captchaToken: 'x' } });
    expect(signedIn.status).toBe(200);
    const adminToken = signedIn.body.token;
    expect((await profile(adminToken)).status).toBe(200);
    expect((await call('post', '/api/admin/logout', { body: {}, bearer: adminToken })).status).toBe(200);
    expect((await profile(adminToken)).status).toBe(401);
  });

  it('a score submitted with a revoked token is refused like an expired one', async () => {
    const user = await registerUser();
    await call('post', '/api/auth/logout', { body: {}, bearer: user.token });
    const score = await call('post', '/api/game/nursehelpme/score', {
      bearer: user.token,
      body: { score: 100, level: 1, timeElapsed: 10, bonusPoints: 990, totalPoints: 1090, sessionId: `revoked-${user.id}-session`, userId: user.id },
    });
    expect(score.status).toBe(401);
  });
});

describe('failed sign-ins', () => {
  it('the same address gets 429 with Retry-After after LOGIN_RATE_LIMIT_MAX failures for one username', async () => {
    const user = await registerUser();
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await login(user.name, WRONG, ip)).status).toBe(401);
    const limited = await login(user.name, STRONG, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ status: 429, name: 'TooManyRequestsError' });
    expect(limited.body.error.message).toMatch(/Too many failed sign-in attempts\. Please wait \d+ minute\(s\) and try again\./);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('an outsider failing from other addresses cannot lock the user out: the user still signs in', async () => {
    const user = await registerUser();
    for (let i = 0; i < 12; i++) expect((await login(user.name, WRONG, `203.0.113.${i + 1}`)).status).toBe(401);
    const own = await login(user.name, STRONG, '192.0.2.10');
    expect(own.status).toBe(200);
  });

  it('a username under attack from everywhere is slowed down, not locked', async () => {
    const user = await registerUser();
    for (let i = 0; i < 7; i++) await login(user.name, WRONG, `203.0.114.${i + 1}`);
    const started = Date.now();
    const own = await login(user.name, STRONG, '192.0.2.20');
    expect(own.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(850); // 3 failures past LOGIN_SLOWDOWN_AFTER x 300 ms
  });

  it('one address trying many usernames is refused (429), other addresses are not', async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i++) expect((await login(`nobody${i}`, WRONG, ip)).status).toBe(401);
    const user = await registerUser();
    expect((await login(user.name, STRONG, ip)).status).toBe(429);
    expect((await login(user.name, STRONG, freshIp())).status).toBe(200);
  });

  it('the admin sign-in shares the rules (own counters)', async () => {
    await (app.strapi.service('api::admin-auth.admin-auth') as any).ensureAdminAccount({ username: 'lockadmin', password: 'LockAdmin1!' });
    const adminLogin = (password: string, ip: string) => call('post', '/api/admin/login', { body: { username: 'lockadmin', password, captchaToken: 'x' }, ip });
    for (let i = 0; i < 5; i++) expect((await adminLogin(WRONG, `203.0.115.${i + 1}`)).status).toBe(401);
    expect((await adminLogin('LockAdmin1!', '192.0.2.30')).status).toBe(200);
    const ip = freshIp();
    for (let i = 0; i < 3; i++) await adminLogin(WRONG, ip);
    const limited = await adminLogin('LockAdmin1!', ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('rate limits on public writes (per IP, 429 with Retry-After)', () => {
  const message = { name: 'Florence', email: 'f@example.com', subject: 'A subject', message: 'A message long enough' };

  it('POST /api/contact: CONTACT_RATE_LIMIT_MAX per address, nothing stored beyond it', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await call('post', '/api/contact', { body: message, ip })).status).toBe(201);
    const before = await app.strapi.db.query('api::contact-message.contact-message').count();
    const limited = await call('post', '/api/contact', { body: message, ip });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ status: 429, name: 'TooManyRequestsError' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await app.strapi.db.query('api::contact-message.contact-message').count()).toBe(before);
    expect((await call('post', '/api/contact', { body: message, ip: freshIp() })).status).toBe(201);
  });

  it('POST /api/auth/register: REGISTER_RATE_LIMIT_MAX per address', async () => {
    const ip = freshIp();
    const body = (n: number) => ({ username: `limited${n}x`, email: `limited${n}x@example.com`, password: STRONG });
    for (let i = 0; i < 3; i++) expect((await call('post', '/api/auth/register', { body: body(i), ip })).status).toBe(200);
    const limited = await call('post', '/api/auth/register', { body: body(3), ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await app.strapi.db.query('plugin::users-permissions.user').count({ where: { username: 'limited3x' } })).toBe(0);
  });
});
