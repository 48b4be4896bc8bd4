/**
 * The per-player figures, kept as runs are stored instead of recomputed from a player's history:
 *
 * - haic_player_figures: per player (account `u:<id>` or guest wallet `g:<wallet>`) games played, total
 *   points and high score (best single game's totalPoints), over every stored run. GET /api/users/:id/stats.
 * - haic_player_bests: per player and period window (all time `all`; the UTC day `2026-11-24`; the week
 *   by its Monday `2026-11-23`) the best verified run. The board of players reads the current window's
 *   rows in index order, and "my rank" counts the players ahead, so a new day or week starts empty
 *   without anything being cleared.
 * - haic_run_tickets: each run ticket that verified a run, and that run's input log hash, once: a used
 *   ticket, or a log that already ranked, verifies nothing again (across instances: primary key and
 *   unique index). `score_id` names the run it verified, so an account's tickets leave with its runs
 *   (rows from before that column have none: a random id, a hash and a time, nobody's data).
 *
 * This module owns their SQL (the same on SQLite and PostgreSQL). The tables, their indexes and the
 * backfill from existing runs come from the migration database/migrations/2026.11.24T00.00.00.player-figures.js.
 */
import type { Knex } from 'knex';
import { LEADERBOARD_PERIODS, seasonStartOf, type LeaderboardPeriod, type UserStats } from '@haic/contract';
import { lockForTransaction } from '../../utils/cluster';

const FIGURES_TABLE = 'haic_player_figures';
const BESTS_TABLE = 'haic_player_bests';
const TICKETS_TABLE = 'haic_run_tickets';
const BOARD_INDEX = 'haic_player_bests_board';
/** The runs' table (the game-score schema's collectionName): a board row links to its run's page by its document id. */
const SCORES_TABLE = 'game_scores';
const SCORE_UID = 'api::game-score.game-score';
/** Rows per multi-row statement (well under SQLite's bound-parameter limit). */
const CHUNK = 50;
const BACKFILL_BATCH = 2000;

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

/**
 * Marks a ticket used by a verified run and that run's log as ranked. False when either already was
 * (the run is then stored unverified). Run inside the transaction that stores the run.
 */
export async function claimTicket(knex: Knex, runId: string, logHash: string, now = Date.now()): Promise<boolean> {
  const result: any = await knex.raw(`insert into ${TICKETS_TABLE} (run_id, log_hash, used_at) values (?, ?, ?) on conflict do nothing`, [runId, logHash, now]);
  // better-sqlite3 answers { changes }, pg a result with rowCount.
  const changed = result?.rowCount ?? result?.changes ?? (Array.isArray(result) ? result.length : 0);
  return Number(changed) > 0;
}

/** Records which stored run a claimed ticket verified (in the transaction that stores the run). */
export async function linkTicketToRun(knex: Knex, runId: string, scoreId: number): Promise<void> {
  await knex(TICKETS_TABLE).where({ run_id: runId }).update({ score_id: scoreId });
}

/**
 * Removes every run of an account with what hangs off them: the tickets they used, their user links,
 * the account's figures and bests (every board window at once). Run inside the deleting transaction.
 * The runs are found through the history index (player key) and the user link's index.
 */
export async function removeAccountRuns(knex: Knex, db: any, userId: number): Promise<void> {
  const meta = db.metadata.get(SCORE_UID);
  const table = meta.tableName;
  const link = meta.attributes.user.joinTable;
  const key = playerKey({ userId, guestWallet: null });
  const linkedRuns = () => knex(link.name).select(link.joinColumn.name).where(link.inverseJoinColumn.name, userId);
  const keyedRuns = () => knex(table).select('id').where(meta.attributes.playerKey.columnName ?? 'player_key', key);
  await knex(TICKETS_TABLE).whereIn('score_id', keyedRuns()).del();
  await knex(TICKETS_TABLE).whereIn('score_id', linkedRuns()).del();
  await knex(table).whereIn('id', linkedRuns()).del();
  await knex(table).whereIn('id', keyedRuns()).del();
  await knex(link.name).where(link.inverseJoinColumn.name, userId).del();
  await removePlayer(knex, key);
}

