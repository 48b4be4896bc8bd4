import crypto from 'crypto';
import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  GUEST_WALLET_PATTERN,
  LEADERBOARD_DEFAULT_LIMIT,
  LEADERBOARD_MAX_LIMIT,
  LEADERBOARD_PERIODS,
  LEVELS,
  MAX_INPUT_LOG_LENGTH,
  SCORE_PER_COIN,
  SCORE_PER_LEVEL,
  SESSION_ID_PATTERN,
  TIME_BONUS_MAX,
  WALLET_SECRET_PATTERN,
  maskGuestWallet,
  maxCoinsThroughLevel,
  replayMismatch,
  type LeaderboardEntry,
  type LeaderboardPeriod,
  type LeaderboardResponse,
  type StoredScore,
} from '@haic/contract';
import { ReplayBusyError, replayInPool } from '../../../utils/replay-pool';

const UID = 'api::game-score.game-score';

/** Largest value an integer column holds on every supported database. */
const MAX_INT = 2147483647;
const NUMBER_FIELDS = ['score', 'level', 'timeElapsed', 'bonusPoints', 'totalPoints'] as const;
/** How long a leaderboard stays cached (a new verified run clears it at once on this server). */
const LEADERBOARD_TTL_MS = 5000;

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

export { ReplayBusyError };

function refuse(field: string, message: string): never {
  throw new errors.ValidationError(message, {
    errors: [{ path: [field], message }],
  });
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** What the API answers for a stored score. */
function present(row: any): StoredScore {
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
    verified: Boolean(row.verified),
  };
}

/** Start of the period in UTC: today from midnight, this week from Monday midnight. */
export function periodStart(period: LeaderboardPeriod, now = new Date()): Date | null {
  if (period === 'all') return null;
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (period === 'week') start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  return start;
}

/** period all|week|day (default all) and limit 1..100 (default 50); 400 naming the field otherwise. */
export function parseLeaderboardQuery(query: Record<string, unknown>): { period: LeaderboardPeriod; limit: number } {
  const rawPeriod = query.period;
  const period = rawPeriod === undefined || rawPeriod === '' ? 'all' : rawPeriod;
  if (typeof period !== 'string' || !(LEADERBOARD_PERIODS as readonly string[]).includes(period)) {
    refuse('period', `period must be one of ${LEADERBOARD_PERIODS.join(', ')}`);
  }
  const rawLimit = query.limit;
  let limit = LEADERBOARD_DEFAULT_LIMIT;
  if (rawLimit !== undefined && rawLimit !== '') {
    const text = String(rawLimit);
    limit = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
    if (!(limit >= 1 && limit <= LEADERBOARD_MAX_LIMIT)) {
      refuse('limit', `limit must be a whole number from 1 to ${LEADERBOARD_MAX_LIMIT}`);
    }
  }
  return { period: period as LeaderboardPeriod, limit };
}

