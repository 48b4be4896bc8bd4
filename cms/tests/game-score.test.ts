import crypto from 'crypto';
import { LEVELS } from '@haic/contract';
import { createUser, startTestApp, type TestApp } from './helpers/strapi';

const URL = '/api/game/nursehelpme/score';
const UID = 'api::game-score.game-score';

const coinsThrough = (level: number) => LEVELS.slice(0, level).reduce((sum, l) => sum + l.coins.length, 0);

/** A submission the game could have produced: `coins` collected by `level`, `seconds` played. */
function result(level: number, coins: number, seconds: number) {
  const score = level * 100 + coins * 10;
  const bonusPoints = Math.max(0, 1000 - seconds);
  return {
    score,
    level,
    timeElapsed: seconds,
    bonusPoints,
    totalPoints: score + bonusPoints,
    sessionId: crypto.randomUUID(),
  };
}

let app: TestApp;
let wallet = 0;
const guestWallet = () => `GUEST_${String(++wallet).padStart(8, '0')}`;

const rowsFor = (sessionId: string) => app.strapi.db.query(UID).findMany({ where: { sessionId }, populate: ['user'] });

beforeAll(async () => {
  app = await startTestApp();
  // Listen once: supertest would otherwise open and close the server around every request, which
  // resets the connections of requests running at the same time (the concurrency test below).
  await new Promise<void>((resolve) => app.strapi.server.httpServer.listen(0, '127.0.0.1', () => resolve()));
});

afterAll(async () => {
  await app.stop();
});

describe('POST /api/game/nursehelpme/score stores', () => {
  it('a guest score under the guest wallet id', async () => {
    const body = { ...result(3, 40, 125), XRPLWallet: 'GUEST_AB12CD34' };
    const response = await app.http.post(URL, body);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      totalPoints: 300 + 400 + 875,
      score: 700,
      level: 3,
    });
    expect(response.body.id).toEqual(expect.any(Number));

    const rows = await rowsFor(body.sessionId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      guestWallet: 'GUEST_AB12CD34',
      user: null,
      score: 700,
      level: 3,
      timeElapsed: 125,
      bonusPoints: 875,
      totalPoints: 1575,
    });
    expect(Date.now() - new Date(rows[0].playedDate).getTime()).toBeLessThan(60_000);
  });

  it("a logged-in user's score on their account", async () => {
    const { user, token } = await createUser(app, 'scorer1');
    const body = { ...result(10, coinsThrough(10), 1500), userId: user.id };
    const response = await app.http.post(URL, body, token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      totalPoints: body.score,
      bonusPoints: 0,
    });

    const rows = await rowsFor(body.sessionId);
    expect(rows).toHaveLength(1);
    expect(rows[0].user?.id).toBe(user.id);
    expect(rows[0].guestWallet).toBeNull();
  });

  it('the lowest possible game (level 1, no coins, a slow game)', async () => {
    const body = { ...result(1, 0, 4000), XRPLWallet: guestWallet() };
    const response = await app.http.post(URL, body);
    expect(response.status).toBe(200);
    expect(response.body.totalPoints).toBe(100);
  });
});

