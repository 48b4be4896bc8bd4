/**
 * Run tickets: a run ranks only when it was played on a ticket the server issued, once, with the
 * ticket's seed, and no sooner than its game time allows. Each attack a cheater would try is stored
 * (or refused when malformed) but never ranks; ticket requests have their own limits.
 *
 * Tickets issued "earlier" are signed here with the test server's own secret (what the server would have
 * issued then), so a test need not wait out a game's length; one test waits for a ticket from the route.
 */
import crypto from 'crypto';
import {
  InputRecorder,
  NO_INPUT,
  STEP_MS,
  finalResult,
  isFinished,
  startGame,
  step,
  type GameState,
  type Input,
  type ScoreResult,
} from '@haic/contract';
import { signTicket } from '../src/api/game-score/run-ticket';
import { createUser, startTestApp, type TestApp } from './helpers/strapi';
import fullRun from './fixtures/full-run.json';

const SCORE_URL = '/api/game/nursehelpme/score';
const TICKET_URL = '/api/game/nursehelpme/ticket';
const RIGHT: Input = { left: false, right: true, jump: false };
const JUMP_RIGHT: Input = { left: false, right: true, jump: true };
// Each player waits a different number of steps before moving, as people do: every run's log is its own
// (a log that has ranked once never ranks again).
let waited = 0;
/** Walks right into the first gap of level 1, three times: never meets a virus, so any seed replays it. */
const walker = () => {
  const wait = ++waited;
  return (state: GameState): Input => (state.steps < wait ? NO_INPUT : RIGHT);
};
/** Jumps the first gap, then walks into the virus: when the nurse dies depends on the seed. */
const intoTheVirus = (wait = ++waited) => {
  return (state: GameState): Input => (state.steps < wait ? NO_INPUT : state.nurse.x >= 790 && state.nurse.x < 800 ? JUMP_RIGHT : RIGHT);
};

let app: TestApp;
let counter = 0;
const wallet = () => `GUEST_${String(++counter).padStart(8, '0')}`;

function play(seed: number, player: (state: GameState) => Input): { inputLog: string; result: ScoreResult; steps: number } {
  const recorder = new InputRecorder();
  let state = startGame({ seed });
  while (!isFinished(state)) {
    const input = player(state);
    recorder.record(input);
    state = step(state, input);
  }
  return { inputLog: recorder.encode(), result: finalResult(state), steps: state.steps };
}

/** A ticket the server issued `agoMs` ago for `seed`. */
const ticketFrom = (seed: number, agoMs = 10 * 60_000) => signTicket({ runId: crypto.randomUUID(), seed, issuedAt: Date.now() - Math.ceil(agoMs) });
const randomSeed = () => crypto.randomInt(0, 2 ** 32 - 1);

/** A guest's submission of a game played with `seed`. */
function submission(seed: number, player: (state: GameState) => Input, extra: Record<string, unknown> = {}) {
  const { inputLog, result } = play(seed, player);
  return { ...result, sessionId: crypto.randomUUID(), inputLog, seed, XRPLWallet: wallet(), ...extra };
}

const submit = (body: object, token?: string) => app.http.post(SCORE_URL, body, token);

/** A ticket request from a given client address (the app trusts X-Forwarded-For here). */
async function requestTicket(body: object, from = '203.0.113.1', token?: string) {
  const xsrf = await app.http.xsrfToken();
  const req = app.http.agent.post(TICKET_URL).set('X-XSRF-TOKEN', xsrf).set('X-Forwarded-For', from);
  if (token) req.set('Authorization', `Bearer ${token}`);
  return req.send(body);
}

const board = async () => (await app.http.get('/api/leaderboard?limit=100')).body.entries as Array<{ player: string; totalPoints: number; rank: number }>;

beforeAll(async () => {
  app = await startTestApp({
    TRUST_PROXY: 'true',
    RUN_TICKET_RATE_LIMIT_MAX: '5',
    RUN_TICKET_IP_RATE_LIMIT_MAX: '12',
    SCORE_RATE_LIMIT_IP_MAX: '100000',
  });
  await new Promise<void>((resolve) => app.strapi.server.httpServer.listen(0, '127.0.0.1', () => resolve()));
});

