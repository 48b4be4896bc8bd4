import { invalidateTags, TAGS } from '../../../utils/http-cache';
import crypto from 'crypto';
import { factories } from '@strapi/strapi';
import {
  GAME_SEED_MAX,
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
  timeBonus,
  WALLET_SECRET_PATTERN,
  canonicalInputLog,
  maxCoinsThroughLevel,
  replayMismatch,
  seedFromSession,
  type LeaderboardEntry,
  type LeaderboardPeriod,
  type LeaderboardResponse,
  type StoredScore,
  type UserStats,
} from '@haic/contract';
import { replayInPool } from '../../../utils/replay-pool';
import {
  applyRuns,
  boardRows,
  claimTicket,
  figuresOf,
  linkTicketToRun,
  ticketOrLogUsed,
  periodKey,
  playerKey,
  rankedBest,
  removeAccountRuns,
  removePlayer,
  type RunFigures,
} from '../figures-store';
import { checkTicket, issueTicket, parseTicket, ticketsEnabled, type TicketOwner } from '../run-ticket';
import { isIssuedGuest, issueGuestIdentity } from '../guest-identity';
import { entryOf, rowsAround } from '../standings';
import { forbidden, invalidField, serviceUnavailable, tooManyRequests, unauthorized } from '../../../utils/api-error';
import { readWholeNumbers } from '../../../utils/query-params';
import { CounterLimiter, consumeAll, limitFromEnv, tooManyRequestsMessage } from '../../../utils/rate-limit';

const UID = 'api::game-score.game-score';
const USER_UID = 'plugin::users-permissions.user';

/** Largest value an integer column holds on every supported database. */
const MAX_INT = 2147483647;
const NUMBER_FIELDS = ['score', 'level', 'timeElapsed', 'bonusPoints', 'totalPoints'] as const;
/** Why a run on a ticket, or with a log, that verified a run before does not rank. */
const ALREADY_VERIFIED = 'The run ticket or this input log has already verified a run';
/** How long a leaderboard stays cached (a new verified run clears it at once on this server). */
const LEADERBOARD_TTL_MS = 5000;

