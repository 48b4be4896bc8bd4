/**
 * POST /api/game/nursehelpme/score: the submission sent at the end of every game (one sessionId per game;
 * userId when signed in, else the guest identity; the ticket and seed when the game had a ticket). It goes
 * through the local queue (pendingScores.ts), so a game played offline is sent on the next load of the game
 * page or after the next game.
 */
import type { ScoreResponse, ScoreResult, ScoreSubmission } from '@haic/contract';
import { ApiError, api } from '../../../lib/api';
import { getAuth, isWebUserLoggedIn, type AuthSnapshot } from '../../../lib/auth';
import { getGuestWallet } from '../guestIdentity';
import { dequeue, enqueue, readPendingScores } from '../pendingScores';
import type { GameRun } from './tickets';

export const SCORE_URL = '/api/game/nursehelpme/score';

export const SCORE_MESSAGES = {
  user: (points: number) => `Score saved! You earned ${points} points!`,
  guest: 'Score saved! Login to track all your scores and earn rewards.',
  failed: 'Score submission failed - playing offline',
} as const;

/** A saved run names its id: its page is /runs/{runId}. */
type SubmitOutcome = { saved: true; message: string; runId?: string } | { saved: false; message: string };

/** The server answered, but without saying that it saved the score: the submission is sent again later. */
class ScoreNotConfirmed extends Error {
  constructor() {
    super('The server did not confirm the score');
    this.name = 'ScoreNotConfirmed';
  }
}

/** The submission for a finished game: userId when a web user is logged in, else the guest wallet. */
export function buildSubmission(result: ScoreResult, run: GameRun, inputLog?: string, auth: AuthSnapshot = getAuth()): ScoreSubmission {
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

/** A refusal that no resend can fix (the server said the numbers or the owner are wrong). */
const isFinalRefusal = (error: unknown) => error instanceof ApiError && (error.status === 400 || error.status === 403);

async function post(submission: ScoreSubmission): Promise<ScoreResponse> {
  const response = await api.post<ScoreResponse>(SCORE_URL, submission);
  if (!response || response.success !== true) throw new ScoreNotConfirmed();
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
    const message = submission.userId !== undefined ? SCORE_MESSAGES.user(response.totalPoints ?? submission.totalPoints) : SCORE_MESSAGES.guest;
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
