/**
 * What a submitted run must be before anything is stored or replayed (POST /api/game/nursehelpme/score):
 * numbers the game could have produced (levels, coins, time bonus), a session id, a well-formed log,
 * ticket and seed, and a submitter who is who they say. Refusals are 400 naming the field, 401 (a userId
 * without a valid token) or 403 (a userId that is not the token's user), in the order the fields are read.
 */
import {
  GAME_SEED_MAX,
  LEVELS,
  SCORE_PER_COIN,
  SCORE_PER_LEVEL,
  SESSION_ID_PATTERN,
  TIME_BONUS_MAX,
  maxCoinsThroughLevel,
  seedFromSession,
  timeBonus,
  type ScoreResult,
} from '@haic/contract';
import { forbidden, invalidField, unauthorized } from '../../utils/api-error';
import { isIssuedGuest, readGuestWallet, readWalletSecret } from './guest-identity';
import { readInputLog, sha256, type InputLog } from './replay';
import { readTicket } from './services/tickets';

/** Largest value an integer column holds on every supported database. */
const MAX_INT = 2147483647;
const NUMBER_FIELDS = ['score', 'level', 'timeElapsed', 'bonusPoints', 'totalPoints'] as const;

/** Who posts the run, as the controller read it from the request. */
export interface Submitter {
  /** The user of a valid Bearer token, or null. */
  user: { id: number; documentId?: string } | null;
  /** Whether an Authorization header was sent at all. */
  hasToken: boolean;
}

/** Whose run it is: an account, or a guest wallet (with the hash of its secret when one was sent). */
export type RunOwner = { userId: number; guestWallet: null; guestSecretHash: null } | { userId: null; guestWallet: string; guestSecretHash: string | null };

export type Submission = RunOwner & {
  numbers: ScoreResult;
  sessionId: string;
  log: InputLog | null;
  ticket: string | null;
  seed: number;
};

const absent = (value: unknown) => value === undefined || value === null || value === '';

function readNumbers(input: Record<string, unknown>): ScoreResult {
  const numbers: Record<string, number> = {};
  for (const field of NUMBER_FIELDS) {
    const value = input[field];
    if (value === undefined || value === null) throw invalidField(field, `${field} is required`);
    if (typeof value !== 'number' || !Number.isInteger(value)) throw invalidField(field, `${field} must be a whole number`);
    if (value < 0) throw invalidField(field, `${field} must not be negative`);
    if (value > MAX_INT) throw invalidField(field, `${field} is too large`);
    numbers[field] = value;
  }
  const { score, level, timeElapsed, bonusPoints, totalPoints } = numbers;

  if (level < 1 || level > LEVELS.length) throw invalidField('level', `level must be between 1 and ${LEVELS.length}`);
  const coinPoints = score - level * SCORE_PER_LEVEL;
  const maxCoins = maxCoinsThroughLevel(LEVELS, level);
  if (coinPoints < 0 || coinPoints % SCORE_PER_COIN !== 0 || coinPoints / SCORE_PER_COIN > maxCoins) {
    throw invalidField('score', `score must be level*${SCORE_PER_LEVEL} plus ${SCORE_PER_COIN} per coin, with at most ${maxCoins} coins by level ${level}`);
  }
  const expectedBonus = timeBonus(timeElapsed);
  if (bonusPoints !== expectedBonus) {
    throw invalidField('bonusPoints', `bonusPoints must be max(0, ${TIME_BONUS_MAX} - timeElapsed) = ${expectedBonus}`);
  }
  if (totalPoints !== score + bonusPoints) throw invalidField('totalPoints', `totalPoints must be score + bonusPoints = ${score + bonusPoints}`);
  return { score, level, timeElapsed, bonusPoints, totalPoints };
}

function readSessionId(value: unknown): string {
  if (absent(value)) throw invalidField('sessionId', 'sessionId is required');
  if (typeof value !== 'string' || !SESSION_ID_PATTERN.test(value)) {
    throw invalidField('sessionId', 'sessionId must be 8 to 100 letters, digits, dashes or underscores');
  }
  return value;
}

function readSeed(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > GAME_SEED_MAX) {
    throw invalidField('seed', `seed must be a whole number from 0 to ${GAME_SEED_MAX}`);
  }
  return value;
}

function readOwner(input: Record<string, unknown>, submitter: Submitter, ranked: boolean): RunOwner {
  const userId = input.userId;
  if (!absent(userId)) {
    if (typeof userId !== 'number' && typeof userId !== 'string') throw invalidField('userId', 'userId must be a user id');
    const { user } = submitter;
    if (!user) {
      throw unauthorized(
        submitter.hasToken ? 'Your login has expired: sign in again to save scores to your account' : 'A login token is required to submit a score for a user',
      );
    }
    if (String(userId) !== String(user.id) && userId !== user.documentId) throw forbidden('You can only submit scores for your own account');
    return { userId: user.id, guestWallet: null, guestSecretHash: null };
  }
  if (absent(input.XRPLWallet)) throw invalidField('XRPLWallet', 'XRPLWallet is required for a guest score');
  const wallet = readGuestWallet(input.XRPLWallet, true);
  const secret = readWalletSecret(input.walletSecret);
  // A guest run that asks to rank (it carries a ticket) must come from a wallet the server issued: a
  // wallet id the client chose, or one without its secret, is refused. Without a ticket the run never
  // ranks, and is stored unverified as before (offline games, wallets from before).
  if (ranked && !isIssuedGuest(wallet, secret)) {
    throw invalidField(
      'XRPLWallet',
      'XRPLWallet was not issued by this server (or walletSecret is not its secret): a ranked guest run needs the wallet the ticket answer gave',
    );
  }
  return { userId: null, guestWallet: wallet, guestSecretHash: secret === null ? null : sha256(secret) };
}

/** The submitted body as a run to accept, or the refusal naming the first field that is wrong. */
export function readSubmission(body: unknown, submitter: Submitter): Submission {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalidField('body', 'The score submission must be a JSON object');
  const input = body as Record<string, unknown>;
  const numbers = readNumbers(input);
  const sessionId = readSessionId(input.sessionId);
  const log = readInputLog(input.inputLog);
  const ticket = readTicket(input.ticket);
  const seed = readSeed(input.seed);
  return {
    numbers,
    sessionId,
    log,
    ticket,
    // A run without a seed played the one its session id gives (how the game played before tickets).
    seed: seed ?? seedFromSession(sessionId),
    ...readOwner(input, submitter, ticket !== null),
  };
}