interface Submitter {
  /** The user of a valid Bearer token, or null. */
  user: { id: number; documentId?: string } | null;
  /** Whether an Authorization header was sent at all. */
  hasToken: boolean;
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

/** period all|week|day (default all) and limit 1..100 (default 50); 400 naming the field otherwise. */
export function parseLeaderboardQuery(query: Record<string, unknown>): { period: LeaderboardPeriod; limit: number } {
  const rawPeriod = query.period;
  const period = rawPeriod === undefined || rawPeriod === '' ? 'all' : rawPeriod;
  if (typeof period !== 'string' || !(LEADERBOARD_PERIODS as readonly string[]).includes(period)) {
    throw invalidField('period', `period must be one of ${LEADERBOARD_PERIODS.join(', ')}`);
  }
  const { limit } = readWholeNumbers(query, { limit: { fallback: LEADERBOARD_DEFAULT_LIMIT, min: 1, max: LEADERBOARD_MAX_LIMIT } });
  return { period: period as LeaderboardPeriod, limit };
}

/**
 * Run tickets per account (user or guest wallet) and per client address (an IPv6 client counts per /64,
 * see client-address.ts), each in its own window: enough for anyone playing, too few to stockpile.
 * RUN_TICKET_RATE_LIMIT_MAX / _WINDOW_SECONDS per account (30 per 600 s),
 * RUN_TICKET_IP_RATE_LIMIT_MAX / _WINDOW_SECONDS per address (120 per 600 s).
 */
const ticketLimiters = () => ({
  account: new CounterLimiter('ticket:account', limitFromEnv('RUN_TICKET', { max: 30, windowSeconds: 600 })),
  ip: new CounterLimiter('ticket:ip', limitFromEnv('RUN_TICKET_IP', { max: 120, windowSeconds: 600 })),
});

export default factories.createCoreService(UID, ({ strapi }) => {
  let limiters: ReturnType<typeof ticketLimiters> | null = null;

  /** 'period:window' -> the top players (up to the largest limit), with when they were read. */
  const boards = new Map<string, { at: number; entries: LeaderboardEntry[] }>();
  /** 'period:limit' -> the public answer as JSON, built once per board. */
  const bodies = new Map<string, { at: number; json: string }>();
  const clearBoards = () => {
    boards.clear();
    bodies.clear();
    // The copies kept by the front door and the caches in front show the old board.
    void invalidateTags([TAGS.board], { content: false });
  };

  const knex = () => strapi.db.connection;
  const usersTable = () => strapi.db.metadata.get(USER_UID).tableName;
  const figuresOfRow = (row: any, owner: { userId: number | null; guestWallet: string | null }): RunFigures => ({
    scoreId: row.id,
    userId: owner.userId,
    guestWallet: owner.userId === null ? owner.guestWallet : null,
    totalPoints: row.totalPoints,
    score: row.score,
    bonusPoints: row.bonusPoints,
    level: row.level,
    timeElapsed: row.timeElapsed,
    playedAt: new Date(row.playedDate).getTime(),
    verified: Boolean(row.verified),
  });

  return {
    /**
     * POST /api/game/nursehelpme/ticket: a signed run ticket for a game about to start, issued to its
     * player. A signed-in player is the token's user. A guest sends the wallet id and secret the server
     * issued them; without them, or with ones it did not issue (a wallet the browser made), the guest gets
     * a new identity. A guest's answer always carries the identity the ticket is issued to (`guest`).
     * 400 naming the field for malformed input, 429 with Retry-After beyond the limits, 503 without
     * RUN_TICKET_SECRET.
     */
    async issueRunTicket(body: unknown, requester: { limitKey: string; userId: number | null }) {
      if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
        throw invalidField('body', 'The ticket request must be a JSON object');
      }
      const input = (body ?? {}) as Record<string, unknown>;
      const wallet = input.XRPLWallet;
      if (wallet !== undefined && wallet !== null && (typeof wallet !== 'string' || !GUEST_WALLET_PATTERN.test(wallet))) {
        throw invalidField('XRPLWallet', "XRPLWallet must be 'GUEST_' followed by 8 uppercase letters or digits");
      }
      const walletSecret = input.walletSecret;
      if (walletSecret !== undefined && walletSecret !== null && (typeof walletSecret !== 'string' || !WALLET_SECRET_PATTERN.test(walletSecret))) {
        throw invalidField('walletSecret', 'walletSecret must be 32 to 128 letters, digits, dashes or underscores');
      }
      if (!ticketsEnabled()) {
        strapi.log.error('[run-tickets] RUN_TICKET_SECRET is not set (at least 16 characters): no run can rank');
        throw serviceUnavailable('Run tickets are not available right now: your game still plays and saves', 60);
      }
      limiters ??= ticketLimiters();
      // Only an identity the server issued is an account; a new guest identity counts per address alone.
      const guest = requester.userId === null && isIssuedGuest(wallet, walletSecret) ? { XRPLWallet: wallet as string, walletSecret: walletSecret as string } : null;
      const account = requester.userId !== null ? `user:${requester.userId}` : guest ? `wallet:${guest.XRPLWallet}` : null;
      const retryMs = await consumeAll(account ? [[limiters.ip, requester.limitKey], [limiters.account, account]] : [[limiters.ip, requester.limitKey]]);
      if (retryMs > 0) throw tooManyRequests(tooManyRequestsMessage(retryMs / 1000), retryMs / 1000);
      if (requester.userId !== null) return issueTicket({ userId: requester.userId });
      const identity = guest ?? issueGuestIdentity();
      return { ...issueTicket({ userId: null, guestWallet: identity.XRPLWallet }), guest: identity };
    },

    /**
     * Checks that the numbers are ones the game could have produced (levels, coins, time bonus) and that the
     * submitter is who they say. Refusals throw 400 (ValidationError), 401 (a userId without a valid
     * token) or 403 (a userId that is not the token's user).
     */
    validateSubmission(body: unknown, submitter: Submitter) {
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        throw invalidField('body', 'The score submission must be a JSON object');
      }
      const input = body as Record<string, unknown>;

      for (const field of NUMBER_FIELDS) {
        const value = input[field];
        if (value === undefined || value === null) throw invalidField(field, `${field} is required`);
        if (typeof value !== 'number' || !Number.isInteger(value)) throw invalidField(field, `${field} must be a whole number`);
        if (value < 0) throw invalidField(field, `${field} must not be negative`);
        if (value > MAX_INT) throw invalidField(field, `${field} is too large`);
      }
      const score = input.score as number;
      const level = input.level as number;
      const timeElapsed = input.timeElapsed as number;
      const bonusPoints = input.bonusPoints as number;
      const totalPoints = input.totalPoints as number;

      if (level < 1 || level > LEVELS.length) throw invalidField('level', `level must be between 1 and ${LEVELS.length}`);

      const coinPoints = score - level * SCORE_PER_LEVEL;
      const maxCoins = maxCoinsThroughLevel(LEVELS, level);
      if (coinPoints < 0 || coinPoints % SCORE_PER_COIN !== 0 || coinPoints / SCORE_PER_COIN > maxCoins) {
        throw invalidField(
          'score',
          `score must be level*${SCORE_PER_LEVEL} plus ${SCORE_PER_COIN} per coin, with at most ${maxCoins} coins by level ${level}`,
        );
      }
      const expectedBonus = timeBonus(timeElapsed);
      if (bonusPoints !== expectedBonus) {
        throw invalidField('bonusPoints', `bonusPoints must be max(0, ${TIME_BONUS_MAX} - timeElapsed) = ${expectedBonus}`);
      }
      if (totalPoints !== score + bonusPoints) {
        throw invalidField('totalPoints', `totalPoints must be score + bonusPoints = ${score + bonusPoints}`);
      }

      const sessionId = input.sessionId;
      if (sessionId === undefined || sessionId === null || sessionId === '') throw invalidField('sessionId', 'sessionId is required');
      if (typeof sessionId !== 'string' || !SESSION_ID_PATTERN.test(sessionId)) {
        throw invalidField('sessionId', 'sessionId must be 8 to 100 letters, digits, dashes or underscores');
      }

      // The log in its one canonical spelling (one linear pass, no replay): what is hashed, compared and
      // replayed, so a log re-spelled is the same log.
      const inputLog = input.inputLog;
      let log: { text: string; steps: number } | null = null;
      if (inputLog !== undefined && inputLog !== null) {
        if (typeof inputLog !== 'string') throw invalidField('inputLog', 'inputLog must be a string');
        if (inputLog.length > MAX_INPUT_LOG_LENGTH) {
          throw invalidField('inputLog', `inputLog is longer than a game can last (${MAX_INPUT_LOG_LENGTH} characters at most)`);
        }
        const canonical = canonicalInputLog(inputLog);
        if ('message' in canonical) throw invalidField('inputLog', canonical.message);
        log = { text: canonical.log, steps: canonical.steps };
      }

      // The run ticket and the seed: malformed is a 400; a well-formed ticket that does not hold only
      // keeps the run off the board (see verify).
      const ticket = input.ticket;
      if (ticket !== undefined && ticket !== null) {
        if (typeof ticket !== 'string' || !parseTicket(ticket)) throw invalidField('ticket', 'ticket must be the run ticket the server issued, unchanged');
      }
      const seed = input.seed;
      if (seed !== undefined && seed !== null) {
        if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > GAME_SEED_MAX) {
          throw invalidField('seed', `seed must be a whole number from 0 to ${GAME_SEED_MAX}`);
        }
      }

      const userId = input.userId;
      let owner: { userId: number | null; guestWallet: string | null; guestSecretHash: string | null };
      if (userId !== undefined && userId !== null && userId !== '') {
        if (typeof userId !== 'number' && typeof userId !== 'string') throw invalidField('userId', 'userId must be a user id');
        const { user } = submitter;
        if (!user) {
          throw unauthorized(
            submitter.hasToken
              ? 'Your login has expired: sign in again to save scores to your account'
              : 'A login token is required to submit a score for a user',
          );
        }
        if (String(userId) !== String(user.id) && userId !== user.documentId) {
          throw forbidden('You can only submit scores for your own account');
        }
        owner = { userId: user.id, guestWallet: null, guestSecretHash: null };
      } else {
        const wallet = input.XRPLWallet;
        if (wallet === undefined || wallet === null || wallet === '')
          throw invalidField('XRPLWallet', 'XRPLWallet is required for a guest score');
        if (typeof wallet !== 'string' || !GUEST_WALLET_PATTERN.test(wallet)) {
          throw invalidField('XRPLWallet', "XRPLWallet must be 'GUEST_' followed by 8 uppercase letters or digits");
        }
        const secret = input.walletSecret;
        if (secret !== undefined && secret !== null && (typeof secret !== 'string' || !WALLET_SECRET_PATTERN.test(secret))) {
          throw invalidField('walletSecret', 'walletSecret must be 32 to 128 letters, digits, dashes or underscores');
        }
        // A guest run that asks to rank (it carries a ticket) must come from a wallet the server issued:
        // a wallet id the client chose, or one without its secret, is refused. Without a ticket the run
        // never ranks, and is stored unverified as before (offline games, wallets from before).
        if (ticket !== undefined && ticket !== null && !isIssuedGuest(wallet, secret)) {
          throw invalidField(
            'XRPLWallet',
            'XRPLWallet was not issued by this server (or walletSecret is not its secret): a ranked guest run needs the wallet the ticket answer gave',
          );
        }
        owner = { userId: null, guestWallet: wallet, guestSecretHash: typeof secret === 'string' ? sha256(secret) : null };
      }

      return {
        numbers: { score, level, timeElapsed, bonusPoints, totalPoints },
        sessionId: sessionId as string,
        log,
        ticket: typeof ticket === 'string' ? ticket : null,
        // A run without a seed played the one its session id gives (how the game played before tickets).
        seed: typeof seed === 'number' ? seed : seedFromSession(sessionId as string),
        ...owner,
      };
    },

