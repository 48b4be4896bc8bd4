/**
 * Replay-verified scores: the server replays the input log with the game's own engine and stores the
 * replay's numbers; anything forged, cut, oversized or garbled is a 400 and stores nothing. Also the
 * per-account submission limit and moving guest runs to an account. Runs that should rank carry a run
 * ticket the server issued ten minutes earlier (signed here with the test server's secret; the tickets
 * themselves are covered in run-tickets.test.ts).
 */
import crypto from 'crypto';
import { MAX_INPUT_LOG_LENGTH, NO_INPUT, seedFromSession, type ScoreResult } from '@haic/contract';
import { signTicket } from '../src/api/game-score/run-ticket';
import { issueGuestIdentity } from '../src/api/game-score/guest-identity';
import { createUser, withTestApp } from './helpers/strapi';
import { encodeInputs, intoTheVirus, play, walker, type Player } from './helpers/runs';

const URL = '/api/game/nursehelpme/score';
const CLAIM_URL = '/api/game/nursehelpme/guest-runs';
const UID = 'api::game-score.game-score';
/** The seed and ticket of a run played on a ticket issued to this guest wallet ten minutes ago. */
const ticketed = (sessionId: string, guestWallet: string) => {
  const seed = seedFromSession(sessionId);
  return { seed, ticket: signTicket({ runId: crypto.randomUUID(), seed, issuedAt: Date.now() - 600_000 }, { userId: null, guestWallet }) };
};

/** Plays a real game with the seed of this session (by default walking right after a wait of its own). */
const playSession = (sessionId: string, player: Player = walker()) => play(seedFromSession(sessionId), player);

let counter = 0;
const wallet = () => `GUEST_${String(++counter).padStart(8, '0')}`;
const secret = () => crypto.randomBytes(32).toString('hex');

/** A guest's real run on a ticket issued to that guest (a new server-issued one unless overrides name another). */
function guestRun(overrides: Record<string, unknown> = {}) {
  const sessionId = crypto.randomUUID();
  const { inputLog, result } = playSession(sessionId);
  const guest = { ...issueGuestIdentity(), ...overrides };
  return { ...result, sessionId, inputLog, ...ticketed(sessionId, String(guest.XRPLWallet)), ...guest } as Record<string, unknown> &
    ScoreResult & { sessionId: string; inputLog: string };
}

const rowsFor = (sessionId: string) => app.strapi.db.query(UID).findMany({ where: { sessionId }, populate: ['user'] });

/** The server still answers a normal request quickly. */
async function expectResponsive() {
  const started = Date.now();
  const response = await app.http.post(URL, guestRun());
  expect(response.status).toBe(200);
  expect(Date.now() - started).toBeLessThan(5000);
}

// A day-long window: the burst below never straddles a window boundary.
const app = withTestApp({ SCORE_RATE_LIMIT_ACCOUNT_MAX: '20', SCORE_RATE_LIMIT_IP_MAX: '100000', SCORE_RATE_LIMIT_WINDOW_SECONDS: '86400' }, { listen: true });

describe('a submission with an input log', () => {
  it('is replayed and stored as verified with the replay numbers', async () => {
    const body = guestRun();
    expect(body.level).toBe(1);
    const response = await app.http.post(URL, body);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, verified: true, totalPoints: body.totalPoints, level: 1 });
    const [row] = await rowsFor(body.sessionId);
    expect(row).toMatchObject({ verified: true, score: body.score, timeElapsed: body.timeElapsed, totalPoints: body.totalPoints });
  });

  it('a submission without a log is still accepted, stored unverified', async () => {
    const { inputLog: _log, ...body } = guestRun();
    const response = await app.http.post(URL, body);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, verified: false });
    expect((await rowsFor(body.sessionId))[0].verified).toBe(false);
  });
});