describe('POST /api/game/nursehelpme/score refuses, storing nothing,', () => {
  const guest = (overrides: Record<string, unknown>, base = result(2, 10, 60)) => ({
    ...base,
    XRPLWallet: guestWallet(),
    ...overrides,
  });

  const cases: Array<[string, () => Record<string, unknown>, RegExp]> = [
    ['level 0', () => guest({ level: 0, score: 0, totalPoints: 940 }), /level/],
    ['level 11', () => guest({ level: 11, score: 1100, totalPoints: 2040 }), /level must be between 1 and 10/],
    ['a fractional level', () => guest({ level: 1.5 }), /level must be a whole number/],
    ['a negative score', () => guest({ score: -10 }), /score must not be negative/],
    ['a fractional timeElapsed', () => guest({ timeElapsed: 60.5 }), /timeElapsed must be a whole number/],
    ['a number sent as text', () => guest({ score: '300' }), /score must be a whole number/],
    ['a missing totalPoints', () => guest({ totalPoints: undefined }), /totalPoints is required/],
    ['a score that is not level*100 plus a multiple of 10', () => guest({ score: 305, totalPoints: 1245 }), /score must be level\*100/],
    ['a score below level*100', () => guest({ score: 190, totalPoints: 1130 }), /score must be level\*100/],
    ['more coins than levels 1..level hold', () => guest({}, result(2, coinsThrough(2) + 1, 60)), new RegExp(`at most ${coinsThrough(2)} coins by level 2`)],
    ['a wrong bonus', () => guest({ bonusPoints: 1000, totalPoints: 1300 }), /bonusPoints must be/],
    ['a negative bonus', () => guest({}, { ...result(1, 0, 1200), bonusPoints: -200, totalPoints: -100 }), /bonusPoints must not be negative/],
    ['a wrong total', () => guest({ totalPoints: 99999 }), /totalPoints must be score \+ bonusPoints/],
    ['a missing sessionId', () => guest({ sessionId: undefined }), /sessionId is required/],
    ['a sessionId with odd characters', () => guest({ sessionId: 'abc def; drop table' }), /sessionId must be/],
    ['a sessionId over 100 characters', () => guest({ sessionId: 'a'.repeat(101) }), /sessionId must be/],
    ['a guest without a wallet', () => ({ ...result(2, 10, 60) }), /XRPLWallet is required/],
    ['a wallet in lowercase', () => guest({ XRPLWallet: 'GUEST_ab12cd34' }), /XRPLWallet must be/],
    ['a wallet too short', () => guest({ XRPLWallet: 'GUEST_AB12CD3' }), /XRPLWallet must be/],
    ['a wallet without the prefix', () => guest({ XRPLWallet: 'rAB12CD34EF' }), /XRPLWallet must be/],
  ];

  it.each(cases)('%s (400)', async (_name, build, message) => {
    const body = build();
    const response = await app.http.post(URL, body);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(message);
    if (typeof body.sessionId === 'string') expect(await rowsFor(body.sessionId)).toHaveLength(0);
  });

  it('a body that is not an object (400)', async () => {
    const response = await app.http.post(URL, [1, 2, 3] as unknown as object);
    expect(response.status).toBe(400);
  });

  it('a userId without a token (401)', async () => {
    const { user } = await createUser(app, 'scorer2');
    const body = { ...result(1, 5, 30), userId: user.id };
    const response = await app.http.post(URL, body);
    expect(response.status).toBe(401);
    expect(response.body.error.message).toMatch(/login token is required/);
    expect(await rowsFor(body.sessionId)).toHaveLength(0);
  });

  it('a userId with an invalid token (401)', async () => {
    const { user } = await createUser(app, 'scorer3');
    const body = { ...result(1, 5, 30), userId: user.id };
    const response = await app.http.post(URL, body, 'not-a-jwt');
    expect(response.status).toBe(401);
    expect(response.body.error.message).toMatch(/sign in again/);
    expect(await rowsFor(body.sessionId)).toHaveLength(0);
  });

  it("someone else's userId (403)", async () => {
    const { user: victim } = await createUser(app, 'scorer4');
    const { token } = await createUser(app, 'scorer5');
    const body = { ...result(1, 5, 30), userId: victim.id };
    const response = await app.http.post(URL, body, token);
    expect(response.status).toBe(403);
    expect(response.body.error.message).toMatch(/your own account/);
    expect(await rowsFor(body.sessionId)).toHaveLength(0);
  });
});

describe('the same sessionId', () => {
  it('posted 20 times at once is stored once and answered as success every time', async () => {
    const body = { ...result(4, 30, 200), XRPLWallet: guestWallet() };
    await app.http.xsrfToken();
    const responses = await Promise.all(Array.from({ length: 20 }, () => app.http.post(URL, body)));
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.body.success).toBe(true);
    }
    const rows = await rowsFor(body.sessionId);
    expect(rows).toHaveLength(1);
    expect(new Set(responses.map((r) => r.body.id))).toEqual(new Set([rows[0].id]));
  });

  it('posted again later by the same user is answered with the stored score', async () => {
    const { user, token } = await createUser(app, 'scorer6');
    const body = { ...result(2, 3, 90), userId: user.id };
    const first = await app.http.post(URL, body, token);
    const second = await app.http.post(URL, body, token);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      success: true,
      id: first.body.id,
      totalPoints: first.body.totalPoints,
    });
    expect(await rowsFor(body.sessionId)).toHaveLength(1);
  });

  it('used by another submitter is refused', async () => {
    const body = { ...result(2, 3, 90), XRPLWallet: guestWallet() };
    expect((await app.http.post(URL, body)).status).toBe(200);
    const response = await app.http.post(URL, {
      ...body,
      XRPLWallet: guestWallet(),
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/already been used/);
    const rows = await rowsFor(body.sessionId);
    expect(rows).toHaveLength(1);
    expect(rows[0].guestWallet).toBe(body.XRPLWallet);
  });

  it('is unique in the database itself', async () => {
    // A unique index on session_id backs the service's catch of a duplicate insert.
    const indexes: Array<{ sql: string }> = await app.strapi.db.connection.raw(
      "select sql from sqlite_master where type = 'index' and tbl_name = 'game_scores'",
    );
    expect(indexes.map((index) => index.sql)).toContainEqual(expect.stringMatching(/CREATE UNIQUE INDEX .* \(`session_id`\)/));
  });
});