afterAll(async () => {
  await app?.stop();
});

describe('POST /api/game/nursehelpme/ticket', () => {
  it('gives a guest a signed ticket: a run id, a seed, when it was issued and when it expires', async () => {
    const response = await requestTicket({ XRPLWallet: wallet() }, '203.0.113.10');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
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
      [['GUEST_ABCDEFGH'], 'body'],
    ] as const) {
      const response = await requestTicket(body as object, '203.0.113.11');
      expect(response.status).toBe(400);
      expect(response.body.error.details.errors[0].path).toEqual([field]);
    }
  });

  it('a flood of ticket requests from one account is 429 with Retry-After; another account is served', async () => {
    const guest = wallet();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await requestTicket({ XRPLWallet: guest }, `203.0.113.${20 + i}`)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    const over = await requestTicket({ XRPLWallet: guest }, '203.0.113.30');
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await requestTicket({ XRPLWallet: wallet() }, '203.0.113.31')).status).toBe(200);

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
});

describe('a run ranks only when played on its ticket', () => {
  let ranked: Record<string, unknown> & { ticket: string; XRPLWallet: string };

  it('a real game on a ticket from the server, sent once its game time has passed, ranks', async () => {
    const issued = await requestTicket({}, '192.0.2.1');
    expect(issued.status).toBe(200);
    const { ticket, seed } = issued.body;
    const player = walker();
    const { steps } = play(seed, player);
    const body = { ...submission(seed, player), ticket };
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
      [{ ...ranked, sessionId: crypto.randomUUID(), XRPLWallet: wallet() }, 'The run ticket or this input log has already verified a run'],
    ] as const;
    for (const [body, reason] of copies) {
      const response = await submit(body);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ success: true, verified: false, unverifiedReason: reason });
    }
    // A fresh genuine ticket, waited out: the log replays under its seed too (no virus met), but it ranked once.
    const seed = randomSeed();
    const fresh = await submit({ ...ranked, sessionId: crypto.randomUUID(), XRPLWallet: wallet(), seed, ticket: ticketFrom(seed) });
    expect(fresh.body).toMatchObject({ verified: false, unverifiedReason: 'The run ticket or this input log has already verified a run' });

    const points = (await board()).filter((e) => e.totalPoints === ranked.totalPoints);
    expect(points).toHaveLength(1);
  });

  it('a ticket verifies one run: a second run on it is stored unverified, also when both arrive at once', async () => {
    const seed = randomSeed();
    const ticket = ticketFrom(seed);
    const first = await submit(submission(seed, walker(), { ticket }));
    expect(first.body.verified).toBe(true);
    const second = await submit(submission(seed, intoTheVirus(), { ticket }));
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ verified: false, unverifiedReason: 'The run ticket or this input log has already verified a run' });

    const seed2 = randomSeed();
    const shared = ticketFrom(seed2);
    const together = await Promise.all([submit(submission(seed2, walker(), { ticket: shared })), submit(submission(seed2, intoTheVirus(), { ticket: shared }))]);
    expect(together.map((r) => r.status)).toEqual([200, 200]);
    expect(together.map((r) => r.body.verified).sort()).toEqual([false, true]);
  });

  it('a forged ticket does not rank: another key, or a genuine ticket with its seed changed', async () => {
    const seed = randomSeed();
    const forged = signTicket({ runId: crypto.randomUUID(), seed, issuedAt: Date.now() - 600_000 }, 'a-key-the-server-never-had');
    const response = await submit(submission(seed, intoTheVirus(), { ticket: forged }));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ verified: false, unverifiedReason: 'The run ticket is not genuine' });

    const genuine = ticketFrom(seed);
    const [runId, , issuedAt, signature] = genuine.split('.');
    const chosen = (seed + 1) % 2 ** 32;
    const edited = await submit(submission(chosen, intoTheVirus(), { ticket: [runId, chosen, issuedAt, signature].join('.') }));
    expect(edited.body).toMatchObject({ verified: false, unverifiedReason: 'The run ticket is not genuine' });
  });

  it('an expired ticket does not rank', async () => {
    const seed = randomSeed();
    const response = await submit(submission(seed, intoTheVirus(), { ticket: ticketFrom(seed, 3601 * 1000) }));
    expect(response.body).toMatchObject({ verified: false, unverifiedReason: 'The run ticket has expired' });
    // Just inside the hour it still does.
    const inTime = await submit(submission(seed, walker(), { ticket: ticketFrom(seed, 3590 * 1000) }));
    expect(inTime.body.verified).toBe(true);
  });

  it("a run played with a seed of the player's choosing does not rank on a ticket for another seed", async () => {
    // Two seeds under which this player's run differs (the virus is met at another time).
    const ticketSeed = 1000;
    const chosen = 2000000000;
    const ticket = ticketFrom(ticketSeed);
    const player = intoTheVirus(0);
    const response = await submit(submission(chosen, player, { ticket }));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ verified: false, unverifiedReason: "The run was not played with its ticket's seed" });
    // Claiming the ticket's seed for that log: the replay under it does not give those numbers.
    const claimed = await submit({ ...submission(chosen, player, { ticket }), seed: ticketSeed });
    expect(claimed.status).toBe(400);
    expect(['level', 'score', 'timeElapsed', 'bonusPoints', 'totalPoints', 'inputLog']).toContain(claimed.body.error.details.errors[0].path[0]);
  });

  it('a full 10-level log sent too soon after its ticket does not rank; after its game time it does', async () => {
    const { seed, inputLog, result, steps } = fullRun as { seed: number; inputLog: string; result: ScoreResult; steps: number };
    expect(result.level).toBe(10);
    const body = { ...result, inputLog, seed, XRPLWallet: wallet() };
    const soon = await submit({ ...body, sessionId: crypto.randomUUID(), ticket: ticketFrom(seed, 1000) });
    expect(soon.status).toBe(200);
    expect(soon.body).toMatchObject({ verified: false, unverifiedReason: 'The run was submitted sooner after its ticket than its game time allows' });
    // Ten seconds short of its 126 s of game time is still too soon.
    const nearly = await submit({ ...body, sessionId: crypto.randomUUID(), ticket: ticketFrom(seed, steps * STEP_MS - 10_000) });
    expect(nearly.body.verified).toBe(false);
    const inTime = await submit({ ...body, sessionId: crypto.randomUUID(), ticket: ticketFrom(seed, steps * STEP_MS) });
    expect(inTime.body).toMatchObject({ verified: true, level: 10, totalPoints: result.totalPoints });
  });

  it('a malformed ticket or seed is a 400 naming the field, and nothing is stored', async () => {
    const seed = randomSeed();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ticket: 'not-a-ticket' }, 'ticket'],
      [{ ticket: 42 }, 'ticket'],
      [{ ticket: `${ticketFrom(seed)}x` }, 'ticket'],
      [{ seed: -1 }, 'seed'],
      [{ seed: 2 ** 32 }, 'seed'],
      [{ seed: 1.5 }, 'seed'],
      [{ seed: '7' }, 'seed'],
    ];
    for (const [extra, field] of cases) {
      const body = submission(seed, walker(), { ticket: ticketFrom(seed), ...extra });
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

describe('the board of players', () => {
  it('lists each player once with their best verified run, and "my rank" counts players ahead', async () => {
    const { user, token } = await createUser(app, 'twice');
    const seeds = [randomSeed(), randomSeed()];
    const runs = [submission(seeds[0], walker()), submission(seeds[1], intoTheVirus())];
    for (const [i, run] of runs.entries()) {
      const { XRPLWallet: _guest, ...body } = run;
      const response = await submit({ ...body, userId: user.id, ticket: ticketFrom(seeds[i]) }, token);
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
