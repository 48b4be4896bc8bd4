/**
 * The boards of players (api::game-score.boards): GET /api/leaderboard (all time, this week, today; with
 * a user token also that player's own row and the rows around it) and a weekly season's standings (GET
 * /api/leaderboard/seasons/:season, the week's window filed under its Monday). Each player is on a board
 * once, with their best verified run in the window, in the board's order (board-order.ts). Every read goes
 * through haic_player_bests' board index, never the runs themselves; figures-store.ts keeps that table as
 * runs are stored.
 */
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import {
  AROUND_ME_SPAN,
  LEADERBOARD_DEFAULT_LIMIT,
  LEADERBOARD_MAX_LIMIT,
  LEADERBOARD_PERIODS,
  maskGuestWallet,
  seasonEnd,
  seasonKeyOf,
  seasonStart,
  type LeaderboardEntry,
  type LeaderboardPeriod,
  type LeaderboardResponse,
  type SeasonStandings,
  type WalletBadges,
} from '@haic/contract';
import { invalidField } from '../../../utils/api-error';
import { inMs, LIFETIMES } from '../../../edge/cache-policy';
import { dropLocalCopies, invalidateTags, TAGS } from '../../../utils/http-cache';
import { readWholeNumbers } from '../../../utils/query-params';
import { aheadOf, boardOrder, neighbourSeeks } from '../board-order';
import { BESTS_TABLE, SCORES_TABLE, periodKey, playerKey, type BestRow } from '../figures-store';
import { JOINED_WALLET_COLUMNS, badgesOfJoined, joinWallets } from '../../wallet/wallet-store';

const USER_UID = 'plugin::users-permissions.user';
const LIMIT = { limit: { fallback: LEADERBOARD_DEFAULT_LIMIT, min: 1, max: LEADERBOARD_MAX_LIMIT } };

/** A board row with its player's name, its run's id (its page) and its player's wallet badges. */
type BoardRow = BestRow & { username: string | null; run_id: string | null; badges: WalletBadges };
/** One period's window: `all`, or the date its day or week starts on. */
interface BoardWindow {
  period: LeaderboardPeriod;
  key: string;
}

/** period all|week|day (default all) and limit 1..100 (default 50); 400 naming the field otherwise. */
export function parseLeaderboardQuery(query: Record<string, unknown>): { period: LeaderboardPeriod; limit: number } {
  const rawPeriod = query.period;
  const period = rawPeriod === undefined || rawPeriod === '' ? 'all' : rawPeriod;
  if (typeof period !== 'string' || !(LEADERBOARD_PERIODS as readonly string[]).includes(period)) {
    throw invalidField('period', `period must be one of ${LEADERBOARD_PERIODS.join(', ')}`);
  }
  return { period: period as LeaderboardPeriod, limit: readWholeNumbers(query, LIMIT).limit };
}

/** A season key and the board limit: 400 naming `season` (not a Monday, or a week not begun) or `limit`. */
export function parseSeasonQuery(season: unknown, query: Record<string, unknown>, now = new Date()): { season: string; start: Date; limit: number } {
  const start = typeof season === 'string' ? seasonStart(season) : null;
  if (typeof season !== 'string' || !start) throw invalidField('season', 'season must be the date of a Monday, YYYY-MM-DD (seasons start on Monday 00:00 UTC)');
  if (start.getTime() > now.getTime()) throw invalidField('season', 'season must be a week that has begun');
  return { season, start, limit: readWholeNumbers(query, LIMIT).limit };
}

/** How a run's player is shown: the account's username, or a guest's wallet id with its middle masked. */
export const playerName = (userId: number | null, username: string | null, guestWallet: string | null): string =>
  userId !== null ? (username ?? 'former player') : maskGuestWallet(guestWallet ?? '');

/** A board row as the API answers it: a username (or the masked guest wallet), the run and its page's id. */
const entryOf = (row: BoardRow, rank: number): LeaderboardEntry => ({
  rank,
  player: playerName(row.user_id, row.username, row.guest_wallet),
  totalPoints: row.total_points,
  score: row.score,
  bonusPoints: row.bonus_points,
  level: row.level,
  timeElapsed: row.time_elapsed,
  playedDate: new Date(row.played_at).toISOString(),
  ...(row.run_id ? { runId: row.run_id } : {}),
  ...row.badges,
});

const nullableText = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** A board row as the database answers it (pg answers bigint columns as text). */
function boardRowOf(row: Record<string, unknown>): BoardRow {
  return {
    period: String(row.period),
    period_key: String(row.period_key),
    player_key: String(row.player_key),
    user_id: row.user_id === null || row.user_id === undefined ? null : Number(row.user_id),
    guest_wallet: nullableText(row.guest_wallet),
    score_id: Number(row.score_id),
    total_points: Number(row.total_points),
    score: Number(row.score),
    bonus_points: Number(row.bonus_points),
    level: Number(row.level),
    time_elapsed: Number(row.time_elapsed),
    played_at: Number(row.played_at),
    username: nullableText(row.username),
    run_id: nullableText(row.run_id),
    badges: badgesOfJoined(row),
  };
}

const BOARD_COLUMNS = ['b.*', 'u.username as username', 's.document_id as run_id', ...JOINED_WALLET_COLUMNS];

/** A board row's player: their key, their account (null for a guest) and the name the board shows. */
export interface BoardPlayer {
  playerKey: string;
  userId: number | null;
  name: string;
}

