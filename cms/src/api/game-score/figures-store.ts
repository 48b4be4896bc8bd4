/**
 * The per-player tables, kept as runs are stored instead of recomputed from a player's history, and the
 * migrations that make all the game's own tables:
 *
 * - haic_player_figures: per player (account `u:<id>` or guest wallet `g:<wallet>`) games played, total
 *   points and high score (best single game's totalPoints), over every stored run. GET /api/users/:id/stats.
 * - haic_player_bests: per player and period window (all time `all`; the UTC day `2026-11-24`; the week
 *   by its Monday `2026-11-23`) the best verified run. The board of players (services/boards.ts) reads the
 *   current window's rows in index order, and "my rank" counts the players ahead, so a new day or week
 *   starts empty without anything being cleared.
 * - haic_run_tickets: the used run tickets (services/tickets.ts owns their SQL; rows from before its
 *   `score_id` column have none: a random id, a hash and a time, nobody's data).
 *
 * This module owns the writes to the first two (the same SQL on SQLite and PostgreSQL). The tables, their
 * indexes and the backfill from existing runs come from the migrations
 * database/migrations/2026.11.24T00.00.00.player-figures.js and 2026.11.26T00.00.00.account-deletion.js.
 */
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { LEADERBOARD_PERIODS, seasonStartOf, type LeaderboardPeriod, type UserStats } from '@haic/contract';
import { lockForTransaction } from '../../utils/cluster';

export const FIGURES_TABLE = 'haic_player_figures';
export const BESTS_TABLE = 'haic_player_bests';
export const TICKETS_TABLE = 'haic_run_tickets';
const BOARD_INDEX = 'haic_player_bests_board';
/** The runs' table (the game-score schema's collectionName): a board row links to its run's page by its document id. */
export const SCORES_TABLE = 'game_scores';
const SCORE_UID = 'api::game-score.game-score';
/** Rows per multi-row statement (well under SQLite's bound-parameter limit). */
const CHUNK = 50;
const BACKFILL_BATCH = 2000;

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

/** Whether run a ranks above run b: more points, then the earlier run, then the lower id. */
const ranksAbove = (a: BestRow, b: BestRow) =>
  a.total_points !== b.total_points
    ? a.total_points > b.total_points
    : a.played_at !== b.played_at
      ? a.played_at < b.played_at
      : a.score_id < b.score_id;

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
  const columns = ['period', 'period_key', 'player_key', 'user_id', 'guest_wallet', 'score_id', 'total_points', 'score', 'bonus_points', 'level', 'time_elapsed', 'played_at'] as const;
  for (const part of chunks([...bests.values()])) {
    await knex.raw(
      `insert into ${b} (${columns.join(', ')})
       values ${part.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ')}
       on conflict (period, period_key, player_key) do update set
         ${columns.slice(3).map((c) => `${c} = excluded.${c}`).join(', ')}
       where excluded.total_points > ${b}.total_points
          or (excluded.total_points = ${b}.total_points
              and (excluded.played_at < ${b}.played_at
                   or (excluded.played_at = ${b}.played_at and excluded.score_id < ${b}.score_id)))`,
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

// ---------- the migrations ----------

/**
 * Runs from before the player_key column get theirs: 'u:<user id>' through the user link, else 'g:<wallet>'.
 * Run at start-up once Strapi has synced the column, before the history index is built (bootstrap/indexes.ts).
 */
export async function fillPlayerKeys(db: Database): Promise<void> {
  const { table, userLink: link } = runsModel(db);
  await db.connection.raw(
    `update ${table} set player_key = coalesce(
       (select 'u:' || l.${link.userColumn} from ${link.table} l where l.${link.runColumn} = ${table}.id),
       'g:' || ${table}.guest_wallet)
     where player_key is null`,
  );
}

/**
 * Second migration, for an account's deletion: used tickets name the run they verified (score_id,
 * indexed), and a player's bests are found by player in every window at once. Idempotent: adds only
 * what is missing (a database made by the first migration from this version on has it all).
 */
export async function upgradeForAccountDeletion(knex: Knex): Promise<void> {
  await lockForTransaction(knex, 'account-deletion');
  if (await knex.schema.hasTable(TICKETS_TABLE)) await addAccountDeletionIndexes(knex);
}

async function addAccountDeletionIndexes(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn(TICKETS_TABLE, 'score_id'))) {
    await knex.schema.alterTable(TICKETS_TABLE, (t) => {
      t.integer('score_id').nullable();
    });
  }
  await knex.raw(`create index if not exists ${TICKETS_TABLE}_score_id on ${TICKETS_TABLE} (score_id)`);
  await knex.raw(`create index if not exists ${BESTS_TABLE}_player on ${BESTS_TABLE} (player_key)`);
}

