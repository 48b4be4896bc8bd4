/**
 * Reads of the board of players beyond its top rows, for the players' pages: the rows around a signed-in
 * player's own rank ("around me") and a weekly season's final standings. Both read haic_player_bests through
 * its board index (period, period_key, total_points desc, played_at, score_id): one window's players,
 * in board order, never the runs themselves.
 */
import type { Knex } from 'knex';
import { AROUND_ME_SPAN, maskGuestWallet, type LeaderboardEntry, type LeaderboardPeriod } from '@haic/contract';
import { neighbourRows, type BestRow } from './figures-store';

type BoardRow = BestRow & { username: string | null; run_id: string | null };

/** A board row as the API answers it: a username (or the masked guest wallet), the run and its page's id. */
export const entryOf = (row: BoardRow, rank: number): LeaderboardEntry => ({
  rank,
  player: playerName(row.user_id, row.username, row.guest_wallet),
  totalPoints: row.total_points,
  score: row.score,
  bonusPoints: row.bonus_points,
  level: row.level,
  timeElapsed: row.time_elapsed,
  playedDate: new Date(row.played_at).toISOString(),
  ...(row.run_id ? { runId: row.run_id } : {}),
});

/** How a run's player is shown: the account's username, or a guest's wallet id with its middle masked. */
export const playerName = (userId: number | null, username: string | null, guestWallet: string | null) =>
  userId !== null ? (username ?? 'former player') : maskGuestWallet(guestWallet ?? '');

/**
 * A ranked board row with AROUND_ME_SPAN players above and below it, with their true ranks: the board order
 * is total (points, then the earlier run, then the lower id), so the n-th row above rank r has rank r - n.
 */
export async function rowsAround(knex: Knex, usersTable: string, period: LeaderboardPeriod, key: string, row: BoardRow, rank: number) {
  const { above, below } = await neighbourRows(knex, usersTable, period, key, row, AROUND_ME_SPAN);
  return [
    ...above.map((r, i) => ({ row: r, rank: rank - 1 - i })).reverse(),
    { row, rank },
    ...below.map((r, i) => ({ row: r, rank: rank + 1 + i })),
  ];
}
