/**
 * People own their accounts: change the password, download my data, delete my account,
 * and the same deletion from the panel's Users list. Each rule as a client sees it.
 */
import request from 'supertest';
import { ACCOUNT_EXPORT_KEYS, ACCOUNT_PATHS, PASSWORD_MAX, seasonKeyOf } from '@haic/contract';
import { storeRun, verifiedSubmission, GAME_SCORE } from './helpers/runs';
import { startSmtpServer } from './helpers/smtp';
import { startTestApp, type TestApp } from './helpers/strapi';

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** The content types an account's deletion reaches. */
const UID = { user: 'plugin::users-permissions.user', code: 'api::linking-code.linking-code', contact: 'api::contact-message.contact-message' } as const;
const STRONG = 'Str0ng!Pass';
const NEWER = 'N3wer!Pass';
const LOGIN_MAX = 4;

let counter = 0;
const unique = (prefix = 'owner') => `${prefix}${Date.now().toString(36)}${counter++}`;
let wait = 0;

interface Account {
  token: string;
  user: { id: number; username: string; email: string };
}

async function register(name = unique(), { email = `${name}@example.com` } = {}): Promise<Account> {
  const response = await app.http.post('/api/auth/register', { username: name, email, password: STRONG });
  expect(response.status).toBe(200);
  return response.body;
}
const login = (username: string, password: string) => app.http.post('/api/auth/login', { username, password });
const profile = (token: string) => app.http.get('/api/users/profile', token);
const changePassword = (token: string, body: object) => app.http.put(ACCOUNT_PATHS.changePassword, body, token);
const deleteAccount = (token: string, body: object) => app.http.post(ACCOUNT_PATHS.deleteAccount, body, token);
const exportData = (token?: string) => app.http.get(ACCOUNT_PATHS.exportData, token);
const board = async (period = 'all') => (await app.http.get(`/api/leaderboard?period=${period}&limit=100`)).body.entries.map((e: any) => e.player) as string[];

/** A player with everything the cascade must take: runs (one verified through a ticket), a code, a chat link. */
async function playerWithData(name = unique('player')) {
  const account = await register(name);
  const id = account.user.id;
  const ranked = await app.http.post('/api/game/nursehelpme/score', verifiedSubmission(id, ++wait), account.token);
  expect(ranked.body.verified).toBe(true);
  await storeRun(app, { user: id }, { totalPoints: 1500, verified: true });
  await storeRun(app, { user: id }, { totalPoints: 900, verified: false });
  expect((await app.http.post(`/api/users/${id}/generate-linking-code`, {}, account.token)).status).toBe(200);
  await app.strapi.db.query(UID.user).update({ where: { id }, data: { telegramId: `${900000 + id}`, telegramUsername: `${name}_tg` } });
  // Sent through the contact form while signed in: the message is provably theirs.
  const sent = await app.http.post(
    '/api/contact',
    { name: 'Me', email: account.user.email.toUpperCase(), subject: 'About my runs', message: 'Hello team, a question about my runs.' },
    account.token,
  );
  expect(sent.status).toBe(201);
  return account;
}

/** What is left of a user id in every table the cascade covers. */
async function remainsOf(id: number) {
  const knex = app.strapi.db.connection;
  const scores = await knex('game_scores_user_lnk').where({ user_id: id }).count({ n: '*' }).first();
  const keyed = await knex('game_scores')
    .where({ player_key: `u:${id}` })
    .count({ n: '*' })
    .first();
  const codes = await knex('linking_codes_user_lnk').where({ user_id: id }).count({ n: '*' }).first();
  const figures = await knex('haic_player_figures')
    .where({ player_key: `u:${id}` })
    .count({ n: '*' })
    .first();
  const bests = await knex('haic_player_bests')
    .where({ player_key: `u:${id}` })
    .count({ n: '*' })
    .first();
  const user = await knex('up_users').where({ id }).count({ n: '*' }).first();
  return { user: Number(user!.n), runs: Number(scores!.n) + Number(keyed!.n), codes: Number(codes!.n), figures: Number(figures!.n), bests: Number(bests!.n) };
}