export interface BoardsService {
  leaderboard(period: LeaderboardPeriod, limit: number, userId: number | null): Promise<LeaderboardResponse>;
  seasonStandings(season: string, start: Date, limit: number, now?: Date): Promise<SeasonStandings>;
  topPlayers(period: LeaderboardPeriod, key: string, limit: number, offset?: number): Promise<BoardPlayer[]>;
  forget(): void;
  dropCopies(): void;
}

export default ({ strapi }: { strapi: Core.Strapi }): BoardsService => {
  const knex = (): Knex => strapi.db.connection;
  /** A window's rows with their player's name, their run's id and their player's wallet link. */
  const boardQuery = ({ period, key }: BoardWindow) =>
    joinWallets(
      knex()(`${BESTS_TABLE} as b`)
        .leftJoin(`${strapi.db.metadata.get(USER_UID).tableName} as u`, 'u.id', 'b.user_id')
        .leftJoin(`${SCORES_TABLE} as s`, 's.id', 'b.score_id'),
      'b.user_id',
    ).where({ 'b.period': period, 'b.period_key': key });

  /** The first `limit` players of a window (after `offset`), in board order. */
  async function boardRows(window: BoardWindow, limit: number, offset = 0): Promise<BoardRow[]> {
    const rows: Record<string, unknown>[] = await boardQuery(window).orderBy(boardOrder('b.')).offset(offset).limit(limit).select(BOARD_COLUMNS);
    return rows.map(boardRowOf);
  }

  /** A player's best in a window with their rank: 1 + the players ahead (an index range count). */
  async function rankedBest(window: BoardWindow, player: string): Promise<{ best: BoardRow; rank: number } | null> {
    const row: Record<string, unknown> | undefined = await boardQuery(window).where({ 'b.player_key': player }).first(BOARD_COLUMNS);
    if (!row) return null;
    const best = boardRowOf(row);
    const ahead: { n?: unknown } | undefined = await aheadOf(knex()(BESTS_TABLE).where({ period: window.period, period_key: window.key }), best)
      .count({ n: '*' })
      .first();
    return { best, rank: Number(ahead?.n ?? 0) + 1 };
  }

  /**
   * The AROUND_ME_SPAN players just above a board row (nearest first) and just below it. Each side is three
   * seeks on the board index from the row's own key (same points and time, then same points, then other
   * points), each reading at most the span: the cost does not grow with the rank.
   */
  async function neighbours(window: BoardWindow, row: BoardRow): Promise<{ above: BoardRow[]; below: BoardRow[] }> {
    const side = async (up: boolean) => {
      const seeks = neighbourSeeks(row, up, 'b.').map((seek) => seek(boardQuery(window)));
      const parts: Record<string, unknown>[][] = await Promise.all(seeks.map((seek) => seek.limit(AROUND_ME_SPAN).select(BOARD_COLUMNS)));
      return parts.flat().slice(0, AROUND_ME_SPAN).map(boardRowOf);
    };
    const [above, below] = await Promise.all([side(true), side(false)]);
    return { above, below };
  }

  /**
   * A ranked row with its neighbours, with their true ranks: the board order is total (points, then the
   * earlier run, then the lower id), so the n-th row above rank r has rank r - n.
   */
  async function rowsAround(window: BoardWindow, row: BoardRow, rank: number): Promise<LeaderboardEntry[]> {
    const { above, below } = await neighbours(window, row);
    return [...above.map((r, i) => entryOf(r, rank - 1 - i)).reverse(), entryOf(row, rank), ...below.map((r, i) => entryOf(r, rank + 1 + i))];
  }

  const service: BoardsService = {
    /**
     * The board of a period's current window; with a user, that player's own row too. Read from the board index
     * each time: the public board's one cache is the edge's copy of its answer (middlewares/http-cache.ts).
     */
    async leaderboard(period, limit, userId) {
      const window = { period, key: periodKey(period, new Date()) };
      const rows = await boardRows(window, limit);
      const response: LeaderboardResponse = { period, entries: rows.map((row, i) => entryOf(row, i + 1)) };
      if (userId !== null) {
        const ranked = await rankedBest(window, playerKey({ userId, guestWallet: null }));
        response.me = ranked ? entryOf(ranked.best, ranked.rank) : null;
        // Beyond the rows answered: the players just above and below, with true ranks.
        response.around = ranked && ranked.rank > limit ? await rowsAround(window, ranked.best, ranked.rank) : [];
      }
      return response;
    },

    /** A weekly season's standings: that week's rows of the board alone, best first. Final once the season has ended. */
    async seasonStandings(season, start, limit, now = new Date()) {
      const rows = await boardRows({ period: 'week', key: season }, limit);
      return {
        season,
        startsAt: start.toISOString(),
        endsAt: seasonEnd(start).toISOString(),
        ended: seasonKeyOf(now) !== season,
        entries: rows.map((row, i) => entryOf(row, i + 1)),
      };
    },

    /** A window's players in board order, `limit` from `offset` (the Telegram notices read the weekly one's). */
    async topPlayers(period, key, limit, offset = 0) {
      const rows = await boardRows({ period, key }, limit, offset);
      return rows.map((row) => ({ playerKey: row.player_key, userId: row.user_id, name: playerName(row.user_id, row.username, row.guest_wallet) }));
    },

    /**
     * Drops the copies of the boards kept by this instance's edge and by the caches in front, which show the old
     * board (another instance's copies go with its board event, or expire within the board's lifetime).
     */
    forget() {
      void invalidateTags([TAGS.board], { content: false, othersWithinMs: inMs(LIFETIMES.board) });
    },

    /** Drops the edge's copies of the boards: a board event of any instance (live-bridge). */
    dropCopies() {
      dropLocalCopies([TAGS.board]);
    },
  };
  return service;
};