describe('refused with a 400 naming what is wrong, storing nothing', () => {
  const refusals: Array<[string, () => Record<string, unknown>, string, RegExp]> = [
    [
      'forged totals (consistent arithmetic, more coins than the run collected)',
      () => {
        const run = guestRun();
        return { ...run, score: run.score + 50, totalPoints: run.totalPoints + 50 };
      },
      'score',
      /^score \d+ does not match the replayed run \(\d+\)$/,
    ],
    [
      'a forged level with a real log',
      () => {
        const run = guestRun();
        return { ...run, level: 5, score: run.score + 400, totalPoints: run.totalPoints + 400 };
      },
      'level',
      /^level 5 does not match the replayed run \(1\)$/,
    ],
    [
      'a forged time with a real log',
      () => {
        const run = guestRun();
        return { ...run, timeElapsed: 0, bonusPoints: 1000, totalPoints: run.score + 1000 };
      },
      'timeElapsed',
      /^timeElapsed 0 does not match/,
    ],
    [
      'a log from another session',
      () => {
        const other = playSession('recorded-in-session-A', intoTheVirus(0));
        return { ...other.result, inputLog: other.inputLog, sessionId: 'submitted-as-session-B', XRPLWallet: wallet() };
      },
      'inputLog',
      /^inputLog (ends before the game is over|goes on after the game ended)$/,
    ],
    [
      'a truncated log',
      () => {
        const run = guestRun();
        return { ...run, inputLog: run.inputLog.slice(0, Math.floor(run.inputLog.length / 2)) };
      },
      'inputLog',
      /^inputLog ends before the game is over$/,
    ],
    ['garbage bytes', () => guestRun({ inputLog: '\u00ff\ufffd{}<script>' }), 'inputLog', /^inputLog is malformed at character 1$/],
    ['a NUL byte in the log', () => guestRun({ inputLog: 'a10\u0000b' }), 'inputLog', /^inputLog (contains a NUL character|is malformed at character 4)$/],
    ['a log that is not a string', () => guestRun({ inputLog: [1, 2, 3] }), 'inputLog', /^inputLog must be a string$/],
    [
      'a log longer than the longest game',
      () => guestRun({ inputLog: 'a'.repeat(MAX_INPUT_LOG_LENGTH + 1) }),
      'inputLog',
      /^inputLog is longer than a game can last/,
    ],
    ['a log with more steps than a game can last', () => guestRun({ inputLog: 'a9999999' }), 'inputLog', /more steps than a game can last/],
  ];

  it.each(refusals)('%s', async (_name, make, field, message) => {
    const body = make();
    const response = await app.http.post(URL, body);
    expect(response.status).toBe(400);
    expect(response.body.error.details.errors[0].path).toEqual([field]);
    expect(response.body.error.message).toMatch(message);
    expect(await rowsFor(body.sessionId as string)).toHaveLength(0);
  });

  it('a 10 MB log is turned away before any replay, and the server stays responsive', async () => {
    const body = guestRun({ inputLog: 'a'.repeat(10 * 1024 * 1024) });
    const started = Date.now();
    const response = await app.http.post(URL, body);
    // Larger than the score route reads: refused for its declared size before the body is parsed.
    expect(response.status).toBe(413);
    expect(response.body.error.details.errors[0].path).toEqual(['body']);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await rowsFor(body.sessionId as string)).toHaveLength(0);
    await expectResponsive();
  });

  it('one flipped input in a real log is refused', async () => {
    const sessionId = 'flipped-input-session';
    const run = playSession(sessionId, intoTheVirus(0));
    const flipped = run.inputs.slice();
    flipped[200] = NO_INPUT; // one step without 'right' on the way: everything after shifts by a step
    const response = await app.http.post(URL, { ...run.result, sessionId, inputLog: encodeInputs(flipped), XRPLWallet: wallet() });
    expect(response.status).toBe(400);
    expect(await rowsFor(sessionId)).toHaveLength(0);
    // The untouched log under the same session is accepted.
    const guest = issueGuestIdentity();
    const ok = await app.http.post(URL, { ...run.result, sessionId, inputLog: run.inputLog, ...guest, ...ticketed(sessionId, guest.XRPLWallet) });
    expect(ok.status).toBe(200);
    expect(ok.body.verified).toBe(true);
  });

  it('many bad logs at once: every one refused, the server answers others meanwhile', async () => {
    const bad = Array.from({ length: 10 }, () => guestRun({ inputLog: `${'c'.repeat(100)}x` }));
    const responses = await Promise.all([...bad.map((body) => app.http.post(URL, body)), app.http.post(URL, guestRun())]);
    expect(responses.slice(0, 10).map((r) => r.status)).toEqual(Array(10).fill(400));
    expect(responses[10]?.status).toBe(200);
  });
});

