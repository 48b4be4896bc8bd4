/**
 * What keeps a growing site as fast as a new one, checked where a user would notice it going wrong:
 * every query a visit, a search, a sign-in, a registration, a data export, a password change or an account's deletion makes reads through an index (the tables grow with
 * every player, run, post and news item); registering one name in several cases at once makes one
 * account; and game history pages stay complete and in order however deep they go.
 * The timings at a year's volumes live in tests/perf/data-scale.mjs.
 */
import { storeRun } from './helpers/runs';
import { createUser, startTestApp, type TestApp } from './helpers/strapi';
import { newWallet, signText } from './helpers/xrpl';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  // Listening once, so that requests sent together reach one server (supertest would listen per request).
  await new Promise<void>((resolve) => app.strapi.server.httpServer.listen(0, '127.0.0.1', () => resolve()));
  await app.http.xsrfToken();
});

afterAll(async () => {
  await app?.stop();
});

const PASSWORD = 'Str0ng!Pass';
/** The tables that grow with use (settings, roles and permissions stay the size the site was set up with). */
const GROWING_TABLES = /^(game_scores|up_users|news_items|blog_posts|contact_messages|linking_codes|haic_)/;

/** Runs `visit` and returns every select (and every delete, which finds its rows the same way) it sent to the database, each once. */
async function selectsDuring(visit: () => Promise<void>) {
  const selects = new Map<string, unknown[]>();
  const listener = (query: { sql: string; bindings?: unknown[] }) => {
    if (/^\s*(select|delete)/i.test(query.sql)) selects.set(query.sql, query.bindings ?? []);
  };
  app.strapi.db.connection.on('query', listener);
  try {
    await visit();
  } finally {
    app.strapi.db.connection.removeListener('query', listener);
  }
  return [...selects];
}

it('every query of a visit, a sign-in, a registration and the account routes reads through an index, none scans a table', async () => {
  const player = await createUser(app, 'planner');
  for (let i = 0; i < 3; i++) await storeRun(app, { user: player.user.id }, { verified: true });
  const leaving = await createUser(app, 'leaving');
  for (let i = 0; i < 3; i++) await storeRun(app, { user: leaving.user.id }, { verified: true });
  await app.http.post(`/api/users/${leaving.user.id}/generate-linking-code`, {}, leaving.token);
  await app.http.post('/api/contact', { name: 'Planner', email: 'planner@example.com', subject: 'Plans ahead', message: 'A message from the planner.' });
  const guestRun = await storeRun(app, { guestWallet: 'GUEST_PLANNER1' }, { verified: true, totalPoints: 5000 });
  const lastSeason = new Date(Date.now() - 7 * 24 * 3600 * 1000).toISOString();

  const selects = await selectsDuring(async () => {
    // The XRPL wallet link: a challenge, the signed link, its visibility (then the board joins it).
    const wallet = `/api/users/${player.user.id}/wallet`;
    const keys = newWallet();
    const { message } = (await app.http.post(`${wallet}/challenge`, {}, player.token)).body;
    expect((await app.http.post(wallet, { address: keys.address, publicKey: keys.publicKey, signature: signText(message, keys) }, player.token)).status).toBe(
      200,
    );
    expect((await app.http.put(wallet, { addressPublic: true }, player.token)).status).toBe(200);
    const signedIn = [
      wallet,
      '/api/leaderboard',
      '/api/leaderboard?period=day',
      '/api/leaderboard?period=week',
      `/api/users/${player.user.id}/stats`,
      `/api/users/${player.user.id}/game-history?pageNumber=1&pageSize=10`,
      `/api/users/${player.user.id}/game-history?pageNumber=9&pageSize=10`,
      '/api/users/profile',
      // Around me: the player ranks below the one row asked for.
      '/api/leaderboard?limit=1',
      `/api/runs/${guestRun.documentId}`,
      `/runs/${guestRun.documentId}`,
    ];
    for (const url of signedIn) expect((await app.http.get(url, player.token)).status).toBe(200);
    expect(
      (
        await app.http.agent
          .delete(wallet)
          .set('Authorization', `Bearer ${player.token}`)
          .set('X-XSRF-TOKEN', await app.http.xsrfToken())
      ).status,
    ).toBe(204);
    const season = (await import('@haic/contract')).seasonKeyOf(new Date(lastSeason));
    expect((await app.http.get(`/api/leaderboard/seasons/${season}`)).status).toBe(200);
    // Search: a word, a typo (the vocabulary's lookups), a phrase on one type, a deep page.
    const searches = [
      '/api/search?q=planner',
      '/api/search?q=plannre',
      '/api/search?q=%22the%20planner%22&type=players',
      '/api/search?q=planner&page=90&pageSize=10',
    ];
    for (const url of [
      '/api/news/aggregate',
      '/api/blog?pageNumber=1&pageSize=5',
      '/api/blog?pageNumber=40&pageSize=5',
      '/blog',
      '/sitemap.xml',
      '/sitemap-pages.xml',
      '/blog/rss.xml',
      ...searches,
    ]) {
      expect((await app.http.get(url)).status).toBeLessThan(500);
    }
    expect((await app.http.post('/api/auth/login', { username: 'PLANNER', password: 'Passw0rd!x' })).status).toBe(200);
    expect((await app.http.post('/api/auth/register', { username: 'newcomer', email: 'newcomer@example.com', password: PASSWORD })).status).toBe(200);
    expect((await app.http.get('/api/users/export', player.token)).status).toBe(200);
    expect((await app.http.put('/api/users/password', { currentPassword: 'Passw0rd!x', newPassword: PASSWORD }, player.token)).status).toBe(200);
    expect((await app.http.post('/api/users/delete-account', { password: 'Passw0rd!x' }, leaving.token)).status).toBe(200);
  });

  const scans: string[] = [];
  for (const [sql, bindings] of selects) {
    const plan: { detail: string }[] = await app.strapi.db.connection.raw(`explain query plan ${sql}`, bindings);
    const tableOf = new Map([...sql.matchAll(/`(\w+)` as `(\w+)`/g)].map(([, table, alias]) => [alias, table]));
    // "SCAN t" reads every row; "SCAN t USING INDEX i" walks an index in the order asked for, stopping at the limit.
    const fullScans = plan.filter((step) => {
      const scanned = /^SCAN (\S+)$/.exec(step.detail)?.[1];
      return scanned !== undefined && GROWING_TABLES.test(tableOf.get(scanned) ?? scanned);
    });
    if (fullScans.length) scans.push(`${sql}\n  ${fullScans.map((step) => step.detail).join('\n  ')}`);
  }
  expect(selects.length).toBeGreaterThan(10);
  expect(scans).toEqual([]);
});