/** Used tickets whose run belonged to the user (by the runs' ids, read before a deletion). */
const ticketsOfRuns = async (runIds: number[]) =>
  Number((await app.strapi.db.connection('haic_run_tickets').whereIn('score_id', runIds).count({ n: '*' }).first())!.n);
const runIdsOf = async (id: number) =>
  (
    await app.strapi.db
      .connection('game_scores')
      .where({ player_key: `u:${id}` })
      .select('id')
  ).map((r: any) => Number(r.id));

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    LOGIN_RATE_LIMIT_MAX: String(LOGIN_MAX),
    EXPORT_RATE_LIMIT_MAX: '3',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_FROM: 'HAIC site <site@haic.test>',
  });
}, 300_000);
afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => smtp.server.close(resolve));
});

describe('bad input on the three routes changes nothing', () => {
  const routes = [
    ['PUT', ACCOUNT_PATHS.changePassword, { currentPassword: STRONG, newPassword: NEWER }],
    ['POST', ACCOUNT_PATHS.deleteAccount, { password: STRONG }],
  ] as const;

  it.each(routes)('%s %s without X-XSRF-TOKEN is 403', async (method, path, body) => {
    const account = await register();
    const raw = request(app.strapi.server.httpServer)[method === 'PUT' ? 'put' : 'post'](path).set('Authorization', `Bearer ${account.token}`).send(body);
    expect((await raw).status).toBe(403);
    expect((await profile(account.token)).status).toBe(200);
    expect((await login(account.user.username, STRONG)).status).toBe(200);
  });

  it.each(routes)('%s %s without a token is 401', async (method, path, body) => {
    const response = method === 'PUT' ? await app.http.put(path, body) : await app.http.post(path, body);
    expect(response.status).toBe(401);
  });

  it('GET the export without a token is 401 and holds no data', async () => {
    const response = await exportData();
    expect(response.status).toBe(401);
    expect(response.headers['content-disposition']).toBeUndefined();
  });

  const long = 'Aa1!'.repeat(2500);
  it.each([
    ['change password', 'currentPassword', (t: string) => changePassword(t, { currentPassword: long, newPassword: NEWER })],
    ['change password', 'newPassword', (t: string) => changePassword(t, { currentPassword: STRONG, newPassword: long })],
    ['change password', 'confirmPassword', (t: string) => changePassword(t, { currentPassword: STRONG, newPassword: NEWER, confirmPassword: long })],
    ['delete account', 'password', (t: string) => deleteAccount(t, { password: long })],
  ])('%s: a 10,000-character %s is a 400 naming it, never a 5xx', async (_route, field, send) => {
    const account = await register();
    const response = await send(account.token);
    expect(response.status).toBe(400);
    expect(response.body.error.details.errors[0].path).toEqual([field]);
    expect(response.body.error.message).toContain(`no more than ${PASSWORD_MAX} characters`);
    expect((await profile(account.token)).status).toBe(200);
    expect((await login(account.user.username, STRONG)).status).toBe(200);
  });
});

