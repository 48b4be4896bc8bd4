/**
 * The work of the game tables' migrations (2026.11.24T00.00.00.player-figures.js and
 * 2026.11.26T00.00.00.account-deletion.js beside this folder run it, compiled, in their transactions):
 * the per-player figures and bests (src/api/game-score/figures-store.ts writes them as runs are stored), the
 * used run tickets (services/tickets.ts), their indexes, and the backfill from the runs already stored.
 */
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { BOARD_INDEX_COLUMNS } from '../../../src/api/game-score/board-order';
import { BESTS_TABLE, FIGURES_TABLE, applyRuns, runsModel } from '../../../src/api/game-score/figures-store';
import { TICKETS_TABLE } from '../../../src/api/game-score/services/tickets';
import { lockForTransaction } from '../../../src/utils/cluster';

type Database = Core.Strapi['db'];

const BOARD_INDEX = 'haic_player_bests_board';
/** Stored runs read per page by the backfill. */
const BACKFILL_BATCH = 2000;

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
  await knex.raw(`create index ${BOARD_INDEX} on ${BESTS_TABLE} (period, period_key, ${BOARD_INDEX_COLUMNS})`);
  await knex.schema.createTable(TICKETS_TABLE, (t) => {
    t.string('run_id', 36).primary();
    t.string('log_hash', 64)
      .notNullable()
      .unique({ indexName: `${TICKETS_TABLE}_log_hash_unique` });
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
        ...['guestWallet', 'totalPoints', 'score', 'bonusPoints', 'level', 'timeElapsed', 'playedDate', 'verified'].map(
          (field) => `s.${runs.column(field)} as ${field}`,
        ),
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