    /**
     * Whether the run may rank, and the replay that proves its numbers. The ticket is checked first,
     * without a replay: genuine, issued to this submitter, unexpired, the run's seed, its game time, and
     * neither the ticket nor the (canonical) log used before. A run whose ticket fails is stored
     * unverified and never replayed. A run with a ticket that holds, or without a ticket (checked as
     * before tickets), is replayed in the worker pool: the claimed numbers must be the replay's (400
     * naming the field otherwise). Answers the ticket's run id and the log's hash to mark used (unused
     * is settled again when the run is stored), or why the run does not rank.
     */
    async verify(
      valid: ReturnType<typeof this.validateSubmission>,
    ): Promise<{ claim: { runId: string; logHash: string } | null; reason: string | null }> {
      if (valid.log === null) return { claim: null, reason: 'The run has no input log to replay' };
      const logHash = sha256(valid.log.text);
      let claim: { runId: string; logHash: string } | null = null;
      if (valid.ticket !== null) {
        const owner: TicketOwner = valid.userId !== null ? { userId: valid.userId } : { userId: null, guestWallet: valid.guestWallet as string };
        const check = checkTicket(valid.ticket, owner, { seed: valid.seed, steps: valid.log.steps });
        if ('reason' in check) return { claim: null, reason: check.reason };
        if (await ticketOrLogUsed(knex(), check.runId, logHash)) return { claim: null, reason: ALREADY_VERIFIED };
        claim = { runId: check.runId, logHash };
      }
      const outcome = await replayInPool(valid.log.text, valid.seed);
      if ('message' in outcome) throw invalidField('inputLog', outcome.message);
      const mismatch = replayMismatch(valid.numbers, outcome.result);
      if (mismatch) throw invalidField(mismatch.field, mismatch.message);
      return claim ? { claim, reason: null } : { claim: null, reason: 'The run was played without a run ticket' };
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
      if (!sameOwner) throw invalidField('sessionId', 'This sessionId has already been used for another score');
      return present(row);
    },