export default factories.createCoreService(UID, ({ strapi }) => {
  /** period -> the top runs (up to the largest limit), with when they were read. */
  const boards = new Map<LeaderboardPeriod, { at: number; entries: LeaderboardEntry[] }>();
  /** 'period:limit' -> the public answer as JSON, built once per board. */
  const bodies = new Map<string, { at: number; json: string }>();
  const clearBoards = () => {
    boards.clear();
    bodies.clear();
  };

  const entryOf = (row: any, rank: number): LeaderboardEntry => ({
    rank,
    player: row.user ? row.user.username : maskGuestWallet(row.guestWallet ?? ''),
    totalPoints: row.totalPoints,
    score: row.score,
    bonusPoints: row.bonusPoints,
    level: row.level,
    timeElapsed: row.timeElapsed,
    playedDate: new Date(row.playedDate).toISOString(),
  });

  const verifiedSince = (period: LeaderboardPeriod) => {
    const start = periodStart(period);
    return start ? { verified: true, playedDate: { $gte: start.toISOString() } } : { verified: true };
  };

  return {
    /**
     * Checks that the numbers are ones the game could have produced (spec section 9) and that the
     * submitter is who they say. Refusals throw 400 (ValidationError), 401 (a userId without a valid
     * token) or 403 (a userId that is not the token's user).
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

      if (level < 1 || level > LEVELS.length) refuse('level', `level must be between 1 and ${LEVELS.length}`);

      const coinPoints = score - level * SCORE_PER_LEVEL;
      const maxCoins = maxCoinsThroughLevel(LEVELS, level);
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

      // The log is read in the replay; here only what costs nothing to check.
      const inputLog = input.inputLog;
      if (inputLog !== undefined && inputLog !== null) {
        if (typeof inputLog !== 'string') refuse('inputLog', 'inputLog must be a string');
        if (inputLog.length > MAX_INPUT_LOG_LENGTH) {
          refuse('inputLog', `inputLog is longer than a game can last (${MAX_INPUT_LOG_LENGTH} characters at most)`);
        }
      }

      const userId = input.userId;
      let owner: { userId: number | null; guestWallet: string | null; guestSecretHash: string | null };
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
        owner = { userId: user.id, guestWallet: null, guestSecretHash: null };
      } else {
        const wallet = input.XRPLWallet;
        if (wallet === undefined || wallet === null || wallet === '')
          refuse('XRPLWallet', 'XRPLWallet is required for a guest score');
        if (typeof wallet !== 'string' || !GUEST_WALLET_PATTERN.test(wallet)) {
          refuse('XRPLWallet', "XRPLWallet must be 'GUEST_' followed by 8 uppercase letters or digits");
        }
        const secret = input.walletSecret;
        if (secret !== undefined && secret !== null && (typeof secret !== 'string' || !WALLET_SECRET_PATTERN.test(secret))) {
          refuse('walletSecret', 'walletSecret must be 32 to 128 letters, digits, dashes or underscores');
        }
        owner = { userId: null, guestWallet: wallet, guestSecretHash: typeof secret === 'string' ? sha256(secret) : null };
      }

      return {
        numbers: { score, level, timeElapsed, bonusPoints, totalPoints },
        sessionId: sessionId as string,
        inputLog: typeof inputLog === 'string' ? inputLog : null,
        ...owner,
      };
    },

    /**
     * Replays the log in the worker pool; the claimed numbers must be the replay's. Answers whether
     * the run is verified (false without a log).
     */
    async verify(valid: ReturnType<typeof this.validateSubmission>): Promise<boolean> {
      if (valid.inputLog === null) return false;
      const outcome = await replayInPool(valid.inputLog, valid.sessionId);
      if ('message' in outcome) refuse('inputLog', outcome.message);
      const mismatch = replayMismatch(valid.numbers, outcome.result);
      if (mismatch) refuse(mismatch.field, mismatch.message);
      return true;
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

    /** Validates, replays the log when there is one, and stores the score once per sessionId. */
    async submitScore(body: unknown, submitter: Submitter) {
      const valid = this.validateSubmission(body, submitter);

      const existing = await this.findBySession(valid.sessionId);
      if (existing) return this.existingFor(existing, valid);

      const verified = await this.verify(valid);
      try {
        const created = await strapi.documents(UID).create({
          data: {
            ...valid.numbers,
            sessionId: valid.sessionId,
            verified,
            guestWallet: valid.guestWallet,
            guestSecretHash: valid.guestSecretHash,
            user: valid.userId ?? null,
            playedDate: new Date().toISOString(),
          } as any,
        });
        if (verified) clearBoards();
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

    /**
     * Moves a guest wallet's runs to the signed-in user: only the runs stored with this wallet's secret,
     * and each run once (it no longer belongs to the wallet afterwards).
     */
    async claimGuestRuns(body: unknown, userId: number): Promise<{ moved: number }> {
      const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
      const wallet = input.XRPLWallet;
      const secret = input.walletSecret;
      if (typeof wallet !== 'string' || !GUEST_WALLET_PATTERN.test(wallet)) {
        refuse('XRPLWallet', "XRPLWallet must be 'GUEST_' followed by 8 uppercase letters or digits");
      }
      if (typeof secret !== 'string' || !WALLET_SECRET_PATTERN.test(secret)) {
        refuse('walletSecret', 'walletSecret must be 32 to 128 letters, digits, dashes or underscores');
      }
      const rows = await strapi.db.query(UID).findMany({
        where: { guestWallet: wallet, guestSecretHash: sha256(secret), user: { id: { $null: true } } },
        select: ['id'],
      });
      for (const row of rows) {
        await strapi.db.query(UID).update({
          where: { id: row.id },
          data: { user: userId, guestWallet: null, guestSecretHash: null },
        });
      }
      if (rows.length) clearBoards();
      return { moved: rows.length };
    },

    /** The public board (no `me`) as JSON text, cached: what anonymous visitors get. */
    async publicLeaderboardJson(period: LeaderboardPeriod, limit: number): Promise<string> {
      const key = `${period}:${limit}`;
      const cached = bodies.get(key);
      if (cached && Date.now() - cached.at <= LEADERBOARD_TTL_MS) return cached.json;
      const json = JSON.stringify(await this.leaderboard(period, limit, null));
      bodies.set(key, { at: Date.now(), json });
      return json;
    },

    /** Verified runs only, best total first, ties to the earlier run; cached per period. */
    async leaderboard(period: LeaderboardPeriod, limit: number, userId: number | null): Promise<LeaderboardResponse> {
      let board = boards.get(period);
      if (!board || Date.now() - board.at > LEADERBOARD_TTL_MS) {
        const rows = await strapi.db.query(UID).findMany({
          where: verifiedSince(period),
          orderBy: [{ totalPoints: 'desc' }, { playedDate: 'asc' }, { id: 'asc' }],
          limit: LEADERBOARD_MAX_LIMIT,
          select: ['totalPoints', 'score', 'bonusPoints', 'level', 'timeElapsed', 'playedDate', 'guestWallet'],
          populate: { user: { select: ['username'] } },
        });
        board = { at: Date.now(), entries: rows.map((row: any, i: number) => entryOf(row, i + 1)) };
        boards.set(period, board);
      }
      const response: LeaderboardResponse = { period, entries: board.entries.slice(0, limit) };
      if (userId !== null) response.me = await this.bestOf(period, userId);
      return response;
    },

    /** A player's best verified run in the period and its rank among all runs, or null. */
    async bestOf(period: LeaderboardPeriod, userId: number): Promise<LeaderboardEntry | null> {
      const where = verifiedSince(period);
      const best = await strapi.db.query(UID).findOne({
        where: { ...where, user: { id: userId } },
        orderBy: [{ totalPoints: 'desc' }, { playedDate: 'asc' }, { id: 'asc' }],
        populate: { user: { select: ['username'] } },
      });
      if (!best) return null;
      const ahead = await strapi.db.query(UID).count({
        where: {
          ...where,
          $or: [
            { totalPoints: { $gt: best.totalPoints } },
            { totalPoints: best.totalPoints, playedDate: { $lt: best.playedDate } },
            { totalPoints: best.totalPoints, playedDate: best.playedDate, id: { $lt: best.id } },
          ],
        },
      });
      return entryOf(best, ahead + 1);
    },
  };
});
