/**
 * The players' pages: GET /api/runs/:id (one run, public, with the verified run's log and seed), its
 * server-rendered page /runs/:id, the rows around a signed-in player beyond the top of the board, and a
 * weekly season's standings (GET /api/leaderboard/seasons/:season).
 */
import crypto from 'crypto';
import { InputLogPlayer, STEP_MS, finalResult, maskGuestWallet, seasonKeyOf, type ScoreResult } from '@haic/contract';
import { issueGuestIdentity } from '../src/api/game-score/guest-identity';
import { signTicket } from '../src/api/game-score/run-ticket';
import { storeRun, type StoredRunOwner } from './helpers/runs';
import { createUser, withTestApp } from './helpers/strapi';
import fullRun from '../../contract/test/fixtures/full-run.json';

const SCORE_URL = '/api/game/nursehelpme/score';
const DAY = 24 * 60 * 60 * 1000;

const app = withTestApp();

/** A run of `totalPoints` played at `playedDate` (verified unless said otherwise), stored as a submission stores it. */
const run = (owner: StoredRunOwner, totalPoints: number, playedDate = new Date(), verified = true) =>
  storeRun(app, owner, { totalPoints, score: 100, level: 1, timeElapsed: 1000 - (totalPoints - 100), playedDate, verified });

/** Waits out the board's 5 s cache (rows written straight to the database do not clear it). */
const boardCacheExpires = () => new Promise((resolve) => setTimeout(resolve, 5200));

describe('GET /api/runs/:id', () => {
  const { seed, inputLog, steps } = fullRun as { seed: number; inputLog: string; result: ScoreResult; steps: number };

  it("a verified run answers its public fields, log and seed; replayed by the browser's engine it reaches the server's verdict", async () => {
    // A guest the server issued an identity to, playing on a ticket issued to that guest.
    const guest = issueGuestIdentity();
    const ticket = signTicket(
      { runId: crypto.randomUUID(), seed, issuedAt: Date.now() - Math.ceil(steps * STEP_MS) },
      { userId: null, guestWallet: guest.XRPLWallet },
    );
    const submitted = await app.http.post(SCORE_URL, { ...fullRun.result, inputLog, seed, ticket, sessionId: crypto.randomUUID(), ...guest });
    expect(submitted.body).toMatchObject({ success: true, verified: true });

    const response = await app.http.get(`/api/runs/${submitted.body.documentId}`);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^public/);
    const stored = response.body;
    expect(Object.keys(stored).sort()).toEqual(
      ['bonusPoints', 'id', 'inputLog', 'level', 'playedDate', 'player', 'score', 'seed', 'timeElapsed', 'totalPoints', 'verified', 'walletVerified'].sort(),
    );
    expect(stored).toMatchObject({ id: submitted.body.documentId, player: maskGuestWallet(guest.XRPLWallet), verified: true, inputLog, seed });
    expect(JSON.stringify(stored)).not.toContain(guest.XRPLWallet);
    expect(JSON.stringify(stored)).not.toContain(guest.walletSecret);
    expect(JSON.stringify(stored)).not.toMatch(/sessionId|secret/i);

    const player = new InputLogPlayer(stored.inputLog, stored.seed);
    while (!player.ended) player.advance();
    const verdict = {
      level: stored.level,
      score: stored.score,
      timeElapsed: stored.timeElapsed,
      bonusPoints: stored.bonusPoints,
      totalPoints: stored.totalPoints,
    };
    expect(finalResult(player.state)).toEqual(verdict);
  });

  it('a run that does not rank says so: no log is given to replay', async () => {
    const unranked = await app.http.post(SCORE_URL, { ...fullRun.result, inputLog, seed, sessionId: crypto.randomUUID(), XRPLWallet: 'GUEST_UNRANKED' });
    expect(unranked.body.verified).toBe(false);
    const response = await app.http.get(`/api/runs/${unranked.body.documentId}`);
    expect(response.body).toMatchObject({ verified: false, inputLog: null, seed: null, totalPoints: fullRun.result.totalPoints });

    const user = await createUser(app, 'nolog');
    const old = await run({ user: user.user.id }, 700);
    const oldRun = await app.http.get(`/api/runs/${old.documentId}`);
    expect(oldRun.body).toMatchObject({ player: 'nolog', verified: true, inputLog: null, seed: null });
  });

  it('a malformed id is a 400 naming id, before any query; an unknown one is a 404', async () => {
    for (const bad of ['abc', 'A'.repeat(24), `${'a'.repeat(23)}-`, 'a'.repeat(25), 'x'.repeat(5000), '1%20or%201=1']) {
      const response = await app.http.get(`/api/runs/${bad}`);
      expect(response.status).toBe(400);
      expect(response.body.error.details.errors[0].path).toEqual(['id']);
    }
    const missing = await app.http.get(`/api/runs/${'z'.repeat(24)}`);
    expect(missing.status).toBe(404);
  });

  it("the run's page is rendered on the server: its HTML names the player, points, level and time, in its title and Open Graph tags", async () => {
    const user = await createUser(app, 'pagehero');
    const stored = await storeRun(app, { user: user.user.id }, { totalPoints: 1234, score: 400, level: 4, timeElapsed: 166, verified: true });
    const page = await app.http.get(`/runs/${stored.documentId}`);
    expect(page.status).toBe(200);
    const html = page.text;
    expect(html).toContain('<title>pagehero: 1,234 points, level 4 - HAIC</title>');
    expect(html).toMatch(/<meta property="og:title" content="pagehero: 1,234 points, level 4 - HAIC" \/>/);
    expect(html).toMatch(/<meta property="og:description" content="[^"]*pagehero[^"]*1,234 points[^"]*level 4[^"]*2:46/);
    expect(html).toMatch(/<h1[^>]*>[^<]*pagehero/);
    expect(html).toContain('No replay for this run');
    expect((await app.http.get(`/runs/${'z'.repeat(24)}`)).status).toBe(404);
    expect((await app.http.get('/runs/not-a-run')).status).toBe(404);
  });
});

