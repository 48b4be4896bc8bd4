import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { loadGameLevels, maxCoinsThroughLevel } from '../../../utils/game-levels';

const UID = 'api::game-score.game-score';

/** Guest wallet ids: 'GUEST_' plus 8 uppercase characters (spec section 9). */
export const GUEST_WALLET_PATTERN = /^GUEST_[A-Z0-9]{8}$/;
/** One id per game (the game page sends crypto.randomUUID()); letters, digits, '-' and '_'. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/** Largest value an integer column holds on every supported database. */
const MAX_INT = 2147483647;
const SCORE_PER_LEVEL = 100;
const SCORE_PER_COIN = 10;
const TIME_BONUS_MAX = 1000;

const NUMBER_FIELDS = ['score', 'level', 'timeElapsed', 'bonusPoints', 'totalPoints'] as const;

export interface ScoreSubmission {
  score: number;
  level: number;
  timeElapsed: number;
  bonusPoints: number;
  totalPoints: number;
  sessionId: string;
  userId?: number | string;
  XRPLWallet?: string;
}

export interface Submitter {
  /** The user of a valid Bearer token, or null. */
  user: { id: number; documentId?: string } | null;
  /** Whether an Authorization header was sent at all. */
  hasToken: boolean;
}

/**
 * A 401/403 refusal. Strapi's authorize step turns its own Unauthorized/Forbidden errors thrown by a
 * controller into bare 'Unauthorized'/'Forbidden', so the controller answers these itself.
 */
export class ScoreAccessError extends Error {
  constructor(
    public readonly status: 401 | 403,
    message: string,
  ) {
    super(message);
    this.name = 'ScoreAccessError';
  }
}

function refuse(field: string, message: string): never {
  throw new errors.ValidationError(message, {
    errors: [{ path: [field], message }],
  });
}

/** What the API answers for a stored score. */
function present(row: any) {
  return {
    id: row.id,
    documentId: row.documentId,
    sessionId: row.sessionId,
    score: row.score,
    level: row.level,
    timeElapsed: row.timeElapsed,
    bonusPoints: row.bonusPoints,
    totalPoints: row.totalPoints,
    playedDate: row.playedDate,
    guest: !row.user,
  };
}

export default factories.createCoreService(UID, ({ strapi }) => ({
  /**
   * Checks that the numbers are ones the game could have produced (spec section 9) and that the
   * submitter is who they say, then stores the score once per sessionId. Refusals throw 400
   * (ValidationError), 401 (a userId without a valid token) or 403 (a userId that is not the token's user).
   */
  validateSubmission(body: unknown, submitter: Submitter) {
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      refuse('body', 'The score submission must be a JSON object');
    }
    const input = body as Record<string, unknown>;

    for (const field of NUMBER_FIELDS) {
      const value = input[field];
      if (value === undefined || value === null) refuse(field, `${field} is required`);
      if (typeof value !== 'number' || !Number.isInteger(value)) refuse(field, `${field} must be a whole number`);
      if (value < 0) refuse(field, `${field} must not be negative`);
      if (value > MAX_INT) refuse(field, `${field} is too large`);
    }
    const score = input.score as number;
    const level = input.level as number;
    const timeElapsed = input.timeElapsed as number;
    const bonusPoints = input.bonusPoints as number;
    const totalPoints = input.totalPoints as number;

    const levels = loadGameLevels(strapi);
    if (level < 1 || level > levels.count) refuse('level', `level must be between 1 and ${levels.count}`);

    const coinPoints = score - level * SCORE_PER_LEVEL;
    const maxCoins = maxCoinsThroughLevel(levels, level);
    if (coinPoints < 0 || coinPoints % SCORE_PER_COIN !== 0 || coinPoints / SCORE_PER_COIN > maxCoins) {
      refuse(
        'score',
        `score must be level*${SCORE_PER_LEVEL} plus ${SCORE_PER_COIN} per coin, with at most ${maxCoins} coins by level ${level}`,
      );
    }
    const expectedBonus = Math.max(0, TIME_BONUS_MAX - timeElapsed);
    if (bonusPoints !== expectedBonus) {
      refuse('bonusPoints', `bonusPoints must be max(0, ${TIME_BONUS_MAX} - timeElapsed) = ${expectedBonus}`);
    }
    if (totalPoints !== score + bonusPoints) {
      refuse('totalPoints', `totalPoints must be score + bonusPoints = ${score + bonusPoints}`);
    }

    const sessionId = input.sessionId;
    if (sessionId === undefined || sessionId === null || sessionId === '') refuse('sessionId', 'sessionId is required');
    if (typeof sessionId !== 'string' || !SESSION_ID_PATTERN.test(sessionId)) {
      refuse('sessionId', 'sessionId must be 8 to 100 letters, digits, dashes or underscores');
    }

    const userId = input.userId;
    let owner: { userId: number | null; guestWallet: string | null };
    if (userId !== undefined && userId !== null && userId !== '') {
      if (typeof userId !== 'number' && typeof userId !== 'string') refuse('userId', 'userId must be a user id');
      const { user } = submitter;
      if (!user) {
        throw new ScoreAccessError(
          401,
          submitter.hasToken
            ? 'Your login has expired: sign in again to save scores to your account'
            : 'A login token is required to submit a score for a user',
        );
      }
      if (String(userId) !== String(user.id) && userId !== user.documentId) {
        throw new ScoreAccessError(403, 'You can only submit scores for your own account');
      }
      owner = { userId: user.id, guestWallet: null };
    } else {
      const wallet = input.XRPLWallet;
      if (wallet === undefined || wallet === null || wallet === '')
        refuse('XRPLWallet', 'XRPLWallet is required for a guest score');
      if (typeof wallet !== 'string' || !GUEST_WALLET_PATTERN.test(wallet)) {
        refuse('XRPLWallet', "XRPLWallet must be 'GUEST_' followed by 8 uppercase letters or digits");
      }
      owner = { userId: null, guestWallet: wallet };
    }

    return {
      score,
      level,
      timeElapsed,
      bonusPoints,
      totalPoints,
      sessionId: sessionId as string,
      ...owner,
    };
  },

  async findBySession(sessionId: string) {
    return strapi.db.query(UID).findOne({
      where: { sessionId },
      populate: { user: { select: ['id'] } },
    });
  },

  /** The same sessionId posted again by the same submitter answers the stored row; by someone else it is refused. */
  existingFor(row: any, owner: { userId: number | null; guestWallet: string | null }) {
    const sameOwner =
      owner.userId !== null ? row.user?.id === owner.userId : !row.user && row.guestWallet === owner.guestWallet;
    if (!sameOwner) refuse('sessionId', 'This sessionId has already been used for another score');
    return present(row);
  },

  async submitScore(body: unknown, submitter: Submitter) {
    const valid = this.validateSubmission(body, submitter);
    const { userId, guestWallet, ...numbers } = valid;

    const existing = await this.findBySession(valid.sessionId);
    if (existing) return this.existingFor(existing, valid);

    try {
      const created = await strapi.documents(UID).create({
        data: {
          ...numbers,
          guestWallet,
          user: userId ?? null,
          playedDate: new Date().toISOString(),
        } as any,
      });
      const row = await this.findBySession(created.sessionId);
      return present(row ?? created);
    } catch (error) {
      // A concurrent post with the same sessionId won the race: the unique constraint (or the unique
      // check) refused this one, so the score is stored once; answer with that row.
      const winner = await this.findBySession(valid.sessionId);
      if (winner) return this.existingFor(winner, valid);
      throw error;
    }
  },
}));
