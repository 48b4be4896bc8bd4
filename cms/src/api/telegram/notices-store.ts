/**
 * The tables of the players' Telegram notices (services/notices.ts decides what to say, services/outbox.ts
 * sends it), made by the migration database/migrations/2026.12.01T00.00.00.telegram-notices.js:
 * - haic_telegram_outbox: every message to send, durable: `pending` until the one sender of the cluster
 *   claims it (`sending`), then `sent`, `failed` (the Bot API refused it, or retries ran out), `skipped`
 *   (unlinked, switched off, or over the hourly rule) or `uncertain` (cut off mid-send: never sent again).
 *   A `dedupe_key` names what it is about, so no message is queued twice. Indexed for the sender's pick
 *   (status, next_attempt_at) and by player (user_id).
 * - haic_telegram_players: a player's switch (`notices_off`; notices are on for a linked player until they
 *   turn them off) and when they were last sent one (the hourly rule), by user id.
 * - haic_telegram_seasons: per weekly season, the top 10 players as last seen (to tell who lost a place)
 *   and when its end was announced.
 */
import type { Knex } from 'knex';
import { lockForTransaction } from '../../utils/cluster';

export const OUTBOX_TABLE = 'haic_telegram_outbox';
export const PLAYERS_TABLE = 'haic_telegram_players';
export const SEASONS_TABLE = 'haic_telegram_seasons';

export type NoticeKind = 'passed' | 'season';
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped' | 'uncertain';

export interface OutboxRow {
  id: number;
  user_id: number;
  kind: NoticeKind;
  text: string;
  attempts: number;
  /** Whether this message already took its player's hourly place (a retry does not take another). */
  slot_taken: boolean;
}

/** The migration's work, in its transaction: the three tables and their indexes, once across instances. */
export async function createNoticeTables(knex: Knex): Promise<void> {
  await lockForTransaction(knex, 'telegram-notices');
  if (!(await knex.schema.hasTable(OUTBOX_TABLE))) {
    await knex.schema.createTable(OUTBOX_TABLE, (t) => {
      t.increments('id').primary();
      t.integer('user_id').notNullable();
      t.string('kind', 16).notNullable();
      t.string('dedupe_key', 80)
        .notNullable()
        .unique({ indexName: `${OUTBOX_TABLE}_dedupe_key_unique` });
      t.string('text', 1024).notNullable();
      t.string('status', 12).notNullable();
      t.integer('attempts').notNullable().defaultTo(0);
      t.boolean('slot_taken').notNullable().defaultTo(false);
      t.bigInteger('next_attempt_at').notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('sent_at').nullable();
      t.string('last_error', 200).nullable();
    });
    // The sender's pick (pending, due first) and the old rows it prunes; a player's rows (pending, removal).
    await knex.raw(`create index ${OUTBOX_TABLE}_due on ${OUTBOX_TABLE} (status, next_attempt_at)`);
    await knex.raw(`create index ${OUTBOX_TABLE}_user on ${OUTBOX_TABLE} (user_id, status)`);
  }
  if (!(await knex.schema.hasTable(PLAYERS_TABLE))) {
    await knex.schema.createTable(PLAYERS_TABLE, (t) => {
      t.integer('user_id').primary();
      t.boolean('notices_off').notNullable().defaultTo(false);
      t.bigInteger('last_notice_at').nullable();
    });
  }
  if (!(await knex.schema.hasTable(SEASONS_TABLE))) {
    await knex.schema.createTable(SEASONS_TABLE, (t) => {
      t.string('season', 10).primary();
      t.text('top').notNullable();
      t.bigInteger('announced_at').nullable();
    });
  }
}

/** Queues a message unless one with the same key was ever queued; true when it was. */
export async function enqueue(knex: Knex, message: { userId: number; kind: NoticeKind; key: string; text: string }, now = Date.now()): Promise<boolean> {
  const result = await knex.raw(
    `insert into ${OUTBOX_TABLE} (user_id, kind, dedupe_key, text, status, attempts, slot_taken, next_attempt_at, created_at)
     values (?, ?, ?, ?, 'pending', 0, ?, ?, ?) on conflict (dedupe_key) do nothing`,
    [message.userId, message.kind, message.key, message.text, false, now, now],
  );
  return rowsChanged(result) > 0;
}

/** Rows a raw insert or update changed: pg answers rowCount, better-sqlite3 changes. */
export const rowsChanged = (result: unknown): number => {
  const r = result as { rowCount?: number; changes?: number };
  return Number(r.rowCount ?? r.changes ?? 0);
};

/** Takes the player's one place of this hour (at most one message per player per hour); false when it is taken. */
export async function takeHourlySlot(knex: Knex, userId: number, now: number, hourMs: number): Promise<boolean> {
  const result = await knex.raw(
    `insert into ${PLAYERS_TABLE} as p (user_id, notices_off, last_notice_at) values (?, ?, ?)
     on conflict (user_id) do update set last_notice_at = excluded.last_notice_at
     where p.last_notice_at is null or p.last_notice_at <= ?`,
    [userId, false, now, now - hourMs],
  );
  return rowsChanged(result) > 0;
}

/** A player's switch and last notice (no row: never touched, notices on for a linked player). */
export async function playerRow(knex: Knex, userId: number): Promise<{ notices_off: boolean; last_notice_at: number | null } | null> {
  const row: { notices_off: unknown; last_notice_at: unknown } | undefined = await knex(PLAYERS_TABLE)
    .where({ user_id: userId })
    .first('notices_off', 'last_notice_at');
  return row ? { notices_off: Boolean(row.notices_off), last_notice_at: row.last_notice_at === null ? null : Number(row.last_notice_at) } : null;
}

export async function setNoticesOff(knex: Knex, userId: number, off: boolean): Promise<void> {
  await knex.raw(`insert into ${PLAYERS_TABLE} (user_id, notices_off) values (?, ?) on conflict (user_id) do update set notices_off = excluded.notices_off`, [
    userId,
    off,
  ]);
}

/** A player's notices, gone with their account (in its deleting transaction). */
export async function removeNoticesOf(knex: Knex, userId: number): Promise<void> {
  await knex(OUTBOX_TABLE).where({ user_id: userId }).del();
  await knex(PLAYERS_TABLE).where({ user_id: userId }).del();
}