describe('around me on GET /api/leaderboard', () => {
  it('a player ranked 60th gets ranks 58 to 62 with true ranks, in every period; a player in the top rows gets none', async () => {
    const now = Date.now();
    const me = await createUser(app, 'sixtieth');
    // 64 other players: 59 ahead of me, 5 behind, all played today.
    await Promise.all(
      Array.from({ length: 64 }, (_, i) =>
        run({ guestWallet: `GUEST_AR${String(i).padStart(6, '0')}` }, 5000 - i * 10 - (i >= 59 ? 5 : 0), new Date(now - 60_000)),
      ),
    );
    await run({ user: me.user.id }, 5000 - 59 * 10 + 2, new Date(now - 30_000));
    await boardCacheExpires();
    for (const period of ['all', 'week', 'day']) {
      const response = await app.http.get(`/api/leaderboard?period=${period}&limit=50`, me.token);
      expect(response.status).toBe(200);
      expect(response.body.entries).toHaveLength(50);
      expect(response.body.me).toMatchObject({ rank: 60, player: 'sixtieth' });
      expect(response.body.around.map((e: any) => e.rank)).toEqual([58, 59, 60, 61, 62]);
      expect(response.body.around[2]).toEqual(response.body.me);
      // Ranks agree with the board read from the top.
      const top = await app.http.get(`/api/leaderboard?period=${period}&limit=100`);
      const byRank = new Map(top.body.entries.map((e: any) => [e.rank, e.player]));
      for (const e of response.body.around) expect(byRank.get(e.rank)).toBe(e.player);
      for (const e of response.body.around) expect(e.runId).toMatch(/^[a-z0-9]{24}$/);
    }
    const leader = await app.http.get('/api/leaderboard?limit=100', me.token);
    expect(leader.body.me.rank).toBe(60);
    expect(leader.body.around).toEqual([]);
    // Anonymous: no me, no around.
    const anonymous = await app.http.get('/api/leaderboard');
    expect(anonymous.body.around).toBeUndefined();
  });
});

