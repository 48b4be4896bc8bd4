/**
 * The per-player tables, kept as runs are stored instead of recomputed from a player's history:
 *
 * - haic_player_figures: per player (account `u:<id>` or guest wallet `g:<wallet>`) games played, total
 *   points and high score (best single game's totalPoints), over every stored run. GET /api/users/:id/stats.
 * - haic_player_bests: per player and period window (all time `all`; the UTC day `2026-11-24`; the week
 *   by its Monday `2026-11-23`) the best verified run. The board of players (services/boards.ts) reads the
 *   current window's rows in index order, and "my rank" counts the players ahead, so a new day or week
 *   starts empty without anything being cleared.
 *
 * This module owns their writes and reads (the same SQL on SQLite and PostgreSQL); the board's order is
 * board-order.ts's. The tables, their indexes and the backfill from existing runs come from the migrations
 * in database/migrations (their steps in database/migrations/steps/player-figures.ts).
 */
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { LEADERBOARD_PERIODS, seasonStartOf, type LeaderboardPeriod, type UserStats } from '@haic/contract';
import { beatsSql, ranksAbove } from './board-order';

export const FIGURES_TABLE = 'haic_player_figures';
export const BESTS_TABLE = 'haic_player_bests';
/** The runs' table (the game-score schema's collectionName): a board row links to its run's page by its document id. */
export const SCORES_TABLE = 'game_scores';
const SCORE_UID = 'api::game-score.game-score';
/** Rows per multi-row statement (well under SQLite's bound-parameter limit). */
const CHUNK = 50;

type Database = Core.Strapi['db'];

export interface RunFigures {
  scoreId: number;
  userId: number | null;
  guestWallet: string | null;
  totalPoints: number;
  score: number;
  bonusPoints: number;
  level: number;
  timeElapsed: number;
  /** When the run was played, epoch ms. */
  playedAt: number;
  verified: boolean;
}

export interface BestRow {
  period: string;
  period_key: string;
  player_key: string;
  user_id: number | null;
  guest_wallet: string | null;
  score_id: number;
  total_points: number;
  score: number;
  bonus_points: number;
  level: number;
  time_elapsed: number;
  played_at: number;
}

export const playerKey = (owner: { userId: number | null; guestWallet: string | null }) =>
  owner.userId !== null ? `u:${owner.userId}` : `g:${owner.guestWallet}`;

/** Start of the period in UTC: today from midnight, this week from Monday midnight; null for all time. */
export function periodStart(period: LeaderboardPeriod, at: Date): Date | null {
  if (period === 'all') return null;
  if (period === 'week') return seasonStartOf(at);
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** The window of a period that holds a moment: `all`, or the date its day or week starts on. */
export function periodKey(period: LeaderboardPeriod, at: Date): string {
  const start = periodStart(period, at);
  return start ? start.toISOString().slice(0, 10) : 'all';
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/**
 * Adds runs to their players' figures and, for verified runs, to their bests in every period window.
 * Idempotent for bests (a run never beats itself), additive for the counts: call it once per stored run,
 * in the transaction that stores it.
 */
export async function applyRuns(knex: Knex, runs: RunFigures[]): Promise<void> {
  const figures = new Map<string, { user_id: number | null; guest_wallet: string | null; games_played: number; total_points: number; high_score: number }>();
  const bests = new Map<string, BestRow>();
  for (const run of runs) {
    const key = playerKey(run);
    const current = figures.get(key) ?? { user_id: run.userId, guest_wallet: run.guestWallet, games_played: 0, total_points: 0, high_score: 0 };
    current.games_played += 1;
    current.total_points += run.totalPoints;
    current.high_score = Math.max(current.high_score, run.totalPoints);
    figures.set(key, current);
    if (!run.verified) continue;
    const at = new Date(run.playedAt);
    for (const period of LEADERBOARD_PERIODS) {
      const row: BestRow = {
        period,
        period_key: periodKey(period, at),
        player_key: key,
        user_id: run.userId,
        guest_wallet: run.guestWallet,
        score_id: run.scoreId,
        total_points: run.totalPoints,
        score: run.score,
        bonus_points: run.bonusPoints,
        level: run.level,
        time_elapsed: run.timeElapsed,
        played_at: run.playedAt,
      };
      const slot = `${period}|${row.period_key}|${key}`;
      const held = bests.get(slot);
      if (!held || ranksAbove(row, held)) bests.set(slot, row);
    }
  }

  const f = FIGURES_TABLE;
  for (const part of chunks([...figures].map(([player_key, row]) => ({ player_key, ...row })))) {
    await knex.raw(
      `insert into ${f} (player_key, user_id, guest_wallet, games_played, total_points, high_score)
       values ${part.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}
       on conflict (player_key) do update set
         games_played = ${f}.games_played + excluded.games_played,
         total_points = ${f}.total_points + excluded.total_points,
         high_score = case when excluded.high_score > ${f}.high_score then excluded.high_score else ${f}.high_score end`,
      part.flatMap((r) => [r.player_key, r.user_id, r.guest_wallet, r.games_played, r.total_points, r.high_score]),
    );
  }

  const b = BESTS_TABLE;
  const columns = [
    'period',
    'period_key',
    'player_key',
    'user_id',
    'guest_wallet',
    'score_id',
    'total_points',
    'score',
    'bonus_points',
    'level',
    'time_elapsed',
    'played_at',
  ] as const;
  for (const part of chunks([...bests.values()])) {
    await knex.raw(
      `insert into ${b} (${columns.join(', ')})
       values ${part.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ')}
       on conflict (period, period_key, player_key) do update set
         ${columns
           .slice(3)
           .map((c) => `${c} = excluded.${c}`)
           .join(', ')}
       where ${beatsSql('excluded', b)}`,
      part.flatMap((row) => columns.map((c) => row[c])),
    );
  }
}

/** Forgets a player's figures and bests (before they are rebuilt from the runs they still hold). */
export async function removePlayer(knex: Knex, key: string): Promise<void> {
  await knex(FIGURES_TABLE).where({ player_key: key }).del();
  await knex(BESTS_TABLE).where({ player_key: key }).del();
}

/** One player's figures (zeros before their first run): a primary-key read. */
export async function figuresOf(knex: Knex, key: string): Promise<UserStats> {
  const row: { games_played: unknown; total_points: unknown; high_score: unknown } | undefined = await knex(FIGURES_TABLE)
    .where({ player_key: key })
    .first('games_played', 'total_points', 'high_score');
  return {
    gamesPlayed: Number(row?.games_played ?? 0),
    totalPoints: Number(row?.total_points ?? 0),
    highScore: Number(row?.high_score ?? 0),
  };
}

/** Where the runs live, from Strapi's model of the game-score type: its table, a field's column, the user link. */
export interface RunsModel {
  table: string;
  column(field: string): string;
  userLink: { table: string; runColumn: string; userColumn: string };
}

export function runsModel(db: Database): RunsModel {
  const meta = db.metadata.get(SCORE_UID);
  const user = meta.attributes.user;
  const link = user && 'joinTable' in user ? user.joinTable : undefined;
  if (!link || !('inverseJoinColumn' in link)) throw new Error(`${SCORE_UID} has no user link table`);
  return {
    table: meta.tableName,
    column: (field) => {
      const attribute = meta.attributes[field];
      return (attribute && 'columnName' in attribute ? attribute.columnName : undefined) ?? field;
    },
    userLink: { table: link.name, runColumn: link.joinColumn.name, userColumn: link.inverseJoinColumn.name },
  };
}
