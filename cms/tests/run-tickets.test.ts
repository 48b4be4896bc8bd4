/**
 * Run tickets: a run ranks only when it was played on a ticket the server issued, once, with the
 * ticket's seed, and no sooner than its game time allows. Each attack a cheater would try is stored
 * (or refused when malformed) but never ranks; ticket requests have their own limits.
 *
 * Tickets issued "earlier" are signed here with the test server's own secret (what the server would have
 * issued then), so a test need not wait out a game's length; one test waits for a ticket from the route.
 */
import crypto from 'crypto';
import { STEP_MS, type ScoreResult } from '@haic/contract';
import { NOT_THIS_PLAYERS_TICKET, signTicket, type TicketOwner } from '../src/api/game-score/run-ticket';
import { issueGuestIdentity } from '../src/api/game-score/guest-identity';
import { createUser, withTestApp } from './helpers/strapi';
import { intoTheVirus, play, walker, type Player } from './helpers/runs';
import fullRun from '../../contract/test/fixtures/full-run.json';

const SCORE_URL = '/api/game/nursehelpme/score';
const TICKET_URL = '/api/game/nursehelpme/ticket';
let counter = 0;
/** A wallet id the server never issued (what a client could choose). */
const wallet = () => `GUEST_${String(++counter).padStart(8, '0')}`;
/** A guest identity as the server issues it with a ticket. */
const guest = () => issueGuestIdentity();
const ownerOf = (body: { XRPLWallet?: unknown; userId?: unknown }): TicketOwner =>
  body.userId !== undefined ? { userId: Number(body.userId) } : { userId: null, guestWallet: String(body.XRPLWallet) };

/** A ticket the server issued to this player `agoMs` ago for `seed`. */
const ticketFrom = (seed: number, owner: TicketOwner, agoMs = 10 * 60_000) =>
  signTicket({ runId: crypto.randomUUID(), seed, issuedAt: Date.now() - Math.ceil(agoMs) }, owner);
const randomSeed = () => crypto.randomInt(0, 2 ** 32 - 1);

/** A guest's submission of a game played with `seed` (a new server-issued guest unless extra names one). */
function submission(seed: number, player: Player, extra: Record<string, unknown> = {}) {
  const { inputLog, result } = play(seed, player);
  return { ...result, sessionId: crypto.randomUUID(), inputLog, seed, ...guest(), ...extra };
}

/** A guest's submission on a ticket issued to that guest `agoMs` ago (its seed unless `ticketSeed`). */
function ticketed(seed: number, player: Player, agoMs?: number, ticketSeed = seed) {
  const body = submission(seed, player);
  return { ...body, ticket: ticketFrom(ticketSeed, ownerOf(body), agoMs) };
}

const submit = (body: object, token?: string) => app.http.post(SCORE_URL, body, token);

/** A ticket request from a given client address (the app trusts X-Forwarded-For here). */
async function requestTicket(body: object, from = '203.0.113.1', token?: string) {
  const xsrf = await app.http.xsrfToken();
  const req = app.http.agent.post(TICKET_URL).set('X-XSRF-TOKEN', xsrf).set('X-Forwarded-For', from);
  if (token) req.set('Authorization', `Bearer ${token}`);
  return req.send(body);
}