    /**
     * Validates, replays the log when there is one, and stores the score once per sessionId. The run,
     * its ticket's use and its player's figures are written in one transaction.
     */
    async submitScore(body: unknown, submitter: Submitter): Promise<StoredScore> {
      const valid = this.validateSubmission(body, submitter);

      const existing = await this.findBySession(valid.sessionId);
      if (existing) return this.existingFor(existing, valid);

      const { claim, reason } = await this.verify(valid);
      let unverifiedReason = reason;
      try {
        const created = await strapi.db.transaction(async ({ trx }) => {
          // A ticket verifies one run, and a log ranks once: whoever marks them first.
          const verified = claim !== null && (await claimTicket(trx, claim.runId, claim.logHash));
          if (claim && !verified) unverifiedReason = ALREADY_VERIFIED;
          const row: any = await strapi.documents(UID).create({
            data: {
              ...valid.numbers,
              sessionId: valid.sessionId,
              verified,
              guestWallet: valid.guestWallet,
              guestSecretHash: valid.guestSecretHash,
              user: valid.userId ?? null,
              playerKey: playerKey(valid),
              playedDate: new Date().toISOString(),
              // Kept for the run's page: its replay and races against it (services/runs.ts).
              inputLog: valid.log?.text ?? null,
              seed: valid.log === null ? null : valid.seed,
            } as any,
          });
          if (verified && claim) await linkTicketToRun(trx, claim.runId, row.id);
          await applyRuns(trx, [figuresOfRow(row, valid)]);
          return row;
        });
        if (created.verified) clearBoards();
        const row = await this.findBySession(valid.sessionId);
        const stored = present(row ?? created);
        return stored.verified ? stored : { ...stored, unverifiedReason: unverifiedReason ?? 'The run does not rank' };
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
        throw invalidField('XRPLWallet', "XRPLWallet must be 'GUEST_' followed by 8 uppercase letters or digits");
      }
      if (typeof secret !== 'string' || !WALLET_SECRET_PATTERN.test(secret)) {
        throw invalidField('walletSecret', 'walletSecret must be 32 to 128 letters, digits, dashes or underscores');
      }
      const runFields = ['id', 'totalPoints', 'score', 'bonusPoints', 'level', 'timeElapsed', 'playedDate', 'verified', 'guestSecretHash'];
      const moved = await strapi.db.transaction(async ({ trx }) => {
        // Every run still under the wallet id (a guest's handful): the ones with this secret move, and the
        // wallet's figures are rebuilt from the ones that stay.
        const walletRuns = await strapi.db.query(UID).findMany({
          where: { guestWallet: wallet, user: { id: { $null: true } } },
          select: runFields,
        });
        const secretHash = sha256(secret);
        const mine = walletRuns.filter((row: any) => row.guestSecretHash === secretHash);
        if (!mine.length) return 0;
        for (const row of mine) {
          await strapi.db.query(UID).update({
            where: { id: row.id },
            data: { user: userId, guestWallet: null, guestSecretHash: null, playerKey: playerKey({ userId, guestWallet: null }) },
          });
        }
        await applyRuns(trx, mine.map((row: any) => figuresOfRow(row, { userId, guestWallet: null })));
        await removePlayer(trx, playerKey({ userId: null, guestWallet: wallet }));
        const staying = walletRuns.filter((row: any) => row.guestSecretHash !== secretHash);
        await applyRuns(trx, staying.map((row: any) => figuresOfRow(row, { userId: null, guestWallet: wallet })));
        return mine.length;
      });
      if (moved) clearBoards();
      return { moved };
    },