describe('change password', () => {
  it('refuses a wrong current password next to its field, and changes nothing', async () => {
    const account = await register();
    const response = await changePassword(account.token, { currentPassword: 'Wr0ng!Pass', newPassword: NEWER });
    expect(response.status).toBe(400);
    expect(response.body.error.details.errors).toEqual([{ path: ['currentPassword'], message: 'Current password is incorrect' }]);
    expect((await profile(account.token)).status).toBe(200);
    expect((await login(account.user.username, STRONG)).status).toBe(200);
    expect((await login(account.user.username, NEWER)).status).toBe(401);
  });

  it.each([
    ['short', 'Ab1!', 'New Password must be at least 8 characters'],
    ['without a special character', 'Abcdefg1', 'Password must contain uppercase, lowercase, number, and special character'],
    ['missing', '', 'New Password is required'],
  ])('refuses a %s new password with the registration rule', async (_what, newPassword, message) => {
    const account = await register();
    const response = await changePassword(account.token, { currentPassword: STRONG, newPassword });
    expect(response.status).toBe(400);
    expect(response.body.error.details.errors).toEqual([{ path: ['newPassword'], message }]);
    expect((await login(account.user.username, STRONG)).status).toBe(200);
  });

  it('refuses a confirmation that differs', async () => {
    const account = await register();
    const response = await changePassword(account.token, { currentPassword: STRONG, newPassword: NEWER, confirmPassword: `${NEWER}x` });
    expect(response.status).toBe(400);
    expect(response.body.error.details.errors).toEqual([{ path: ['confirmPassword'], message: 'Passwords do not match' }]);
  });

  it('signs in with the new password only, revokes every earlier token, keeps the changing browser signed in, and mails a notice', async () => {
    const account = await register();
    const otherDevice = (await login(account.user.username, STRONG)).body.token as string;
    const stranger = await register();
    smtp.mails.length = 0;

    const response = await changePassword(account.token, { currentPassword: STRONG, newPassword: NEWER, confirmPassword: NEWER });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ id: account.user.id, username: account.user.username, email: account.user.email });
    expect(response.body.token).toEqual(expect.any(String));

    // The browser that changed it goes on with its fresh token; every earlier one is refused.
    expect((await profile(response.body.token)).status).toBe(200);
    expect((await profile(account.token)).status).toBe(401);
    expect((await profile(otherDevice)).status).toBe(401);
    expect((await app.http.get(`/api/users/${account.user.id}/stats`, otherDevice)).status).toBe(401);
    // Another person's session is untouched.
    expect((await profile(stranger.token)).status).toBe(200);

    expect((await login(account.user.username, STRONG)).status).toBe(401);
    expect((await login(account.user.username, NEWER)).status).toBe(200);

    const deadline = Date.now() + 10_000;
    while (smtp.mails.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0].to.join(' ')).toContain(account.user.email);
    expect(smtp.mails[0].data).toMatch(/^Subject: Your HAIC password was changed$/m);
    expect(smtp.mails[0].data).not.toContain(NEWER);
  });

  it("another user's token changes only that user's password (and needs that user's current password)", async () => {
    const owner = await register();
    const other = await register();
    const response = await changePassword(other.token, { currentPassword: STRONG, newPassword: NEWER });
    expect(response.status).toBe(200);
    expect(response.body.user.id).toBe(other.user.id);
    expect((await login(owner.user.username, STRONG)).status).toBe(200);
    expect((await profile(owner.token)).status).toBe(200);
  });

  it('is limited like sign-in: wrong current passwords count as failed sign-ins, then even the right one is 429', async () => {
    const account = await register();
    for (let i = 0; i < LOGIN_MAX; i++) {
      expect((await changePassword(account.token, { currentPassword: `Wr0ng!Pass${i}`, newPassword: NEWER })).status).toBe(400);
    }
    const limited = await changePassword(account.token, { currentPassword: STRONG, newPassword: NEWER });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await login(account.user.username, STRONG)).status).toBe(429);
  });

  it("leaves the panel's admin accounts alone: a panel admin still signs in and keeps their session", async () => {
    const role = await app.strapi.db.query('admin::role').findOne({ where: { code: 'strapi-super-admin' } });
    await app.strapi.service('admin::user').create({
      email: 'panel-keep@example.com',
      firstname: 'Panel',
      lastname: 'Admin',
      password: 'Panel-Pass-123',
      isActive: true,
      registrationToken: null,
      roles: [role.id],
    });
    const panel = request(app.strapi.server.httpServer);
    const before = await panel.post('/admin/login').send({ email: 'panel-keep@example.com', password: 'Panel-Pass-123' });
    const panelToken = before.body.data.token ?? before.body.data.accessToken;
    const account = await register();
    expect((await changePassword(account.token, { currentPassword: STRONG, newPassword: NEWER })).status).toBe(200);
    expect((await panel.get('/admin/users/me').set('Authorization', `Bearer ${panelToken}`)).status).toBe(200);
    expect((await panel.post('/admin/login').send({ email: 'panel-keep@example.com', password: 'Panel-Pass-123' })).status).toBe(200);
  });
});

