/**
 * The local queue of score submissions not yet accepted by the server: a game played offline is not lost.
 * A submission is queued before it is sent and leaves the queue once the server has it (or refuses it for
 * good); the sessionId makes a resend safe (the server stores each sessionId once).
 */
import type { ScoreSubmission } from '@haic/contract';
import { STORAGE_KEYS } from '../../lib/storage';

/** Oldest queued submissions are dropped beyond this many. */
const MAX_PENDING_SCORES = 50;

export function readPendingScores(): ScoreSubmission[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEYS.pendingScores) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((s) => s && typeof s.sessionId === 'string') : [];
  } catch {
    return [];
  }
}

function writePendingScores(scores: ScoreSubmission[]) {
  if (scores.length === 0) localStorage.removeItem(STORAGE_KEYS.pendingScores);
  else localStorage.setItem(STORAGE_KEYS.pendingScores, JSON.stringify(scores.slice(-MAX_PENDING_SCORES)));
}

export function enqueue(submission: ScoreSubmission) {
  const pending = readPendingScores().filter((s) => s.sessionId !== submission.sessionId);
  writePendingScores([...pending, submission]);
}

export function dequeue(sessionId: string) {
  writePendingScores(readPendingScores().filter((s) => s.sessionId !== sessionId));
}