    /**
     * One page of an account's runs, newest first. The page's ids are read from the history index alone
     * (a deep page skips index entries, never rows), then only those rows are fetched; the total is the
     * kept games-played figure.
     */
    async historyOf(userId: number, pageNumber: number, pageSize: number) {
      const meta: any = strapi.db.metadata.get(UID);
      const column = (field: string) => meta.attributes[field].columnName ?? field;
      const order = [
        { column: column('playedDate'), order: 'desc' },
        { column: 'id', order: 'desc' },
      ];
      const pageIds = knex()(meta.tableName)
        .select('id')
        .where(column('playerKey'), playerKey({ userId, guestWallet: null }))
        .orderBy(order)
        .offset((pageNumber - 1) * pageSize)
        .limit(pageSize);
      const fields = ['playedDate', 'level', 'score', 'bonusPoints', 'totalPoints', 'timeElapsed', 'verified', 'documentId'] as const;
      const [rows, figures] = await Promise.all([
        knex()(meta.tableName)
          .select(fields.map((field) => `${column(field)} as ${field}`))
          .whereIn('id', pageIds)
          .orderBy(order),
        this.statsOf(userId),
      ]);
      const games = rows.map((row: any) => ({
        playedDate: new Date(row.playedDate).toISOString(),
        level: Number(row.level),
        score: Number(row.score),
        bonusPoints: Number(row.bonusPoints),
        totalPoints: Number(row.totalPoints),
        timeElapsed: Number(row.timeElapsed),
        verified: Boolean(row.verified),
        // The run's page (/runs/{runId}).
        runId: row.documentId as string,
      }));
      const totalGames = figures.gamesPlayed;
      return { games, totalGames, totalPages: Math.ceil(totalGames / pageSize), pageNumber, pageSize };
    },