describe('download my data', () => {
  it('is a dated JSON attachment with exactly the documented keys, the owner data and no secret', async () => {
    const alice = await playerWithData(unique('alice'));
    const bob = await playerWithData(unique('bob'));
    await app.http.put('/api/users/profile', { firstName: 'Alice', lastName: 'Liddell', bio: 'Nurse by day' }, alice.token);

    const response = await exportData(alice.token);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="haic-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers['content-disposition']).toContain(new Date().toISOString().slice(0, 10));
    const text = response.text;
    const data = JSON.parse(text);

    expect(Object.keys(data)).toEqual([...ACCOUNT_EXPORT_KEYS.root]);
    expect(Object.keys(data.account)).toEqual([...ACCOUNT_EXPORT_KEYS.account]);
    expect(data.account).toMatchObject({
      username: alice.user.username,
      email: alice.user.email,
      firstName: 'Alice',
      lastName: 'Liddell',
      bio: 'Nurse by day',
    });
    expect(new Date(data.account.createdDate).toISOString()).toBe(data.account.createdDate);
    expect(data.chatAccounts).toEqual([{ service: 'telegram', username: `${alice.user.username}_tg` }]);
    expect(data.gameRuns).toHaveLength(3);
    for (const run of data.gameRuns) expect(Object.keys(run)).toEqual([...ACCOUNT_EXPORT_KEYS.gameRun]);
    expect(data.gameRuns.map((r: any) => r.verified).sort()).toEqual([false, true, true]);
    expect(data.contactMessages).toHaveLength(1);
    expect(Object.keys(data.contactMessages[0])).toEqual([...ACCOUNT_EXPORT_KEYS.contactMessage]);
    expect(data.contactMessages[0].subject).toBe('About my runs');

    // Nothing secret, nothing of anyone else.
    const stored = await app.strapi.db.connection('up_users').where({ id: alice.user.id }).first();
    expect(text).not.toContain(stored.password);
    expect(text).not.toMatch(/\$2[aby]\$/);
    expect(text).not.toContain(alice.token);
    expect(text).not.toContain(stored.telegram_id);
    for (const secretKey of ['password', 'sessionVersion', 'telegramId', 'guestSecretHash', 'playerKey', 'sessionId', 'token', 'resetPasswordToken', 'id']) {
      expect(text).not.toContain(`"${secretKey}"`);
    }
    expect(text).not.toContain(bob.user.username);
    expect(text).not.toContain(bob.user.email);
  });

  it('holds only messages the account sent while signed in: never one sent from its email address by someone else', async () => {
    // Someone writes to the team as a partner, signed out; a stranger then registers with that unchecked address.
    const partnerEmail = `${unique('ceo')}@partner.example`;
    const written = await app.http.post('/api/contact', {
      name: 'The real CEO',
      email: partnerEmail,
      subject: 'Confidential terms',
      message: 'Our confidential offer is attached.',
    });
    expect(written.status).toBe(201);
    const stranger = await register(unique('stranger'), { email: partnerEmail });
    // A message planted under the stranger's address by a third party, signed out, is not theirs either.
    await app.http.post('/api/contact', { name: 'Planter', email: partnerEmail, subject: 'Planted', message: 'A message planted in another export.' });
    const own = await app.http.post(
      '/api/contact',
      { name: 'Stranger', email: partnerEmail, subject: 'My own question', message: 'This one I wrote myself.' },
      stranger.token,
    );
    expect(own.status).toBe(201);
    const data = JSON.parse((await exportData(stranger.token)).text);
    expect(data.contactMessages.map((m: any) => m.subject)).toEqual(['My own question']);
    const everything = JSON.stringify(data);
    expect(everything).not.toContain('Confidential');
    expect(everything).not.toContain('Planted');
  });

  it("another user's token gets that user's own file, none of the owner's data", async () => {
    const owner = await playerWithData(unique('owner'));
    const other = await register(unique('other'));
    const response = await exportData(other.token);
    expect(response.status).toBe(200);
    const data = JSON.parse(response.text);
    expect(data.account.username).toBe(other.user.username);
    expect(data.gameRuns).toEqual([]);
    expect(data.contactMessages).toEqual([]);
    expect(data.chatAccounts).toEqual([]);
    expect(response.text).not.toContain(owner.user.username);
  });

  it('pages through every run, newest first, past one page of reads', async () => {
    const account = await register(unique('many'));
    const knex = app.strapi.db.connection;
    const base = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: 2345 }, (_, i) => ({
      document_id: `many${account.user.id}x${i}`,
      score: 300,
      level: 3,
      time_elapsed: 125,
      bonus_points: 875,
      total_points: 1175 + (i % 7),
      session_id: `many-${account.user.id}-${i}`,
      // Some runs share a moment: the keyset still takes each exactly once.
      played_date: base + Math.floor(i / 3) * 1000,
      verified: false,
      player_key: `u:${account.user.id}`,
    }));
    for (let i = 0; i < rows.length; i += 100) await knex('game_scores').insert(rows.slice(i, i + 100));
    const response = await exportData(account.token);
    expect(response.status).toBe(200);
    const runs = JSON.parse(response.text).gameRuns;
    expect(runs).toHaveLength(2345);
    const times = runs.map((r: any) => Date.parse(r.playedDate));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(runs[0].playedDate).toBe(new Date(base + Math.floor(2344 / 3) * 1000).toISOString());
  });

  it('is limited per user (429 with Retry-After); another user is still served', async () => {
    const account = await register();
    for (let i = 0; i < 3; i++) expect((await exportData(account.token)).status).toBe(200);
    const limited = await exportData(account.token);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await exportData((await register()).token)).status).toBe(200);
  });
});

