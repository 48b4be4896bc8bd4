/**
 * GET /api/leaderboard: verified runs only, best total first, ties to the earlier run, periods,
 * guest masking, usernames only, limits, the signed-in player's own rank, and a 400 for bad queries.
 */
import crypto from 'crypto';
import { createUser, startTestApp, type TestApp } from './helpers/strapi';

const UID = 'api::game-score.game-score';
let app: TestApp;


const DAY = 24 * 60 * 60 * 1000;

/** A stored run (rows straight into the table: the replay itself is covered in score-verification). */
async function run(owner: { user?: number; guestWallet?: string }, totalPoints: number, playedDate: Date, verified = true) {
  const score = 100;
  return app.strapi.db.query(UID).create({
    data: {
      user: owner.user ?? null,
      guestWallet: owner.guestWallet ?? null,
      score,
      level: 1,
      timeElapsed: 1000 - (totalPoints - score),
      bonusPoints: totalPoints - score,
      totalPoints,
      sessionId: crypto.randomUUID(),
      playedDate: playedDate.toISOString(),
      verified,
    },
  });
}

const board = async (query = '', token?: string) => {
  const response = await app.http.get(`/api/leaderboard${query}`, token);
  return response;
};

let alice: Awaited<ReturnType<typeof createUser>>;
let bob: Awaited<ReturnType<typeof createUser>>;
const now = Date.now();

beforeAll(async () => {
  app = await startTestApp();
  alice = await createUser(app, 'alice');
  bob = await createUser(app, 'bob');
  await run({ user: alice.user.id }, 900, new Date(now - 1000)); // today
  await run({ user: bob.user.id }, 900, new Date(now - 2000)); // same points, earlier: ranks first
  await run({ guestWallet: 'GUEST_ABCDEFGH' }, 950, new Date(now - 3 * DAY)); // this week or last
  await run({ user: alice.user.id }, 990, new Date(now - 40 * DAY)); // long ago
  await run({ user: bob.user.id }, 5000, new Date(now - 500), false); // unverified: never listed
});

afterAll(async () => {
  await app?.stop();
});

describe('GET /api/leaderboard', () => {
  it('all time: verified runs only, best first, ties to the earlier run, usernames and masked guests', async () => {
    const response = await board();
    expect(response.status).toBe(200);
    expect(response.body.period).toBe('all');
    expect(response.body.entries.map((e: any) => [e.rank, e.player, e.totalPoints])).toEqual([
      [1, 'alice', 990],
      [2, 'GUEST_AB…GH', 950],
      [3, 'bob', 900],
      [4, 'alice', 900],
    ]);
    const entry = response.body.entries[0];
    expect(Object.keys(entry).sort()).toEqual(
      ['bonusPoints', 'level', 'playedDate', 'player', 'rank', 'score', 'timeElapsed', 'totalPoints'].sort(),
    );
    expect(JSON.stringify(response.body)).not.toMatch(/@example\.com|GUEST_ABCDEFGH|guestSecret/);
    expect(response.body.me).toBeUndefined();
  });

  it('today only holds runs since midnight UTC; this week since Monday', async () => {
    const day = await board('?period=day');
    expect(day.body.period).toBe('day');
    const midnight = new Date();
    midnight.setUTCHours(0, 0, 0, 0);
    for (const e of day.body.entries) expect(new Date(e.playedDate).getTime()).toBeGreaterThanOrEqual(midnight.getTime());
    expect(day.body.entries.map((e: any) => e.totalPoints)).not.toContain(990);
    expect(day.body.entries.map((e: any) => e.player)).toEqual(expect.arrayContaining(['bob', 'alice']));

    const week = await board('?period=week');
    const monday = new Date(midnight);
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    for (const e of week.body.entries) expect(new Date(e.playedDate).getTime()).toBeGreaterThanOrEqual(monday.getTime());
    expect(week.body.entries.map((e: any) => e.totalPoints)).not.toContain(990);
  });

  it('limit: 1 to 100, default 50', async () => {
    expect((await board('?limit=2')).body.entries).toHaveLength(2);
    expect((await board('?limit=1')).body.entries[0].player).toBe('alice');
    for (const bad of ['0', '101', '-1', '2.5', 'ten', '1e2']) {
      const response = await board(`?limit=${bad}`);
      expect(response.status).toBe(400);
      expect(response.body.error.details.errors[0].path).toEqual(['limit']);
    }
    const period = await board('?period=month');
    expect(period.status).toBe(400);
    expect(period.body.error.message).toBe('period must be one of all, week, day');
  });

  it('holds the top 50 by default, and a signed-in player outside it gets their own best rank', async () => {
    const filler = await createUser(app, 'filler');
    await Promise.all(Array.from({ length: 60 }, (_, i) => run({ user: filler.user.id }, 2000 + i, new Date(now - 10_000))));
    // A new verified run clears the cache; rows written directly need the cache to expire (5 s).
    await new Promise((resolve) => setTimeout(resolve, 5200));
    const response = await board('', bob.token);
    expect(response.status).toBe(200);
    expect(response.body.entries).toHaveLength(50);
    expect(response.body.entries[0]).toMatchObject({ rank: 1, player: 'filler', totalPoints: 2059 });
    expect(response.body.me).toMatchObject({ rank: 63, player: 'bob', totalPoints: 900 });
    expect(response.headers['cache-control']).toMatch(/private/);

    const mine = await board('?period=all&limit=1', alice.token);
    expect(mine.body.me).toMatchObject({ rank: 61, player: 'alice', totalPoints: 990 });
    const none = await board('?period=day', (await createUser(app, 'newbie')).token);
    expect(none.body.me).toBeNull();
  });
});