describe('submission rate limit', () => {
  it('a burst of 20 from one account passes; the 21st in the window is 429 with Retry-After', async () => {
    const { user, token } = await createUser(app, 'burster');
    const submit = () => {
      const sessionId = crypto.randomUUID();
      const { inputLog: _log, result } = playSession(sessionId);
      return app.http.post(URL, { ...result, sessionId, userId: user.id }, token);
    };
    const burst = await Promise.all(Array.from({ length: 20 }, submit));
    expect(burst.map((r) => r.status)).toEqual(Array(20).fill(200));
    const over = await submit();
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.body.error.message).toMatch(/Too many scores submitted/);
    // Others are not affected.
    expect((await app.http.post(URL, guestRun())).status).toBe(200);
  });
});

describe('guest runs follow the player', () => {
  it('move to the account once, with the wallet secret; never without it', async () => {
    const { XRPLWallet: guest, walletSecret: key } = issueGuestIdentity();
    const runs = [guestRun({ XRPLWallet: guest, walletSecret: key }), guestRun({ XRPLWallet: guest, walletSecret: key })];
    for (const run of runs) expect((await app.http.post(URL, run)).status).toBe(200);
    // Someone else's run under the same wallet id, with another secret (so without a ticket: it could
    // not rank), stays where it is.
    const intruder = guestRun({ XRPLWallet: guest, walletSecret: secret(), ticket: undefined, seed: undefined });
    expect((await app.http.post(URL, intruder)).status).toBe(200);

    const { user, token } = await createUser(app, 'claimer');
    const thief = await createUser(app, 'thief');

    // Without the secret, or with a wrong one: nothing moves.
    expect((await app.http.post(CLAIM_URL, { XRPLWallet: guest }, thief.token)).status).toBe(400);
    const wrong = await app.http.post(CLAIM_URL, { XRPLWallet: guest, walletSecret: secret() }, thief.token);
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ moved: 0 });
    // Not signed in: 401.
    expect((await app.http.post(CLAIM_URL, { XRPLWallet: guest, walletSecret: key })).status).toBe(401);

    const claimed = await app.http.post(CLAIM_URL, { XRPLWallet: guest, walletSecret: key }, token);
    expect(claimed.status).toBe(200);
    expect(claimed.body).toEqual({ moved: 2 });
    for (const run of runs) {
      const [row] = await rowsFor(run.sessionId);
      expect(row.user?.id).toBe(user.id);
      expect(row.guestWallet).toBeNull();
    }
    expect((await rowsFor(intruder.sessionId))[0].user).toBeNull();

    // Once: a second claim (same or other account) finds nothing.
    expect((await app.http.post(CLAIM_URL, { XRPLWallet: guest, walletSecret: key }, token)).body).toEqual({ moved: 0 });
    expect((await app.http.post(CLAIM_URL, { XRPLWallet: guest, walletSecret: key }, thief.token)).body).toEqual({ moved: 0 });

    // The account now shows them.
    const stats = await app.http.get(`/api/users/${user.id}/stats`, token);
    expect(stats.body.gamesPlayed).toBe(2);
    const history = await app.http.get(`/api/users/${user.id}/game-history`, token);
    expect(history.body.games.map((g: { verified: boolean }) => g.verified)).toEqual([true, true]);
    // On the board of players the account holds the better of the two runs, once.
    const entries = (await app.http.get('/api/leaderboard?limit=100')).body.entries as Array<{ player: string; totalPoints: number }>;
    expect(entries.filter((e) => e.player === 'claimer')).toEqual([
      expect.objectContaining({ totalPoints: Math.max(runs[0].totalPoints, runs[1].totalPoints) }),
    ]);
  });

  it('a malformed wallet or secret is a 400 naming the field', async () => {
    const { token } = await createUser(app, 'claimer2');
    const bad = await app.http.post(CLAIM_URL, { XRPLWallet: 'guest_x', walletSecret: secret() }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.errors[0].path).toEqual(['XRPLWallet']);
    const short = await app.http.post(CLAIM_URL, { XRPLWallet: wallet(), walletSecret: 'abc' }, token);
    expect(short.status).toBe(400);
    expect(short.body.error.details.errors[0].path).toEqual(['walletSecret']);
  });
});