it('one name registered in several cases at once makes one account; the others are told it is taken', async () => {
  const spellings = ['Racer', 'racer', 'RACER', 'rAcEr', 'RaCeR', 'racER'];
  const answers = await Promise.all(
    spellings.map((username, i) => app.http.post('/api/auth/register', { username, email: `racer${i}@example.com`, password: PASSWORD })),
  );
  expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
  for (const answer of answers.filter((a) => a.status !== 200)) {
    expect(answer.status).toBe(400);
    expect(answer.body.error.details.errors).toEqual([expect.objectContaining({ path: ['username'], message: 'Username is already taken' })]);
  }

  const emails = await Promise.all(
    ['Same@Example.com', 'same@example.com', 'SAME@EXAMPLE.COM'].map((email, i) =>
      app.http.post('/api/auth/register', { username: `samemail${i}`, email, password: PASSWORD }),
    ),
  );
  expect(emails.filter((answer) => answer.status === 200)).toHaveLength(1);
  for (const answer of emails.filter((a) => a.status !== 200)) {
    expect(answer.status).toBe(400);
    expect(answer.body.error.details.errors).toEqual([expect.objectContaining({ path: ['email'], message: 'Email is already registered' })]);
  }
});

it('game history pages, however deep, hold every run once, newest first (ties: the later stored first)', async () => {
  const player = await createUser(app, 'historian');
  const start = Date.UTC(2026, 0, 1);
  const stored: { id: number; playedAt: number }[] = [];
  for (let i = 0; i < 23; i++) {
    // Three runs share each minute: the order between them is the order they were stored in, reversed.
    const playedAt = start + Math.floor(i / 3) * 60_000;
    const row = await storeRun(app, { user: player.user.id }, { totalPoints: 1000 + i, playedDate: new Date(playedAt) });
    stored.push({ id: row.id, playedAt });
  }
  const expected = [...stored].sort((a, b) => b.playedAt - a.playedAt || b.id - a.id).map((run) => 1000 + stored.indexOf(run));

  const seen: number[] = [];
  for (let page = 1; page <= 3; page++) {
    const response = await app.http.get(`/api/users/${player.user.id}/game-history?pageNumber=${page}&pageSize=10`, player.token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ totalGames: 23, totalPages: 3, pageNumber: page, pageSize: 10 });
    seen.push(...response.body.games.map((game: { totalPoints: number }) => game.totalPoints));
  }
  expect(seen).toEqual(expected);
  const beyond = await app.http.get(`/api/users/${player.user.id}/game-history?pageNumber=4&pageSize=10`, player.token);
  expect(beyond.body).toMatchObject({ games: [], totalGames: 23, totalPages: 3 });
});
