/**
 * GET /api/leaderboard: a board of players, each once with their best verified run, best total first,
 * ties to the earlier run, period windows that roll over, guest masking, usernames only, limits, the
 * signed-in player's own rank among players, and a 400 for bad queries.
 */
import { storeRun, type StoredRunOwner } from './helpers/runs';
import { createUser, startTestApp, type TestApp } from './helpers/strapi';

let app: TestApp;

const DAY = 24 * 60 * 60 * 1000;

/** A run of `totalPoints` played at `playedDate` (verified unless said otherwise). */
const run = (owner: StoredRunOwner, totalPoints: number, playedDate: Date, verified = true) =>
  storeRun(app, owner, { totalPoints, score: 100, level: 1, timeElapsed: 1000 - (totalPoints - 100), playedDate, verified });

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
  it('all time: each player once with their best verified run, best first, usernames and masked guests', async () => {
    const response = await board();
    expect(response.status).toBe(200);
    expect(response.body.period).toBe('all');
    expect(response.body.entries.map((e: any) => [e.rank, e.player, e.totalPoints])).toEqual([
      [1, 'alice', 990],
      [2, 'GUEST_AB…GH', 950],
      [3, 'bob', 900],
    ]);
    const entry = response.body.entries[0];
    expect(Object.keys(entry).sort()).toEqual(
      ['bonusPoints', 'level', 'playedDate', 'player', 'rank', 'runId', 'score', 'timeElapsed', 'totalPoints', 'walletVerified'].sort(),
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
    // Today both have 900: the tie goes to the earlier run.
    expect(day.body.entries.map((e: any) => [e.rank, e.player, e.totalPoints])).toEqual([
      [1, 'bob', 900],
      [2, 'alice', 900],
    ]);

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

  it('a best run of an earlier day or week stays in its own window: the new one starts from the runs played in it', async () => {
    const carol = await createUser(app, 'carol');
    await run({ user: carol.user.id }, 1500, new Date(now - 8 * DAY));
    await run({ user: carol.user.id }, 800, new Date(now - 2000));
    await new Promise((resolve) => setTimeout(resolve, 5200));
    const all = await board('', carol.token);
    expect(all.body.me).toMatchObject({ rank: 1, player: 'carol', totalPoints: 1500 });
    const day = await board('?period=day', carol.token);
    expect(day.body.me).toMatchObject({ rank: 3, player: 'carol', totalPoints: 800 });
    expect(day.body.entries.filter((e: any) => e.player === 'carol')).toEqual([expect.objectContaining({ totalPoints: 800 })]);
    const week = await board('?period=week', carol.token);
    expect(week.body.me).toMatchObject({ player: 'carol', totalPoints: 800 });
  });

  it('holds the top 50 players by default, and a signed-in player outside it gets their own rank among players', async () => {
    // 60 players (guests), and one more run of one of them that is not their best: still 60 rows.
    await Promise.all(Array.from({ length: 60 }, (_, i) => run({ guestWallet: `GUEST_FILL${String(i).padStart(4, '0')}` }, 2000 + i, new Date(now - 10_000))));
    await run({ guestWallet: 'GUEST_FILL0059' }, 2001, new Date(now - 9000));
    // A new verified run clears the cache; rows written directly need the cache to expire (5 s).
    await new Promise((resolve) => setTimeout(resolve, 5200));
    const response = await board('', bob.token);
    expect(response.status).toBe(200);
    expect(response.body.entries).toHaveLength(50);
    expect(response.body.entries[0]).toMatchObject({ rank: 1, player: 'GUEST_FI…59', totalPoints: 2059 });
    expect(new Set(response.body.entries.map((e: any) => e.player)).size).toBe(50);
    // Ahead of bob: the 60 fillers, carol (1500), alice (990) and the guest (950).
    expect(response.body.me).toMatchObject({ rank: 64, player: 'bob', totalPoints: 900 });
    expect(response.headers['cache-control']).toMatch(/private/);

    const mine = await board('?period=all&limit=1', alice.token);
    expect(mine.body.me).toMatchObject({ rank: 62, player: 'alice', totalPoints: 990 });
    const none = await board('?period=day', (await createUser(app, 'newbie')).token);
    expect(none.body.me).toBeNull();
  });
});