describe('GET /api/leaderboard/seasons/:season', () => {
  it("a past season holds that week's runs only, final and cacheable for good; the current season is live", async () => {
    const thisSeason = seasonKeyOf(new Date());
    const lastSeason = seasonKeyOf(new Date(Date.parse(`${thisSeason}T00:00:00Z`) - DAY));
    const lastMonday = Date.parse(`${lastSeason}T00:00:00Z`);
    const thisMonday = Date.parse(`${thisSeason}T00:00:00Z`);
    const a = await createUser(app, 'seasonal');
    const b = await createUser(app, 'lastweekonly');
    await run({ user: a.user.id }, 8000, new Date(lastMonday)); // the first moment of last week
    await run({ user: b.user.id }, 7000, new Date(thisMonday - 1)); // its last moment
    await run({ user: a.user.id }, 9000, new Date(lastMonday - 1)); // the week before
    await run({ user: a.user.id }, 9500, new Date(thisMonday)); // this week

    const last = await app.http.get(`/api/leaderboard/seasons/${lastSeason}`);
    expect(last.status).toBe(200);
    // Ended: shared caches keep it a year (until an account that leaves purges the board's tag); browsers briefly.
    expect(last.headers['cache-control']).toMatch(/^public, max-age=5, s-maxage=31536000\b/);
    expect(last.headers['surrogate-key']).toBe('board');
    expect(last.headers.etag).toBeTruthy();
    expect(last.body).toMatchObject({
      season: lastSeason,
      ended: true,
      startsAt: new Date(lastMonday).toISOString(),
      endsAt: new Date(thisMonday).toISOString(),
    });
    const mine = last.body.entries.filter((e: any) => ['seasonal', 'lastweekonly'].includes(e.player));
    expect(mine.map((e: any) => [e.player, e.totalPoints])).toEqual([
      ['seasonal', 8000],
      ['lastweekonly', 7000],
    ]);
    for (const e of last.body.entries) {
      expect(Date.parse(e.playedDate)).toBeGreaterThanOrEqual(lastMonday);
      expect(Date.parse(e.playedDate)).toBeLessThan(thisMonday);
    }

    const current = await app.http.get(`/api/leaderboard/seasons/${thisSeason}?limit=100`);
    expect(current.body.ended).toBe(false);
    expect(current.headers['cache-control']).toMatch(/^public, max-age=5, s-maxage=300\b/);
    expect(current.body.entries.find((e: any) => e.player === 'seasonal')).toMatchObject({ totalPoints: 9500 });
    expect(current.body.entries.find((e: any) => e.player === 'lastweekonly')).toBeUndefined();

    const empty = await app.http.get('/api/leaderboard/seasons/2020-01-06');
    expect(empty.body).toMatchObject({ ended: true, entries: [] });
  });

  it('a season that is not a Monday, or has not begun, is a 400 naming season; a bad limit names limit', async () => {
    const future = seasonKeyOf(new Date(Date.now() + 8 * DAY));
    for (const bad of ['2026-11-17', '2026-02-30', 'last-week', '2026-1-5', future, 'x'.repeat(3000)]) {
      const response = await app.http.get(`/api/leaderboard/seasons/${bad}`);
      expect(response.status).toBe(400);
      expect(response.body.error.details.errors[0].path).toEqual(['season']);
    }
    const limit = await app.http.get('/api/leaderboard/seasons/2026-11-16?limit=500');
    expect(limit.status).toBe(400);
    expect(limit.body.error.details.errors[0].path).toEqual(['limit']);
  });
});