    /**
     * An account's runs, the tickets they used and its figures and bests, gone (part of the account's
     * deletion, inside its transaction: see api::account.account-removal). The boards are cleared once
     * the deletion commits (forgetBoards).
     */
    async removeRunsOf(trx: any, userId: number): Promise<void> {
      await removeAccountRuns(trx, strapi.db, userId);
    },

    /** Drops this instance's cached boards (other instances' expire within LEADERBOARD_TTL_MS). */
    forgetBoards(): void {
      clearBoards();
    },

    /** gamesPlayed, totalPoints and highScore of an account, from its kept figures. */
    async statsOf(userId: number): Promise<UserStats> {
      return figuresOf(knex(), playerKey({ userId, guestWallet: null }));
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

    /**
     * The board of players: each player once, with their best verified run in the period's current
     * window, best first, ties to the earlier run; cached per window.
     */
    async leaderboard(period: LeaderboardPeriod, limit: number, userId: number | null): Promise<LeaderboardResponse> {
      const window = periodKey(period, new Date());
      const cacheKey = `${period}:${window}`;
      let board = boards.get(cacheKey);
      if (!board || Date.now() - board.at > LEADERBOARD_TTL_MS) {
        const rows = await boardRows(knex(), usersTable(), period, window, LEADERBOARD_MAX_LIMIT);
        board = { at: Date.now(), entries: rows.map((row, i) => entryOf(row, i + 1)) };
        boards.set(cacheKey, board);
      }
      const response: LeaderboardResponse = { period, entries: board.entries.slice(0, limit) };
      if (userId !== null) {
        const ranked = await rankedBest(knex(), usersTable(), period, window, playerKey({ userId, guestWallet: null }));
        response.me = ranked ? entryOf(ranked.best, ranked.rank) : null;
        // Beyond the rows answered: the players just above and below, with true ranks.
        response.around =
          ranked && ranked.rank > limit ? (await rowsAround(knex(), usersTable(), period, window, ranked.best, ranked.rank)).map(({ row, rank }) => entryOf(row, rank)) : [];
      }
      return response;
    },
  };
});