// ---------- reads ----------

/** Whether a ticket already verified a run, or a log already ranked (two primary/unique index reads). */
export async function ticketOrLogUsed(knex: Knex, runId: string, logHash: string): Promise<boolean> {
  const row = await knex(TICKETS_TABLE).where({ run_id: runId }).orWhere({ log_hash: logHash }).first('run_id');
  return Boolean(row);
}

/** One player's figures (zeros before their first run): a primary-key read. */
export async function figuresOf(knex: Knex, key: string): Promise<UserStats> {
  const row = await knex(FIGURES_TABLE).where({ player_key: key }).first('games_played', 'total_points', 'high_score');
  return {
    gamesPlayed: Number(row?.games_played ?? 0),
    totalPoints: Number(row?.total_points ?? 0),
    highScore: Number(row?.high_score ?? 0),
  };
}

const numeric = ['user_id', 'score_id', 'total_points', 'score', 'bonus_points', 'level', 'time_elapsed', 'played_at'] as const;
/** pg answers bigint columns as text. */
export function bestFromDb(row: any): BestRow & { username: string | null; run_id: string | null } {
  const out = { ...row };
  for (const c of numeric) out[c] = row[c] === null || row[c] === undefined ? null : Number(row[c]);
  return out;
}

const selectBoardRow = ['b.*', 'u.username as username', 's.document_id as run_id'];
/** Board rows with their player's name and their run's id (its page). */
const boardQuery = (knex: Knex, usersTable: string, period: LeaderboardPeriod, key: string) =>
  knex(`${BESTS_TABLE} as b`)
    .leftJoin(`${usersTable} as u`, 'u.id', 'b.user_id')
    .leftJoin(`${SCORES_TABLE} as s`, 's.id', 'b.score_id')
    .where({ 'b.period': period, 'b.period_key': key });

/** The first `limit` players of a period window, best first, ties to the earlier run (the board index). */
export async function boardRows(knex: Knex, usersTable: string, period: LeaderboardPeriod, key: string, limit: number) {
  const rows = await boardQuery(knex, usersTable, period, key)
    .orderBy([
      { column: 'b.total_points', order: 'desc' },
      { column: 'b.played_at', order: 'asc' },
      { column: 'b.score_id', order: 'asc' },
    ])
    .limit(limit)
    .select(selectBoardRow);
  return rows.map(bestFromDb);
}

/**
 * The `span` players just above a board row (nearest first) and just below it, in board order. Each side
 * is three seeks on the board index from the row's own key (same points and time, then same points, then
 * other points), each reading at most `span` entries: the cost does not grow with the rank.
 */
export async function neighbourRows(knex: Knex, usersTable: string, period: LeaderboardPeriod, key: string, row: BestRow, span: number) {
  const side = (direction: 'above' | 'below') => {
    const up = direction === 'above';
    const near = (order: 'asc' | 'desc') => (up ? (order === 'asc' ? 'desc' : 'asc') : order);
    const seeks = [
      boardQuery(knex, usersTable, period, key)
        .where({ 'b.total_points': row.total_points, 'b.played_at': row.played_at })
        .andWhere('b.score_id', up ? '<' : '>', row.score_id)
        .orderBy([{ column: 'b.score_id', order: near('asc') }]),
      boardQuery(knex, usersTable, period, key)
        .where({ 'b.total_points': row.total_points })
        .andWhere('b.played_at', up ? '<' : '>', row.played_at)
        .orderBy([
          { column: 'b.played_at', order: near('asc') },
          { column: 'b.score_id', order: near('asc') },
        ]),
      boardQuery(knex, usersTable, period, key)
        .andWhere('b.total_points', up ? '>' : '<', row.total_points)
        .orderBy([
          { column: 'b.total_points', order: near('desc') },
          { column: 'b.played_at', order: near('asc') },
          { column: 'b.score_id', order: near('asc') },
        ]),
    ];
    return Promise.all(seeks.map((seek) => seek.limit(span).select(selectBoardRow))).then((parts) => parts.flat().slice(0, span).map(bestFromDb));
  };
  const [above, below] = await Promise.all([side('above'), side('below')]);
  return { above, below };
}