/** Whose row it is: an account's id, or a guest's wallet id. */
function ownerColumns(t: Knex.CreateTableBuilder): void {
  t.integer('user_id').nullable();
  t.string('guest_wallet', 14).nullable();
}

async function createTables(knex: Knex): Promise<void> {
  await knex.schema.createTable(FIGURES_TABLE, (t) => {
    t.string('player_key', 40).primary();
    ownerColumns(t);
    t.integer('games_played').notNullable();
    t.bigInteger('total_points').notNullable();
    t.integer('high_score').notNullable();
  });
  await knex.schema.createTable(BESTS_TABLE, (t) => {
    t.string('period', 8).notNullable();
    t.string('period_key', 10).notNullable();
    t.string('player_key', 40).notNullable();
    ownerColumns(t);
    t.integer('score_id').notNullable();
    t.integer('total_points').notNullable();
    t.integer('score').notNullable();
    t.integer('bonus_points').notNullable();
    t.integer('level').notNullable();
    t.integer('time_elapsed').notNullable();
    t.bigInteger('played_at').notNullable();
    t.primary(['period', 'period_key', 'player_key']);
  });
  // The board's order, and the range "my rank" counts: one window's players, best first.
  await knex.raw(`create index ${BOARD_INDEX} on ${BESTS_TABLE} (period, period_key, total_points desc, played_at, score_id)`);
  await knex.schema.createTable(TICKETS_TABLE, (t) => {
    t.string('run_id', 36).primary();
    t.string('log_hash', 64).notNullable().unique({ indexName: `${TICKETS_TABLE}_log_hash_unique` });
    t.bigInteger('used_at').notNullable();
  });
  await addAccountDeletionIndexes(knex);
}

/** A stored run as the backfill reads it (pg answers bigint columns as text). */
interface BackfillRow {
  id: number | string;
  userId: number | string | null;
  guestWallet: string | null;
  totalPoints: number | string;
  score: number | string;
  bonusPoints: number | string;
  level: number | string;
  timeElapsed: number | string;
  playedDate: string | Date;
  verified: boolean | number | null;
}

/** Every stored run, in id order, as figures: keyset pages, so memory stays flat on a large table. */
async function backfill(knex: Knex, db: Database): Promise<number> {
  const runs = runsModel(db);
  if (!(await knex.schema.hasTable(runs.table))) return 0;
  const link = runs.userLink;
  let lastId = 0;
  let total = 0;
  for (;;) {
    const rows: BackfillRow[] = await knex(`${runs.table} as s`)
      .leftJoin(`${link.table} as l`, `l.${link.runColumn}`, 's.id')
      .where('s.id', '>', lastId)
      .orderBy('s.id', 'asc')
      .limit(BACKFILL_BATCH)
      .select(
        's.id as id',
        `l.${link.userColumn} as userId`,
        ...['guestWallet', 'totalPoints', 'score', 'bonusPoints', 'level', 'timeElapsed', 'playedDate', 'verified'].map((field) => `s.${runs.column(field)} as ${field}`),
      );
    if (!rows.length) return total;
    await applyRuns(
      knex,
      rows.map((row) => ({
        scoreId: Number(row.id),
        userId: row.userId === null || row.userId === undefined ? null : Number(row.userId),
        guestWallet: row.userId === null || row.userId === undefined ? (row.guestWallet ?? '') : null,
        totalPoints: Number(row.totalPoints),
        score: Number(row.score),
        bonusPoints: Number(row.bonusPoints),
        level: Number(row.level),
        timeElapsed: Number(row.timeElapsed),
        playedAt: new Date(row.playedDate).getTime(),
        verified: Boolean(row.verified),
      })),
    );
    total += rows.length;
    lastId = Number(rows[rows.length - 1].id);
  }
}

/**
 * The migration's work, in its transaction: creates the tables and indexes and fills them from the
 * runs already stored. Several instances may start at once on one PostgreSQL: the first takes the lock
 * and does it all; the others wait, then find the tables and do nothing (so nothing is counted twice).
 */
export async function upgradeToPlayerFigures(knex: Knex, db: Database): Promise<void> {
  await lockForTransaction(knex, 'player-figures');
  if (await knex.schema.hasTable(FIGURES_TABLE)) return;
  await createTables(knex);
  const runs = await backfill(knex, db);
  if (runs) db.logger?.info?.(`[player-figures] filled from ${runs} stored runs`);
}
