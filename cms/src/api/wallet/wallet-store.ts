/**
 * The wallet links' two tables, their migration, and the reads other APIs make of them:
 *
 * - haic_wallet_links: one row per account that proved an XRPL address (user_id primary key; the address
 *   unique: one address, one account). It keeps when the address was verified, whether the player made it
 *   public, and the HAIC holder check's last known balance with the time it was read (holder_checked_at)
 *   and the time it was last tried (holder_attempted_at, 0 before the first try; indexed: the refresh
 *   reads the oldest first).
 * - haic_wallet_challenges: the one live challenge of an account (user_id primary key): its nonce and
 *   times, all the message is rebuilt from. It goes when it is used; a new challenge replaces it. Nothing
 *   else of a challenge is stored.
 *
 * Every read is by a primary key or a unique or ordered index; the board joins the links by user id.
 * The tables come from database/migrations/2026.11.28T00.00.00.wallet-links.js (upgradeToWalletLinks).
 */
import type { Knex } from 'knex';
import type { ExportedWallet, WalletBadges, WalletStatus } from '@haic/contract';
import { lockForTransaction } from '../../utils/cluster';
import { holdersConfigured, isHolderBalance } from './holder-check';

export const LINKS_TABLE = 'haic_wallet_links';
export const CHALLENGES_TABLE = 'haic_wallet_challenges';

/** A link as the database answers it (pg answers bigint columns as text, SQLite booleans as 0/1). */
export interface LinkRow {
  user_id: number | string;
  address: string;
  verified_at: number | string;
  address_public: boolean | number;
  holder_balance: string | null;
  holder_checked_at: number | string | null;
  holder_attempted_at: number | string;
}

export interface ChallengeRow {
  user_id: number | string;
  nonce: string;
  issued_at: number | string;
  expires_at: number | string;
}

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** The holder check's answer for a link, when it is known (holders checked, the trust line read at least once). */
function holderOf(row: Pick<LinkRow, 'holder_balance' | 'holder_checked_at'>): { holder: boolean; balance: string; checkedAt: string } | null {
  if (!holdersConfigured() || row.holder_checked_at === null || !isHolderBalance(row.holder_balance)) return null;
  return { holder: Number(row.holder_balance) > 0, balance: row.holder_balance, checkedAt: iso(row.holder_checked_at) };
}

/** Whether a link shows the holder badge now (null: not known). */
export const holderFlagOf = (row: Pick<LinkRow, 'holder_balance' | 'holder_checked_at'> | undefined) => (row ? (holderOf(row)?.holder ?? null) : null);

/** The owner's view of their link (nulls when none). */
export function statusOf(row: LinkRow | undefined): WalletStatus {
  if (!row) return { address: null, verifiedAt: null, addressPublic: false };
  const known = holderOf(row);
  return {
    address: row.address,
    verifiedAt: iso(row.verified_at),
    addressPublic: Boolean(row.address_public),
    ...(known ? { holder: known.holder, holderBalance: known.balance, holderCheckedAt: known.checkedAt } : {}),
  };
}

/** What the public sees beside a player's name; the address only when the player made it public. */
export function badgesOf(row: Pick<LinkRow, 'address' | 'address_public' | 'holder_balance' | 'holder_checked_at'> | undefined): WalletBadges {
  if (!row) return { walletVerified: false };
  const known = holderOf(row);
  return { walletVerified: true, ...(known ? { holder: known.holder } : {}), ...(row.address_public ? { walletAddress: row.address } : {}) };
}

/** The board's columns of a row's player's link (joined as `w`), read back by badgesOfJoined. */
export const JOINED_WALLET_COLUMNS = [
  'w.address as wallet_address',
  'w.address_public as wallet_public',
  'w.holder_balance as wallet_balance',
  'w.holder_checked_at as wallet_checked_at',
];

/** Joins each row's player's link (by the user id column; a guest has none). */
export const joinWallets = (query: Knex.QueryBuilder, userIdColumn: string) => query.leftJoin(`${LINKS_TABLE} as w`, 'w.user_id', userIdColumn);

export function badgesOfJoined(row: Record<string, unknown>): WalletBadges {
  if (row.wallet_address === null || row.wallet_address === undefined) return { walletVerified: false };
  return badgesOf({
    address: String(row.wallet_address),
    address_public: Boolean(row.wallet_public),
    holder_balance: (row.wallet_balance as string | null) ?? null,
    holder_checked_at: (row.wallet_checked_at as number | string | null) ?? null,
  });
}

/** An account's link (a primary-key read). */
export const linkOf = (knex: Knex, userId: number): Promise<LinkRow | undefined> => knex(LINKS_TABLE).where({ user_id: userId }).first();

/** An account's badges (a guest's: none). */
export async function badgesOfUser(knex: Knex, userId: number | null): Promise<WalletBadges> {
  return userId === null ? { walletVerified: false } : badgesOf(await linkOf(knex, userId));
}

/** The link as the account's data export writes it, or null. */
export async function exportedWalletOf(knex: Knex, userId: number): Promise<ExportedWallet | null> {
  const row = await linkOf(knex, userId);
  if (!row) return null;
  return {
    address: row.address,
    verifiedAt: iso(row.verified_at),
    addressPublic: Boolean(row.address_public),
    holderBalance: row.holder_checked_at === null ? null : row.holder_balance,
    holderCheckedAt: row.holder_checked_at === null ? null : iso(row.holder_checked_at),
  };
}

/** An account's link and challenge, in the deleting transaction: the address is free again once it commits. */
export async function removeWalletOf(trx: Knex, userId: number): Promise<void> {
  await trx(LINKS_TABLE).where({ user_id: userId }).del();
  await trx(CHALLENGES_TABLE).where({ user_id: userId }).del();
}

// ---------- the migration ----------

/**
 * Creates the two tables and their indexes. Idempotent, and several instances may start at once on one
 * PostgreSQL: the first takes the lock and creates them; the others wait, then find them.
 */
export async function upgradeToWalletLinks(knex: Knex): Promise<void> {
  await lockForTransaction(knex, 'wallet-links');
  if (!(await knex.schema.hasTable(LINKS_TABLE))) {
    await knex.schema.createTable(LINKS_TABLE, (t) => {
      t.integer('user_id').primary();
      t.string('address', 35)
        .notNullable()
        .unique({ indexName: `${LINKS_TABLE}_address_unique` });
      t.bigInteger('verified_at').notNullable();
      t.boolean('address_public').notNullable().defaultTo(false);
      t.string('holder_balance', 64).nullable();
      t.bigInteger('holder_checked_at').nullable();
      t.bigInteger('holder_attempted_at').notNullable().defaultTo(0);
    });
    // The holder refresh: the links tried longest ago first.
    await knex.raw(`create index ${LINKS_TABLE}_holder_attempted on ${LINKS_TABLE} (holder_attempted_at)`);
  }
  if (!(await knex.schema.hasTable(CHALLENGES_TABLE))) {
    await knex.schema.createTable(CHALLENGES_TABLE, (t) => {
      t.integer('user_id').primary();
      t.string('nonce', 64).notNullable();
      t.bigInteger('issued_at').notNullable();
      t.bigInteger('expires_at').notNullable();
    });
  }
}