describe('delete my account', () => {
  it('refuses a wrong password next to its field and keeps everything', async () => {
    const account = await playerWithData();
    const before = await remainsOf(account.user.id);
    const response = await deleteAccount(account.token, { password: 'Wr0ng!Pass' });
    expect(response.status).toBe(400);
    expect(response.body.error.details.errors).toEqual([{ path: ['password'], message: 'Password is incorrect' }]);
    expect(await remainsOf(account.user.id)).toEqual(before);
    expect((await profile(account.token)).status).toBe(200);
  });

  it("another user's token never deletes the owner's account, even with the owner's password", async () => {
    const owner = await playerWithData();
    const other = await register();
    const before = await remainsOf(owner.user.id);
    // Both passwords are STRONG here: the route acts on the caller only, so the caller is the one deleted.
    const response = await deleteAccount(other.token, { password: STRONG });
    expect(response.status).toBe(200);
    expect(await remainsOf(other.user.id)).toMatchObject({ user: 0 });
    expect(await remainsOf(owner.user.id)).toEqual(before);
    expect((await profile(owner.token)).status).toBe(200);
  });

  it('deletes in one transaction: a failure in the middle leaves the account whole', async () => {
    const account = await playerWithData();
    const runIds = await runIdsOf(account.user.id);
    const before = await remainsOf(account.user.id);
    expect(before).toMatchObject({ user: 1, runs: 6, codes: 1, figures: 1 });
    const boardBefore = await board();
    expect(boardBefore).toContain(account.user.username);

    const removal = app.strapi.service('api::account.account-removal') as any;
    // Runs and codes are gone by the time the sessions step fails.
    const spy = jest.spyOn(removal, 'removeSessions').mockRejectedValueOnce(new Error('injected failure'));
    try {
      const response = await deleteAccount(account.token, { password: STRONG });
      expect(response.status).toBe(500);
    } finally {
      spy.mockRestore();
    }

    expect(await remainsOf(account.user.id)).toEqual(before);
    expect(await ticketsOfRuns(runIds)).toBe(1);
    expect((await profile(account.token)).status).toBe(200);
    expect((await login(account.user.username, STRONG)).status).toBe(200);
    expect((await app.http.get(`/api/users/${account.user.id}/stats`, account.token)).body.gamesPlayed).toBe(3);
    expect(await board()).toContain(account.user.username);
  });

  it('takes the user, codes, chat link, runs, tickets and sessions; leaves every board at once; keeps contact messages', async () => {
    const account = await playerWithData();
    const id = account.user.id;
    const otherDevice = (await login(account.user.username, STRONG)).body.token as string;
    const runIds = await runIdsOf(id);
    expect(await ticketsOfRuns(runIds)).toBe(1);
    // Boards read (and cached) before the deletion.
    for (const period of ['all', 'week', 'day']) expect(await board(period)).toContain(account.user.username);

    const response = await deleteAccount(account.token, { password: STRONG });
    expect(response.status).toBe(200);

    expect(await remainsOf(id)).toEqual({ user: 0, runs: 0, codes: 0, figures: 0, bests: 0 });
    expect(await ticketsOfRuns(runIds)).toBe(0);
    expect(await app.strapi.db.query(GAME_SCORE).count({ where: { id: { $in: runIds } } })).toBe(0);
    expect(await app.strapi.db.query(UID.code).count({ where: { user: { id } } })).toBe(0);
    expect(
      await app.strapi.db
        .connection('up_users')
        .where({ telegram_id: `${900000 + id}` })
        .first(),
    ).toBeUndefined();
    for (const period of ['all', 'week', 'day']) expect(await board(period)).not.toContain(account.user.username);

    // Every earlier token and the credentials are refused.
    expect((await profile(account.token)).status).toBe(401);
    expect((await profile(otherDevice)).status).toBe(401);
    expect((await exportData(account.token)).status).toBe(401);
    expect((await login(account.user.username, STRONG)).status).toBe(401);

    // The contact message stays for the team, with nothing pointing at the account.
    const kept = await app.strapi.db.connection('contact_messages').whereRaw('lower(email) = lower(?)', [account.user.email]);
    expect(kept).toHaveLength(1);
    expect(kept[0].sender_account_id).toBeNull();
  });

  it("leaves the final standings of ended seasons at once, in the API and on the season's page", async () => {
    const account = await register(unique('veteran'));
    const twoWeeksAgo = new Date(Date.now() - 14 * 24 * 3600_000);
    await storeRun(app, { user: account.user.id }, { totalPoints: 4242, verified: true, playedDate: twoWeeksAgo });
    const monday = seasonKeyOf(twoWeeksAgo);
    const standings = async () => (await app.http.get(`/api/leaderboard/seasons/${monday}?limit=100`)).body.entries.map((e: any) => e.player) as string[];
    const page = async () => (await app.http.agent.get(`/leaderboard?season=${monday}`).set('Accept', 'text/html')).text;
    // Read, and kept by the site's caches, before the deletion.
    for (let i = 0; i < 2; i += 1) {
      expect(await standings()).toContain(account.user.username);
      await page();
    }
    expect((await deleteAccount(account.token, { password: STRONG })).status).toBe(200);
    expect(await standings()).not.toContain(account.user.username);
    expect(await page()).not.toContain(account.user.username);
  });

  it('the around-me rank of others closes the gap at once', async () => {
    const top = await register(unique('top'));
    const next = await register(unique('next'));
    await storeRun(app, { user: top.user.id }, { totalPoints: 99_000, verified: true });
    await storeRun(app, { user: next.user.id }, { totalPoints: 98_000, verified: true });
    const rankOf = async () => (await app.http.get('/api/leaderboard?period=all', next.token)).body.me.rank as number;
    const before = await rankOf();
    expect((await deleteAccount(top.token, { password: STRONG })).status).toBe(200);
    expect(await rankOf()).toBe(before - 1);
  });

  it('the username and email can register again, as a new account with no history', async () => {
    const account = await playerWithData();
    expect((await deleteAccount(account.token, { password: STRONG })).status).toBe(200);
    const again = await app.http.post('/api/auth/register', { username: account.user.username, email: account.user.email, password: NEWER });
    expect(again.status).toBe(200);
    expect(again.body.user.id).not.toBe(account.user.id);
    const fresh = again.body as Account;
    expect((await app.http.get(`/api/users/${fresh.user.id}/stats`, fresh.token)).body).toEqual({ gamesPlayed: 0, totalPoints: 0, highScore: 0 });
    expect((await app.http.get(`/api/users/${fresh.user.id}/game-history`, fresh.token)).body.games).toEqual([]);
    expect((await app.http.get(`/api/users/${fresh.user.id}/telegram-link`, fresh.token)).body).toEqual({
      isLinked: false,
      telegramUsername: null,
      notices: false,
    });
    // The old token does not open the new account.
    expect((await profile(account.token)).status).toBe(401);
  });
});

