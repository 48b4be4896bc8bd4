/**
 * Nurse Help Me score keeping on the client:
 * - the run ticket asked for when a game starts (its seed is the game's; without a ticket the game
 *   still plays and its score is saved, just not ranked). The server issues a guest's identity: the
 *   ticket answer carries the guest wallet id and its secret, kept in tempXRPLWallet and beside it, and
 *   sent back with the next ticket request and every guest score;
 * - the submission sent at the end of every game (one sessionId per game; userId when logged in,
 *   else the guest wallet id kept in tempXRPLWallet; the ticket and seed when the game had a ticket);
 * - a local queue of submissions not yet accepted by the server, resent on the next load of the game
 *   page and after the next game, so a game played offline is not lost (the sessionId makes a resend
 *   safe: the server stores each sessionId once);
 * - the local high score and games-played count.
 *
 * No engine code here: the page imports this module, the engine stays in the lazily loaded game chunk.
 */
import {
  GUEST_WALLET_PATTERN,
  WALLET_SECRET_PATTERN,
  type GuestIdentity,
  type GuestRunsClaim,
  type GuestRunsClaimResponse,
  type RunTicket,
  type RunTicketRequest,
  type ScoreResponse,
  type ScoreResult,
  type ScoreSubmission,
  type UserStats,
} from '@haic/contract';
import { ApiError, api, apiRequest } from '../../lib/api';
import { getAuth, isWebUserLoggedIn, type AuthSnapshot } from '../../lib/auth';
import { STORAGE_KEYS, readJson } from '../../lib/storage';

export const SCORE_URL = '/api/game/nursehelpme/score';
const GUEST_RUNS_URL = '/api/game/nursehelpme/guest-runs';
const RUN_TICKET_URL = '/api/game/nursehelpme/ticket';
/** How long Start Game waits for a ticket before the game starts without one. */
const RUN_TICKET_WAIT_MS = 4000;
/** The secret the server issued with the guest wallet id: it proves this browser is that guest. */
export const GUEST_WALLET_SECRET_KEY = 'tempXRPLWalletSecret';
/** The guest identity the server's replaced (a wallet made here before one was issued): its runs still move. */
export const PREVIOUS_GUEST_WALLET_KEY = 'tempXRPLWalletPrevious';
/** Submissions waiting to be accepted by the server (a JSON array of PendingScore). */
export const PENDING_SCORES_KEY = 'nurseHelpMePendingScores';
/** Games finished in this browser. */
export const GAMES_PLAYED_KEY = 'nurseHelpMeGamesPlayed';
/** Oldest queued submissions are dropped beyond this many. */
const MAX_PENDING_SCORES = 50;

export const SCORE_MESSAGES = {
  user: (points: number) => `Score saved! You earned ${points} points!`,
  guest: 'Score saved! Login to track all your scores and earn rewards.',
  failed: 'Score submission failed - playing offline',
} as const;

/** A saved run names its id: its page is /runs/{runId}. */
type SubmitOutcome = { saved: true; message: string; runId?: string } | { saved: false; message: string };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomBytes(n: number): Uint8Array {
  const bytes = new Uint8Array(n);
  if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(bytes);
  else for (let i = 0; i < n; i++) bytes[i] = Math.floor(Math.random() * 256);
  return bytes;
}

