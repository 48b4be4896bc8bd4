import { clearSessions, setWebSession } from '../../lib/auth';
import { GUEST_WALLET_PATTERN, WALLET_SECRET_PATTERN } from '@haic/contract';
import { STORAGE_KEYS } from '../../lib/storage';
import { claimGuestRuns } from './api/guestRuns';
import { SCORE_MESSAGES, buildSubmission, flushPendingScores, submitScore } from './api/scores';
import { newGameRun } from './api/tickets';
import { getGuestWallet } from './guestIdentity';
import { readHighScore, recordHighScore } from './localStats';
import { readPendingScores } from './pendingScores';
import { newSessionId } from './random';

const RESULT = { score: 550, level: 3, timeElapsed: 100, bonusPoints: 900, totalPoints: 1450 };

type Reply = { status: number; body?: unknown } | 'offline';
let replies: Reply[] = [];
const fetchMock = jest.fn(async (_url: string, _init?: RequestInit) => {
  const reply = replies.shift() ?? { status: 200, body: { success: true } };
  if (reply === 'offline') throw new TypeError('Failed to fetch');
  const text = JSON.stringify(reply.body ?? {});
  return { ok: reply.status >= 200 && reply.status < 300, status: reply.status, text: async () => text };
});
const sentBodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));

beforeEach(() => {
  localStorage.clear();
  clearSessions();
  replies = [];
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('guest wallet and session ids', () => {
  it("creates 'GUEST_' plus 8 uppercase characters once and keeps it in tempXRPLWallet, with its secret", () => {
    const { wallet, secret } = getGuestWallet();
    expect(wallet).toMatch(GUEST_WALLET_PATTERN);
    expect(secret).toMatch(WALLET_SECRET_PATTERN);
    expect(localStorage.getItem('tempXRPLWallet')).toBe(wallet);
    expect(localStorage.getItem(STORAGE_KEYS.guestWalletSecret)).toBe(secret);
    expect(getGuestWallet()).toEqual({ wallet, secret });
  });

  it('replaces a malformed stored wallet, and a new wallet gets a new secret', () => {
    localStorage.setItem(STORAGE_KEYS.guestWalletSecret, 'a'.repeat(64));
    localStorage.setItem('tempXRPLWallet', 'GUEST_abc');
    const { wallet, secret } = getGuestWallet();
    expect(wallet).toMatch(GUEST_WALLET_PATTERN);
    expect(secret).not.toBe('a'.repeat(64));
  });

  it('a wallet from before secrets existed keeps its id and gets a secret', () => {
    localStorage.setItem('tempXRPLWallet', 'GUEST_OLDWALLT');
    expect(getGuestWallet()).toMatchObject({ wallet: 'GUEST_OLDWALLT' });
    expect(localStorage.getItem(STORAGE_KEYS.guestWalletSecret)).toMatch(WALLET_SECRET_PATTERN);
  });

  it('makes a UUID per game, also where crypto.randomUUID is missing', () => {
    const original = globalThis.crypto.randomUUID;
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const a = newSessionId();
      const b = newSessionId();
      expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(a).not.toBe(b);
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});

describe('the submission', () => {
  it('carries the guest wallet and its secret for a guest, and the input log', () => {
    const submission = buildSubmission(RESULT, { sessionId: 'session-1' }, 'a180c42');
    const { wallet, secret } = getGuestWallet();
    expect(submission).toEqual({ ...RESULT, sessionId: 'session-1', inputLog: 'a180c42', XRPLWallet: wallet, walletSecret: secret });
  });

  it('carries the userId for a logged-in user; no log, no inputLog field', () => {
    setWebSession('token-1', { id: 7, username: 'nina', email: 'n@example.com', createdDate: '' });
    expect(buildSubmission(RESULT, { sessionId: 'session-2' })).toEqual({ ...RESULT, sessionId: 'session-2', userId: 7 });
  });
});

describe('the run ticket', () => {
  const TICKET = { ticket: 'run.7.1.sig', runId: 'run', seed: 7, issuedAt: '', expiresAt: '' };
  const ISSUED = { XRPLWallet: 'GUEST_SERVER01', walletSecret: 's'.repeat(43) };

  it("a guest's first game gets its identity from the server with the ticket, keeps it and sends it back", async () => {
    replies = [{ status: 200, body: { ...TICKET, guest: ISSUED } }];
    const run = await newGameRun();
    expect(fetchMock.mock.calls[0]?.[0]).toMatch(/\/api\/game\/nursehelpme\/ticket$/);
    // Nothing of the browser's choosing is sent: the server issues the wallet.
    expect(sentBodies()).toEqual([{}]);
    expect(localStorage.getItem('tempXRPLWallet')).toBe(ISSUED.XRPLWallet);
    expect(localStorage.getItem(STORAGE_KEYS.guestWalletSecret)).toBe(ISSUED.walletSecret);
    expect(run).toEqual({ sessionId: expect.any(String), ticket: 'run.7.1.sig', seed: 7 });
    expect(buildSubmission(RESULT, run)).toMatchObject({ sessionId: run.sessionId, ticket: 'run.7.1.sig', seed: 7, ...ISSUED });

    // The next game sends the identity back, so its ticket is issued to the same guest.
    replies = [{ status: 200, body: { ...TICKET, guest: ISSUED } }];
    await newGameRun();
    expect(sentBodies()[1]).toEqual(ISSUED);
  });

  it('a wallet made in this browser is replaced by the issued one; its runs still move at sign-in', async () => {
    const made = getGuestWallet();
    replies = [{ status: 200, body: { ...TICKET, guest: ISSUED } }];
    await newGameRun();
    expect(sentBodies()[0]).toEqual({ XRPLWallet: made.wallet, walletSecret: made.secret });
    expect(getGuestWallet()).toEqual({ wallet: ISSUED.XRPLWallet, secret: ISSUED.walletSecret });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.previousGuestWallet) ?? 'null')).toEqual(made);

    setWebSession('token-1', { id: 7, username: 'nina', email: 'n@example.com', createdDate: '' });
    replies = [
      { status: 200, body: { moved: 2 } },
      { status: 200, body: { moved: 1 } },
    ];
    expect(await claimGuestRuns()).toBe(3);
    expect(sentBodies().slice(1)).toEqual([ISSUED, { XRPLWallet: made.wallet, walletSecret: made.secret }]);
    expect(localStorage.getItem(STORAGE_KEYS.previousGuestWallet)).toBeNull();
  });

  it("a guest's ticket answer without an identity is not used: the game plays unranked", async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    replies = [{ status: 200, body: TICKET }];
    expect(await newGameRun()).toEqual({ sessionId: expect.any(String) });
  });

  it('a signed-in player asks with the token only', async () => {
    setWebSession('token-1', { id: 7, username: 'nina', email: 'n@example.com', createdDate: '' });
    replies = [{ status: 200, body: TICKET }];
    await newGameRun();
    expect(sentBodies()).toEqual([{}]);
    expect((fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
  });

  it('without a ticket (offline, refused) the game still starts; its score goes without ticket and seed', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    for (const reply of ['offline', { status: 429, body: { error: { message: 'Too many requests' } } }, { status: 503 }] as Reply[]) {
      replies = [reply];
      const run = await newGameRun();
      expect(run).toEqual({ sessionId: expect.any(String) });
      const submission = buildSubmission(RESULT, run);
      expect(submission.ticket).toBeUndefined();
      expect(submission.seed).toBeUndefined();
    }
  });
});

describe('claimGuestRuns', () => {
  it("posts this browser's wallet and secret once signed in, and answers how many runs moved", async () => {
    const { wallet, secret } = getGuestWallet();
    replies = [{ status: 200, body: { moved: 3 } }];
    expect(await claimGuestRuns()).toBe(3);
    expect(fetchMock.mock.calls[0]?.[0]).toMatch(/\/api\/game\/nursehelpme\/guest-runs$/);
    expect(sentBodies()).toEqual([{ XRPLWallet: wallet, walletSecret: secret }]);
  });

  it('without a guest wallet in this browser nothing is sent', async () => {
    expect(await claimGuestRuns()).toBe(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a failure is only logged: the runs stay with the wallet', async () => {
    getGuestWallet();
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    replies = [{ status: 400, body: { error: { message: 'walletSecret does not match' } } }];
    expect(await claimGuestRuns()).toBe(0);
  });
});

describe('submitScore', () => {
  it('posts the score and answers the guest message', async () => {
    const outcome = await submitScore(buildSubmission(RESULT, { sessionId: 'session-guest' }));
    expect(outcome).toEqual({ saved: true, message: SCORE_MESSAGES.guest });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/game/nursehelpme/score');
    expect(fetchMock.mock.calls[0][1]?.method).toBe('POST');
    expect(readPendingScores()).toEqual([]);
  });

  it('answers the points earned for a logged-in user, with the token', async () => {
    setWebSession('token-2', { id: 8, username: 'omar', email: 'o@example.com', createdDate: '' });
    replies = [{ status: 200, body: { success: true, totalPoints: 1450 } }];
    const outcome = await submitScore(buildSubmission(RESULT, { sessionId: 'session-user' }));
    expect(outcome).toEqual({ saved: true, message: 'Score saved! You earned 1450 points!' });
    expect((fetchMock.mock.calls[0][1]?.headers as Record<string, string>).Authorization).toBe('Bearer token-2');
  });

  it('keeps a score that could not be sent and says so', async () => {
    replies = ['offline'];
    const outcome = await submitScore(buildSubmission(RESULT, { sessionId: 'session-offline' }));
    expect(outcome).toEqual({ saved: false, message: 'Score submission failed - playing offline' });
    expect(readPendingScores().map((s) => s.sessionId)).toEqual(['session-offline']);
  });

  it('keeps a score after a server error, drops one the server refuses for good', async () => {
    replies = [{ status: 503 }, { status: 400, body: { error: { message: 'level must be between 1 and 10' } } }];
    expect((await submitScore(buildSubmission(RESULT, { sessionId: 'session-503' }))).saved).toBe(false);
    expect((await submitScore(buildSubmission(RESULT, { sessionId: 'session-400' }))).message).toBe(SCORE_MESSAGES.failed);
    expect(readPendingScores().map((s) => s.sessionId)).toEqual(['session-503']);
  });
});

describe('flushPendingScores', () => {
  it('sends the kept scores, with their own sessionId, and empties the queue', async () => {
    replies = ['offline', 'offline'];
    await submitScore(buildSubmission(RESULT, { sessionId: 'kept-1' }));
    await submitScore(buildSubmission({ ...RESULT, score: 300, totalPoints: 1200 }, { sessionId: 'kept-2' }));
    fetchMock.mockClear();

    expect(await flushPendingScores()).toBe(2);
    expect(sentBodies().map((b) => b.sessionId)).toEqual(['kept-1', 'kept-2']);
    expect(localStorage.getItem(STORAGE_KEYS.pendingScores)).toBeNull();
  });

  it("waits with a user's score until that user is logged in", async () => {
    setWebSession('token-3', { id: 9, username: 'pia', email: 'p@example.com', createdDate: '' });
    replies = ['offline'];
    await submitScore(buildSubmission(RESULT, { sessionId: 'pia-game' }));
    clearSessions();
    fetchMock.mockClear();

    expect(await flushPendingScores()).toBe(0);
    expect(fetchMock).not.toHaveBeenCalled();

    setWebSession('token-3', { id: 9, username: 'pia', email: 'p@example.com', createdDate: '' });
    expect(await flushPendingScores()).toBe(1);
    expect(readPendingScores()).toEqual([]);
  });

  it('stops at the first network failure and keeps everything', async () => {
    replies = ['offline', 'offline', 'offline'];
    await submitScore(buildSubmission(RESULT, { sessionId: 'a-game' }));
    await submitScore(buildSubmission(RESULT, { sessionId: 'b-game' }));
    fetchMock.mockClear();
    expect(await flushPendingScores()).toBe(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(readPendingScores()).toHaveLength(2);
  });
});

describe('high score', () => {
  it('keeps the best game score (level*100 + coins*10)', () => {
    expect(readHighScore()).toBe(0);
    expect(recordHighScore(550)).toBe(550);
    expect(recordHighScore(300)).toBe(550);
    expect(localStorage.getItem('nurseHelpMeHighScore')).toBe('550');
    expect(recordHighScore(700)).toBe(700);
  });
});