/** A player's best in a period window with their rank: 1 + the players ahead (an index range count). */
export async function rankedBest(knex: Knex, usersTable: string, period: LeaderboardPeriod, key: string, player: string) {
  const row = await knex(`${BESTS_TABLE} as b`)
    .leftJoin(`${usersTable} as u`, 'u.id', 'b.user_id')
    .leftJoin(`${SCORES_TABLE} as s`, 's.id', 'b.score_id')
    .where({ 'b.period': period, 'b.period_key': key, 'b.player_key': player })
    .first('b.*', 'u.username as username', 's.document_id as run_id');
  if (!row) return null;
  const best = bestFromDb(row);
  const ahead = await knex(BESTS_TABLE)
    .where({ period, period_key: key })
    .andWhere((q) =>
      q
        .where('total_points', '>', best.total_points)
        .orWhere((tie) =>
          tie
            .where('total_points', best.total_points)
            .andWhere((earlier) =>
              earlier.where('played_at', '<', best.played_at).orWhere((same) => same.where('played_at', best.played_at).andWhere('score_id', '<', best.score_id)),
            ),
        ),
    )
    .count({ n: '*' })
    .first();
  return { best, rank: Number(ahead?.n ?? 0) + 1 };
}

// ---------- the migrations ----------

/**
 * Second migration, for an account's deletion: used tickets name the run they verified (score_id,
 * indexed), and a player's bests are found by player in every window at once. Idempotent: adds only
 * what is missing (a database made by the first migration from this version on has it all).
 */
export async function upgradeForAccountDeletion(knex: Knex): Promise<void> {
  await lockForTransaction(knex as any, 'account-deletion');
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

async function createTables(knex: Knex): Promise<void> {
  await knex.schema.createTable(FIGURES_TABLE, (t) => {
    t.string('player_key', 40).primary();
    t.integer('user_id').nullable();
    t.string('guest_wallet', 14).nullable();
    t.integer('games_played').notNullable();
    t.bigInteger('total_points').notNullable();
    t.integer('high_score').notNullable();
  });
  await knex.schema.createTable(BESTS_TABLE, (t) => {
    t.string('period', 8).notNullable();
    t.string('period_key', 10).notNullable();
    t.string('player_key', 40).notNullable();
    t.integer('user_id').nullable();
    t.string('guest_wallet', 14).nullable();
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

/** Every stored run, in id order, as figures: keyset pages, so memory stays flat on a large table. */
async function backfill(knex: Knex, db: any): Promise<number> {
  const meta = db.metadata.get(SCORE_UID);
  if (!(await knex.schema.hasTable(meta.tableName))) return 0;
  const column = (field: string) => meta.attributes[field].columnName ?? field;
  const join = meta.attributes.user.joinTable;
  let lastId = 0;
  let total = 0;
  for (;;) {
    const rows = await knex(`${meta.tableName} as s`)
      .leftJoin(`${join.name} as l`, `l.${join.joinColumn.name}`, 's.id')
      .where('s.id', '>', lastId)
      .orderBy('s.id', 'asc')
      .limit(BACKFILL_BATCH)
      .select(
        's.id as id',
        `l.${join.inverseJoinColumn.name} as userId`,
        ...['guestWallet', 'totalPoints', 'score', 'bonusPoints', 'level', 'timeElapsed', 'playedDate', 'verified'].map((field) => `s.${column(field)} as ${field}`),
      );
    if (!rows.length) return total;
    await applyRuns(
      knex,
      rows.map((row: any) => ({
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
export async function upgradeToPlayerFigures(knex: Knex, db: any): Promise<void> {
  await lockForTransaction(knex as any, 'player-figures');
  if (await knex.schema.hasTable(FIGURES_TABLE)) return;
  await createTables(knex);
  const runs = await backfill(knex, db);
  if (runs) db.logger?.info?.(`[player-figures] filled from ${runs} stored runs`);
}