const METRICS_TOKEN = 'metrics-token-for-run-tickets-0123';
/** How many logs the server has replayed so far (its replay-duration histogram's count). */
async function replays(): Promise<number> {
  const text = (await app.http.agent.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`)).text;
  const match = /^score_replay_duration_seconds_count(?:\{[^}]*\})? (\d+)$/m.exec(text);
  if (!match) throw new Error('no replay count in /metrics');
  return Number(match[1]);
}

const board = async () => (await app.http.get('/api/leaderboard?limit=100')).body.entries as Array<{ player: string; totalPoints: number; rank: number }>;

const app = withTestApp(
  { TRUST_PROXY: 'true', RUN_TICKET_RATE_LIMIT_MAX: '5', RUN_TICKET_IP_RATE_LIMIT_MAX: '12', SCORE_RATE_LIMIT_IP_MAX: '100000', METRICS_TOKEN },
  { listen: true },
);

describe('POST /api/game/nursehelpme/ticket', () => {
  it('gives a guest a signed ticket: a run id, a seed, when it was issued and when it expires', async () => {
    const chosen = wallet();
    const response = await requestTicket({ XRPLWallet: chosen }, '203.0.113.10');
    expect(response.status).toBe(200);
    // The wallet id the client chose is not taken: the ticket comes with an identity the server issued.
    expect(response.body.guest.XRPLWallet).toMatch(/^GUEST_[A-Z0-9]{8}$/);
    expect(response.body.guest.XRPLWallet).not.toBe(chosen);
    expect(response.body.guest.walletSecret).toMatch(/^[A-Za-z0-9_-]{32,128}$/);
    // Sent back with its secret, the identity is kept.
    const again = await requestTicket(response.body.guest, '203.0.113.10');
    expect(again.body.guest).toEqual(response.body.guest);
    // A guest's own wallet id with a secret the server did not issue for it: a new identity again.
    const wrongSecret = await requestTicket({ XRPLWallet: response.body.guest.XRPLWallet, walletSecret: 'x'.repeat(43) }, '203.0.113.10');
    expect(wrongSecret.body.guest.XRPLWallet).not.toBe(response.body.guest.XRPLWallet);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { ticket, runId, seed, issuedAt, expiresAt } = response.body;
    expect(runId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff).toBe(true);
    expect(ticket.startsWith(`${runId}.${seed}.`)).toBe(true);
    expect(Math.abs(Date.parse(issuedAt) - Date.now())).toBeLessThan(5000);
    expect(Date.parse(expiresAt) - Date.parse(issuedAt)).toBe(3600 * 1000);
    // Every ticket is its own run with its own seed.
    const other = await requestTicket({}, '203.0.113.10');
    expect(other.body.runId).not.toBe(runId);
  });

  it('refuses malformed input with a 400 naming the field', async () => {
    for (const [body, field] of [
      [{ XRPLWallet: 'guest_1234' }, 'XRPLWallet'],
      [{ XRPLWallet: 12345678 }, 'XRPLWallet'],
      [{ XRPLWallet: 'GUEST_ABCDEFGH', walletSecret: 'short' }, 'walletSecret'],
      [['GUEST_ABCDEFGH'], 'body'],
    ] as const) {
      const response = await requestTicket(body as object, '203.0.113.11');
      expect(response.status).toBe(400);
      expect(response.body.error.details.errors[0].path).toEqual([field]);
    }
  });

  it('a flood of ticket requests from one account is 429 with Retry-After; another account is served', async () => {
    const one = guest();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await requestTicket(one, `203.0.113.${20 + i}`)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    const over = await requestTicket(one, '203.0.113.30');
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await requestTicket(guest(), '203.0.113.31')).status).toBe(200);

    // A signed-in player counts as one account whatever wallet or address they send from.
    const { token } = await createUser(app, 'ticketflood');
    const mine = [];
    for (let i = 0; i < 6; i++) mine.push((await requestTicket({ XRPLWallet: wallet() }, `203.0.113.${40 + i}`, token)).status);
    expect(mine).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('a flood from one address, whatever the accounts, is 429 with Retry-After', async () => {
    const statuses = [];
    for (let i = 0; i < 13; i++) statuses.push((await requestTicket(i % 2 ? {} : { XRPLWallet: wallet() }, '198.51.100.7')).status);
    expect(statuses.slice(0, 12)).toEqual(Array(12).fill(200));
    expect(statuses[12]).toBe(429);
    expect((await requestTicket({}, '198.51.100.8')).status).toBe(200);
  });

  it('an IPv6 client counts per /64: 200 addresses of one /64 meet the address limit', async () => {
    const statuses = [];
    for (let i = 1; i <= 200; i++) statuses.push((await requestTicket({}, `2001:db8:28:64:${i.toString(16)}::${i.toString(16)}`)).status);
    expect(statuses.slice(0, 12)).toEqual(Array(12).fill(200));
    expect(statuses.slice(12)).toEqual(Array(188).fill(429));
    // Another /64 is another client.
    expect((await requestTicket({}, '2001:db8:28:65::1')).status).toBe(200);
  });
});

describe('a run ranks only when played on its ticket', () => {
  let ranked: Record<string, unknown> & { ticket: string; XRPLWallet: string };

  it('a real game on a ticket from the server, sent once its game time has passed, ranks', async () => {
    const issued = await requestTicket({}, '192.0.2.1');
    expect(issued.status).toBe(200);
    const { ticket, seed } = issued.body;
    const player = walker();
    const { steps } = play(seed, player);
    const body = { ...submission(seed, player), ...issued.body.guest, ticket };
    // The game takes as long as it takes: the score is sent when a player's game would end.
    const playedFor = Date.now() - Date.parse(issued.body.issuedAt);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, steps * STEP_MS - playedFor + 100)));
    const response = await submit(body);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, verified: true, totalPoints: body.totalPoints });
    expect(response.body.unverifiedReason).toBeUndefined();
    expect((await board()).filter((e) => e.player === `GUEST_${body.XRPLWallet.slice(6, 8)}…${body.XRPLWallet.slice(-2)}`)).toHaveLength(1);
    ranked = body;
  });

  it('a copied log never ranks again: without a ticket, with its ticket, or with a fresh one', async () => {
    const copies = [
      // The log as it was, under a new session and without the ticket.
      [{ ...ranked, sessionId: crypto.randomUUID(), ticket: undefined, seed: undefined }, 'The run was played without a run ticket'],
      // With the ticket it ranked on.
      [{ ...ranked, sessionId: crypto.randomUUID() }, 'The run ticket or this input log has already verified a run'],
      // With the ticket it ranked on, sent by another guest.
      [{ ...ranked, sessionId: crypto.randomUUID(), ...guest() }, NOT_THIS_PLAYERS_TICKET],
    ] as const;
    for (const [body, reason] of copies) {
      const response = await submit(body);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ success: true, verified: false, unverifiedReason: reason });
    }
    // A fresh genuine ticket, waited out: the log replays under its seed too (no virus met), but it ranked once.
    const seed = randomSeed();
    const other = guest();
    const fresh = await submit({ ...ranked, sessionId: crypto.randomUUID(), ...other, seed, ticket: ticketFrom(seed, ownerOf(other)) });
    expect(fresh.body).toMatchObject({ verified: false, unverifiedReason: 'The run ticket or this input log has already verified a run' });

    const points = (await board()).filter((e) => e.totalPoints === ranked.totalPoints);
    expect(points).toHaveLength(1);
  });

  it('a ticket verifies one run: a second run on it is stored unverified, also when both arrive at once', async () => {
    const seed = randomSeed();
    const player = guest();
    const ticket = ticketFrom(seed, ownerOf(player));
    const first = await submit(submission(seed, walker(), { ...player, ticket }));
    expect(first.body.verified).toBe(true);
    const second = await submit(submission(seed, intoTheVirus(), { ...player, ticket }));
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ verified: false, unverifiedReason: 'The run ticket or this input log has already verified a run' });

    const seed2 = randomSeed();
    const shared = ticketFrom(seed2, ownerOf(player));
    const together = await Promise.all([
      submit(submission(seed2, walker(), { ...player, ticket: shared })),
      submit(submission(seed2, intoTheVirus(), { ...player, ticket: shared })),
    ]);
    expect(together.map((r) => r.status)).toEqual([200, 200]);
    expect(together.map((r) => r.body.verified).sort()).toEqual([false, true]);
  });

  it('a forged ticket does not rank: another key, or a genuine ticket with its seed changed', async () => {
    const seed = randomSeed();
    const player = guest();
    const forged = signTicket({ runId: crypto.randomUUID(), seed, issuedAt: Date.now() - 600_000 }, ownerOf(player), 'a-key-the-server-never-had');
    const response = await submit(submission(seed, intoTheVirus(), { ...player, ticket: forged }));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ verified: false, unverifiedReason: NOT_THIS_PLAYERS_TICKET });

    const genuine = ticketFrom(seed, ownerOf(player));
    const [runId, , issuedAt, signature] = genuine.split('.');
    const chosen = (seed + 1) % 2 ** 32;
    const edited = await submit(submission(chosen, intoTheVirus(), { ...player, ticket: [runId, chosen, issuedAt, signature].join('.') }));
    expect(edited.body).toMatchObject({ verified: false, unverifiedReason: NOT_THIS_PLAYERS_TICKET });
  });

  it('an expired ticket does not rank', async () => {
    const seed = randomSeed();
    const response = await submit(ticketed(seed, intoTheVirus(), 3601 * 1000));
    expect(response.body).toMatchObject({ verified: false, unverifiedReason: 'The run ticket has expired' });
    // Just inside the hour it still does.
    const inTime = await submit(ticketed(seed, walker(), 3590 * 1000));
    expect(inTime.body.verified).toBe(true);
  });

  it("a run played with a seed of the player's choosing does not rank on a ticket for another seed", async () => {
    // Two seeds under which this player's run differs (the virus is met at another time).
    const ticketSeed = 1000;
    const chosen = 2000000000;
    const player = intoTheVirus(0);
    const body = ticketed(chosen, player, undefined, ticketSeed);
    const response = await submit(body);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ verified: false, unverifiedReason: "The run was not played with its ticket's seed" });
    // Claiming the ticket's seed for that log: the replay under it does not give those numbers.
    const claimed = await submit({ ...body, sessionId: crypto.randomUUID(), seed: ticketSeed });
    expect(claimed.status).toBe(400);
    expect(['level', 'score', 'timeElapsed', 'bonusPoints', 'totalPoints', 'inputLog']).toContain(claimed.body.error.details.errors[0].path[0]);
  });

  it('a full 10-level log sent too soon after its ticket does not rank; after its game time it does', async () => {
    const { seed, inputLog, result, steps } = fullRun as { seed: number; inputLog: string; result: ScoreResult; steps: number };
    expect(result.level).toBe(10);
    const body = { ...result, inputLog, seed, ...guest() };
    const owner = ownerOf(body);
    const soon = await submit({ ...body, sessionId: crypto.randomUUID(), ticket: ticketFrom(seed, owner, 1000) });
    expect(soon.status).toBe(200);
    expect(soon.body).toMatchObject({ verified: false, unverifiedReason: 'The run was submitted sooner after its ticket than its game time allows' });
    // Ten seconds short of its 126 s of game time is still too soon.
    const nearly = await submit({ ...body, sessionId: crypto.randomUUID(), ticket: ticketFrom(seed, owner, steps * STEP_MS - 10_000) });
    expect(nearly.body.verified).toBe(false);
    const inTime = await submit({ ...body, sessionId: crypto.randomUUID(), ticket: ticketFrom(seed, owner, steps * STEP_MS) });
    expect(inTime.body).toMatchObject({ verified: true, level: 10, totalPoints: result.totalPoints });
  });

  it('a malformed ticket or seed is a 400 naming the field, and nothing is stored', async () => {
    const seed = randomSeed();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ticket: 'not-a-ticket' }, 'ticket'],
      [{ ticket: 42 }, 'ticket'],
      [{ ticket: `${ticketFrom(seed, { userId: null, guestWallet: wallet() })}x` }, 'ticket'],
      [{ seed: -1 }, 'seed'],
      [{ seed: 2 ** 32 }, 'seed'],
      [{ seed: 1.5 }, 'seed'],
      [{ seed: '7' }, 'seed'],
    ];
    for (const [extra, field] of cases) {
      const body = { ...ticketed(seed, walker()), ...extra };
      const response = await submit(body);
      expect(response.status).toBe(400);
      expect(response.body.error.details.errors[0].path).toEqual([field]);
      expect(await app.strapi.db.query('api::game-score.game-score').count({ where: { sessionId: body.sessionId } })).toBe(0);
    }
  });

  it('an offline run without a ticket is still saved, unranked, and counts in the stats', async () => {
    const { user, token } = await createUser(app, 'offliner');
    const sessionId = crypto.randomUUID();
    const { inputLog, result } = play(0, walker());
    const response = await submit({ ...result, sessionId, inputLog, userId: user.id }, token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, verified: false });
    const stats = await app.http.get(`/api/users/${user.id}/stats`, token);
    expect(stats.body).toEqual({ gamesPlayed: 1, totalPoints: result.totalPoints, highScore: result.totalPoints });
  });
});

describe('a run is tied to the player its ticket was issued to', () => {
  it("a ticket issued to user A does not rank when user B or a guest submits it; A's own run does", async () => {
    const a = await createUser(app, 'ticketowner');
    const b = await createUser(app, 'ticketborrower');
    const issued = await requestTicket({}, '192.0.2.40', a.token);
    expect(issued.status).toBe(200);
    expect(issued.body.guest).toBeUndefined();
    const { ticket, seed } = issued.body;
    const player = walker();
    const { inputLog, result, steps } = play(seed, player);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, steps * STEP_MS - (Date.now() - Date.parse(issued.body.issuedAt)) + 100)));
    const run = { ...result, inputLog, seed, ticket };

    const byB = await submit({ ...run, sessionId: crypto.randomUUID(), userId: b.user.id }, b.token);
    expect(byB.status).toBe(200);
    expect(byB.body).toMatchObject({ verified: false, unverifiedReason: NOT_THIS_PLAYERS_TICKET });
    const byGuest = await submit({ ...run, sessionId: crypto.randomUUID(), ...guest() });
    expect(byGuest.status).toBe(200);
    expect(byGuest.body).toMatchObject({ verified: false, unverifiedReason: NOT_THIS_PLAYERS_TICKET });
    expect((await board()).filter((e) => e.player === 'ticketborrower')).toHaveLength(0);

    const byA = await submit({ ...run, sessionId: crypto.randomUUID(), userId: a.user.id }, a.token);
    expect(byA.body).toMatchObject({ verified: true });
    expect((await board()).filter((e) => e.player === 'ticketowner')).toHaveLength(1);
  });

  it('a guest wallet id the server did not issue is refused with a ticket (400 naming XRPLWallet), and never ranks', async () => {
    const issued = await requestTicket({}, '192.0.2.41');
    const identity = issued.body.guest as { XRPLWallet: string; walletSecret: string };
    const seed = issued.body.seed as number;
    const body = { ...submission(seed, walker()), ticket: issued.body.ticket };
    const forgeries: Array<Record<string, unknown>> = [
      // A wallet id of the client's choosing, with or without a secret of its own.
      { XRPLWallet: wallet(), walletSecret: undefined },
      { XRPLWallet: wallet(), walletSecret: crypto.randomBytes(32).toString('hex') },
      // The issued wallet id without its secret, or with another.
      { XRPLWallet: identity.XRPLWallet, walletSecret: undefined },
      { XRPLWallet: identity.XRPLWallet, walletSecret: guest().walletSecret },
    ];
    for (const forged of forgeries) {
      const sessionId = crypto.randomUUID();
      const response = await submit({ ...body, ...forged, sessionId });
      expect(response.status).toBe(400);
      expect(response.body.error.details.errors[0].path).toEqual(['XRPLWallet']);
      expect(await app.strapi.db.query('api::game-score.game-score').count({ where: { sessionId } })).toBe(0);
    }
    // Without a ticket the run asks for nothing: stored as before, unranked.
    const unticketed = submission(0, walker(), { XRPLWallet: wallet(), walletSecret: undefined });
    const offline = await submit(unticketed);
    expect(offline.status).toBe(200);
    expect(offline.body).toMatchObject({ verified: false, unverifiedReason: 'The run was played without a run ticket' });
    expect((await board()).some((e) => e.player === `GUEST_${String(unticketed.XRPLWallet).slice(6, 8)}…${String(unticketed.XRPLWallet).slice(-2)}`)).toBe(
      false,
    );
  });

  it('a log with a bad, forged, expired, foreign or used ticket is never replayed', async () => {
    const player = guest();
    const seed = randomSeed();
    const owner = ownerOf(player);
    const good = ticketFrom(seed, owner);
    const ranked = await submit(submission(seed, walker(), { ...player, ticket: good }));
    expect(ranked.body.verified).toBe(true);

    const before = await replays();
    const bad: Array<[string, string]> = [
      [signTicket({ runId: crypto.randomUUID(), seed, issuedAt: Date.now() - 600_000 }, owner, 'a-key-the-server-never-had'), NOT_THIS_PLAYERS_TICKET],
      [ticketFrom(seed, ownerOf(guest())), NOT_THIS_PLAYERS_TICKET],
      [ticketFrom(seed, owner, 3601 * 1000), 'The run ticket has expired'],
      [ticketFrom(seed + 1, owner), "The run was not played with its ticket's seed"],
      [ticketFrom(seed, owner, 1), 'The run was submitted sooner after its ticket than its game time allows'],
      [good, 'The run ticket or this input log has already verified a run'],
    ];
    for (const [ticket, reason] of bad) {
      const response = await submit(submission(seed, intoTheVirus(), { ...player, ticket }));
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ verified: false, unverifiedReason: reason });
    }
    expect(await replays()).toBe(before);
    // A ticket that holds is replayed: the count moves.
    expect((await submit(submission(seed, intoTheVirus(), { ...player, ticket: ticketFrom(seed, owner) }))).body.verified).toBe(true);
    expect(await replays()).toBe(before + 1);
  });

  it('a log re-spelled (a run split in two) is the same log: it ranks once', async () => {
    const seed = randomSeed();
    const first = ticketed(seed, walker());
    expect((await submit(first)).body.verified).toBe(true);
    // The recorder writes "a<n>..." for the wait: "a1a<n-1>..." is the same game in another spelling.
    const match = /^a(\d+)/.exec(first.inputLog);
    expect(match).not.toBeNull();
    const respelled = `a1a${Number(match![1]) - 1}${first.inputLog.slice(match![0].length)}`;
    expect(respelled).not.toBe(first.inputLog);
    const other = guest();
    const again = await submit({ ...first, ...other, inputLog: respelled, sessionId: crypto.randomUUID(), ticket: ticketFrom(seed, ownerOf(other)) });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ verified: false, unverifiedReason: 'The run ticket or this input log has already verified a run' });
    expect((await board()).filter((e) => e.player === `GUEST_${other.XRPLWallet.slice(6, 8)}…${other.XRPLWallet.slice(-2)}`)).toHaveLength(0);
  });
});

describe('the board of players', () => {
  it('lists each player once with their best verified run, and "my rank" counts players ahead', async () => {
    const { user, token } = await createUser(app, 'twice');
    const seeds = [randomSeed(), randomSeed()];
    const runs = [submission(seeds[0], walker()), submission(seeds[1], intoTheVirus())];
    for (const [i, run] of runs.entries()) {
      const { XRPLWallet: _guest, walletSecret: _secret, ...body } = run;
      const response = await submit({ ...body, userId: user.id, ticket: ticketFrom(seeds[i], { userId: user.id }) }, token);
      expect(response.body.verified).toBe(true);
    }
    const best = Math.max(...runs.map((r) => r.totalPoints));
    const entries = await board();
    const mine = entries.filter((e) => e.player === 'twice');
    expect(mine).toHaveLength(1);
    expect(mine[0].totalPoints).toBe(best);
    expect(new Set(entries.map((e) => e.player)).size).toBe(entries.length);

    const withMe = await app.http.get('/api/leaderboard?period=day', token);
    expect(withMe.body.me).toMatchObject({ player: 'twice', totalPoints: best });
    const dayEntries = withMe.body.entries as Array<{ player: string; rank: number }>;
    expect(withMe.body.me.rank).toBe(dayEntries.find((e) => e.player === 'twice')!.rank);

    const stats = await app.http.get(`/api/users/${user.id}/stats`, token);
    expect(stats.body).toEqual({ gamesPlayed: 2, totalPoints: runs[0].totalPoints + runs[1].totalPoints, highScore: best });
  });
});