/** One id per game: crypto.randomUUID(), or a v4 UUID from random bytes where it is missing (plain http). */
export function newSessionId(): string {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID();
  const b = randomBytes(16);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const newWalletSecret = () =>
  Array.from(randomBytes(32), (x) => x.toString(16).padStart(2, '0')).join('');

/** One game: its session id, and the run ticket and seed it plays with when the server issued one. */
export interface GameRun {
  sessionId: string;
  ticket?: string;
  seed?: number;
}

/**
 * Asks the server for a run ticket for a game about to start. Any failure (offline, refused, slow) is
 * only logged and answers null: the game then plays with its session's own seed and its score is saved
 * unranked.
 */
async function requestRunTicket(auth: AuthSnapshot = getAuth()): Promise<RunTicket | null> {
  const signedIn = isWebUserLoggedIn(auth) && Boolean(auth.webUser);
  const stored = signedIn ? null : storedGuestIdentity();
  const request: RunTicketRequest = stored ? { XRPLWallet: stored.wallet, walletSecret: stored.secret } : {};
  const controller = typeof AbortController === 'function' ? new AbortController() : null;
  const timer = setTimeout(() => controller?.abort(), RUN_TICKET_WAIT_MS);
  try {
    const ticket = await apiRequest<RunTicket>(RUN_TICKET_URL, { method: 'POST', body: request, signal: controller?.signal });
    if (!ticket || typeof ticket.ticket !== 'string' || !Number.isInteger(ticket.seed)) return null;
    if (!signedIn) {
      // The ticket is issued to the identity in its answer: without it the run could not rank.
      if (!ticket.guest || !keepGuestIdentity(ticket.guest)) return null;
    }
    return ticket;
  } catch (error) {
    console.warn('Nurse Help Me: no run ticket, this game will not be ranked', error);
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** A new game: a fresh session, with the server's ticket when it gives one. */
export async function newGameRun(): Promise<GameRun> {
  const sessionId = newSessionId();
  const ticket = await requestRunTicket();
  return ticket ? { sessionId, ticket: ticket.ticket, seed: ticket.seed } : { sessionId };
}

/** The guest identity kept in this browser, or null. */
function storedGuestIdentity(): { wallet: string; secret: string } | null {
  const wallet = localStorage.getItem(STORAGE_KEYS.guestWallet);
  const secret = localStorage.getItem(GUEST_WALLET_SECRET_KEY);
  return wallet && secret && GUEST_WALLET_PATTERN.test(wallet) && WALLET_SECRET_PATTERN.test(secret) ? { wallet, secret } : null;
}

/**
 * Keeps the identity the server issued with a ticket (false when it is malformed). One it replaces is
 * remembered, so the runs played under it still move to the account at the next sign-in.
 */
function keepGuestIdentity(identity: GuestIdentity): boolean {
  if (!GUEST_WALLET_PATTERN.test(identity.XRPLWallet) || !WALLET_SECRET_PATTERN.test(identity.walletSecret)) return false;
  const stored = storedGuestIdentity();
  if (stored && stored.wallet !== identity.XRPLWallet) localStorage.setItem(PREVIOUS_GUEST_WALLET_KEY, JSON.stringify(stored));
  localStorage.setItem(STORAGE_KEYS.guestWallet, identity.XRPLWallet);
  localStorage.setItem(GUEST_WALLET_SECRET_KEY, identity.walletSecret);
  return true;
}

/**
 * The guest wallet id ('GUEST_' + 8 uppercase characters) and its secret, kept in tempXRPLWallet and
 * beside it: the one the server issued with a ticket. Before any ticket (offline), one is made here so
 * the score is still saved: it cannot rank, and the next ticket brings an issued one.
 */
export function getGuestWallet(): { wallet: string; secret: string } {
  let wallet = localStorage.getItem(STORAGE_KEYS.guestWallet);
  let secret = localStorage.getItem(GUEST_WALLET_SECRET_KEY);
  if (!wallet || !GUEST_WALLET_PATTERN.test(wallet)) {
    wallet = `GUEST_${Array.from(randomBytes(8), (x) => ALPHABET[x % ALPHABET.length]).join('')}`;
    localStorage.setItem(STORAGE_KEYS.guestWallet, wallet);
    secret = null;
  }
  if (!secret || !WALLET_SECRET_PATTERN.test(secret)) {
    secret = newWalletSecret();
    localStorage.setItem(GUEST_WALLET_SECRET_KEY, secret);
  }
  return { wallet, secret };
}

/**
 * After a sign-in or registration: moves the runs this browser played as a guest to the account (the
 * server checks the wallet's secret and moves each run once). Any failure is only logged: the runs
 * stay with the wallet and move on a later sign-in.
 */
export async function claimGuestRuns(): Promise<number> {
  const previous = readJson<{ wallet?: unknown; secret?: unknown }>(PREVIOUS_GUEST_WALLET_KEY);
  const identities = [storedGuestIdentity(), previous];
  let moved = 0;
  for (const identity of identities) {
    const { wallet, secret } = identity ?? {};
    if (typeof wallet !== 'string' || typeof secret !== 'string' || !GUEST_WALLET_PATTERN.test(wallet) || !WALLET_SECRET_PATTERN.test(secret)) continue;
    try {
      const claim: GuestRunsClaim = { XRPLWallet: wallet, walletSecret: secret };
      const response = await api.post<GuestRunsClaimResponse>(GUEST_RUNS_URL, claim);
      moved += response?.moved ?? 0;
      if (identity === previous) localStorage.removeItem(PREVIOUS_GUEST_WALLET_KEY);
    } catch (error) {
      console.warn('Nurse Help Me: guest runs were not moved to the account', error);
    }
  }
  return moved;
}

function readNumber(key: string): number {
  const value = Number(localStorage.getItem(key));
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** The local high score: the best game score (level*100 + coins*10, the number the game shows). */
export const readHighScore = () => readNumber(STORAGE_KEYS.highScore);

/** Records a finished game's score; returns the (possibly new) high score. */
export function recordHighScore(score: number): number {
  const best = Math.max(readHighScore(), score);
  localStorage.setItem(STORAGE_KEYS.highScore, String(best));
  return best;
}

export const readGamesPlayed = () => readNumber(GAMES_PLAYED_KEY);

export function recordGamePlayed(): number {
  const count = readGamesPlayed() + 1;
  localStorage.setItem(GAMES_PLAYED_KEY, String(count));
  return count;
}

/** The submission for a finished game: userId when a web user is logged in, else the guest wallet. */
export function buildSubmission(
  result: ScoreResult,
  run: GameRun,
  inputLog?: string,
  auth: AuthSnapshot = getAuth(),
): ScoreSubmission {
  const numbers = {
    score: result.score,
    level: result.level,
    timeElapsed: result.timeElapsed,
    bonusPoints: result.bonusPoints,
    totalPoints: result.totalPoints,
    sessionId: run.sessionId,
    ...(inputLog ? { inputLog } : {}),
    ...(run.ticket !== undefined && run.seed !== undefined ? { ticket: run.ticket, seed: run.seed } : {}),
  };
  if (isWebUserLoggedIn(auth) && auth.webUser) return { ...numbers, userId: auth.webUser.id };
  const guest = getGuestWallet();
  return { ...numbers, XRPLWallet: guest.wallet, walletSecret: guest.secret };
}

export function readPendingScores(): ScoreSubmission[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(PENDING_SCORES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((s) => s && typeof s.sessionId === 'string') : [];
  } catch {
    return [];
  }
}

function writePendingScores(scores: ScoreSubmission[]) {
  if (scores.length === 0) localStorage.removeItem(PENDING_SCORES_KEY);
  else localStorage.setItem(PENDING_SCORES_KEY, JSON.stringify(scores.slice(-MAX_PENDING_SCORES)));
}

function enqueue(submission: ScoreSubmission) {
  const pending = readPendingScores().filter((s) => s.sessionId !== submission.sessionId);
  writePendingScores([...pending, submission]);
}

function dequeue(sessionId: string) {
  writePendingScores(readPendingScores().filter((s) => s.sessionId !== sessionId));
}

/** A refusal that no resend can fix (the server said the numbers or the owner are wrong). */
const isFinalRefusal = (error: unknown) => error instanceof ApiError && (error.status === 400 || error.status === 403);

async function post(submission: ScoreSubmission): Promise<ScoreResponse> {
  const response = await api.post<ScoreResponse>(SCORE_URL, submission);
  if (!response || response.success !== true) throw new ApiError(200, 'The server did not confirm the score');
  return response;
}

/**
 * Sends a finished game's score. It is queued locally first and leaves the queue once the server
 * has it (or refuses it for good), so closing the tab or losing the network never loses it.
 */
export async function submitScore(submission: ScoreSubmission): Promise<SubmitOutcome> {
  enqueue(submission);
  try {
    const response = await post(submission);
    dequeue(submission.sessionId);
    const message =
      submission.userId !== undefined
        ? SCORE_MESSAGES.user(response.totalPoints ?? submission.totalPoints)
        : SCORE_MESSAGES.guest;
    return { saved: true, message, ...(response.documentId ? { runId: response.documentId } : {}) };
  } catch (error) {
    if (isFinalRefusal(error)) dequeue(submission.sessionId);
    console.error('Nurse Help Me: score submission failed', error);
    return { saved: false, message: SCORE_MESSAGES.failed };
  }
}

let flushing: Promise<number> | null = null;

/**
 * Resends queued scores; returns how many the server accepted. A user's score waits until that user
 * is logged in again (it needs their token); one flush runs at a time.
 */
export function flushPendingScores(): Promise<number> {
  if (!flushing) {
    flushing = (async () => {
      let sent = 0;
      for (const submission of readPendingScores()) {
        if (submission.userId !== undefined) {
          const auth = getAuth();
          if (!isWebUserLoggedIn(auth) || String(auth.webUser?.id) !== String(submission.userId)) continue;
        }
        try {
          await post(submission);
          dequeue(submission.sessionId);
          sent++;
        } catch (error) {
          if (isFinalRefusal(error)) dequeue(submission.sessionId);
          else if (error instanceof ApiError && error.status === 0) break; // offline: try again later
        }
      }
      return sent;
    })().finally(() => {
      flushing = null;
    });
  }
  return flushing;
}

/** The account's stats (GET /api/users/{id}/stats); null when not logged in or on any failure (only logged). */
export async function fetchUserStats(auth: AuthSnapshot = getAuth()): Promise<UserStats | null> {
  if (!isWebUserLoggedIn(auth) || !auth.webUser) return null;
  try {
    const stats = await api.get<UserStats>(`/api/users/${encodeURIComponent(String(auth.webUser.id))}/stats`);
    return stats && typeof stats.gamesPlayed === 'number' ? stats : null;
  } catch (error) {
    console.warn('Nurse Help Me: could not load account stats', error);
    return null;
  }
}