describe("the panel's Users list: the same cascade", () => {
  let panelToken = '';
  const panel = () => request(app.strapi.server.httpServer);

  beforeAll(async () => {
    const role = await app.strapi.db.query('admin::role').findOne({ where: { code: 'strapi-super-admin' } });
    await app.strapi.service('admin::user').create({
      email: 'users-admin@example.com',
      firstname: 'Users',
      lastname: 'Admin',
      password: 'Panel-Pass-123',
      isActive: true,
      registrationToken: null,
      roles: [role.id],
    });
    const signedIn = await panel().post('/admin/login').send({ email: 'users-admin@example.com', password: 'Panel-Pass-123' });
    panelToken = signedIn.body.data.token ?? signedIn.body.data.accessToken;
  });

  const documentIdOf = async (id: number) => (await app.strapi.db.query(UID.user).findOne({ where: { id }, select: ['documentId'] })).documentId as string;

  it('deleting a user in the panel takes the runs, tickets, codes and sessions and leaves the boards', async () => {
    const account = await playerWithData();
    const runIds = await runIdsOf(account.user.id);
    expect(await board()).toContain(account.user.username);

    const response = await panel()
      .delete(`/content-manager/collection-types/${UID.user}/${await documentIdOf(account.user.id)}`)
      .set('Authorization', `Bearer ${panelToken}`);
    expect(response.status).toBe(200);

    expect(await remainsOf(account.user.id)).toEqual({ user: 0, runs: 0, codes: 0, figures: 0, bests: 0 });
    expect(await ticketsOfRuns(runIds)).toBe(0);
    expect(await board()).not.toContain(account.user.username);
    expect((await profile(account.token)).status).toBe(401);
    expect((await login(account.user.username, STRONG)).status).toBe(401);
    expect(await app.strapi.db.query(UID.contact).count({ where: { email: account.user.email.toUpperCase() } })).toBe(1);
  });

  it("the panel's bulk delete does the same for each user", async () => {
    const first = await playerWithData();
    const second = await playerWithData();
    const response = await panel()
      .post(`/content-manager/collection-types/${UID.user}/actions/bulkDelete`)
      .set('Authorization', `Bearer ${panelToken}`)
      .send({ documentIds: [await documentIdOf(first.user.id), await documentIdOf(second.user.id)] });
    expect(response.status).toBe(200);
    for (const account of [first, second]) {
      expect(await remainsOf(account.user.id)).toEqual({ user: 0, runs: 0, codes: 0, figures: 0, bests: 0 });
      expect(await board()).not.toContain(account.user.username);
    }
  });
});
