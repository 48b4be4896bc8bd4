/**
 * A run's input log: read in its one canonical spelling (one linear pass, no replay), hashed, and
 * replayed off the request thread (utils/replay-pool.ts) to prove the numbers a run claims. The log's
 * format and the replay itself are the contract's (contract/src/game/input-log.ts).
 */
import crypto from 'crypto';
import { MAX_INPUT_LOG_LENGTH, canonicalInputLog, replayMismatch, type ScoreResult } from '@haic/contract';
import { invalidField } from '../../utils/api-error';
import { replayInPool } from '../../utils/replay-pool';

/** A log in its canonical spelling, with the steps it lasts: what is hashed, compared and replayed. */
export interface InputLog {
  text: string;
  steps: number;
}

export const sha256 = (text: string): string => crypto.createHash('sha256').update(text).digest('hex');

/** A submission's inputLog: absent (null) or a log a game could write; 400 naming `inputLog` otherwise. */
export function readInputLog(value: unknown): InputLog | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalidField('inputLog', 'inputLog must be a string');
  if (value.length > MAX_INPUT_LOG_LENGTH) {
    throw invalidField('inputLog', `inputLog is longer than a game can last (${MAX_INPUT_LOG_LENGTH} characters at most)`);
  }
  const canonical = canonicalInputLog(value);
  if ('message' in canonical) throw invalidField('inputLog', canonical.message);
  return { text: canonical.log, steps: canonical.steps };
}

/** The hash a log is known by once it ranked (a log re-spelled is the same log: its canonical text). */
export const logHash = (log: InputLog): string => sha256(log.text);

/**
 * Replays the log with the run's seed in the worker pool: the claimed numbers must be the replay's.
 * 400 naming the field that differs (or `inputLog` when the log does not play a whole game).
 */
export async function proveByReplay(log: InputLog, seed: number, claimed: ScoreResult): Promise<void> {
  const outcome = await replayInPool(log.text, seed);
  if ('message' in outcome) throw invalidField('inputLog', outcome.message);
  const mismatch = replayMismatch(claimed, outcome.result);
  if (mismatch) throw invalidField(mismatch.field, mismatch.message);
}
