/**
 * The HAIC holder check (api::wallet.holders), off the request path: a linked address's trust line is read
 * right after it is linked, and then again by a refresh every minute (a cron task, on one instance per tick)
 * that takes the links tried longest ago, HOLDER_REFRESH_BATCH at most, each at most once every
 * HOLDER_REFRESH_MS: the site stays a light client of public ledger servers however many players link.
 * A link's try is claimed in the database first (holder_attempted_at), so two instances never read one
 * account twice. When every endpoint fails, the last known balance stays, with the time it was read, and an
 * operator sees it in the log (`holder_check_failed`, each endpoint's `xrpl_rpc_failed`); that refresh stops
 * until the next minute. Without XRPL_RPC_URLS, HAIC_ISSUER and HAIC_CURRENCY nothing is read.
 */
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { exclusiveCronTask } from '../../../utils/cluster';
import { holdersConfigured, readHaicBalance } from '../holder-check';
import { LINKS_TABLE, holderFlagOf, linkOf } from '../wallet-store';
import { playersShownChanged } from '../../game-score/players-shown';
import { WALLET_SERVICE_IDS } from '../service-ids';

/** How often one account's balance may be read. */
export const HOLDER_REFRESH_MS = 10 * 60_000;
/** Accounts read per refresh (one at a time). */
export const HOLDER_REFRESH_BATCH = 20;
const REFRESH_RULE = '* * * * *';

export interface HoldersService {
  /** Reads the account's balance in the background, when its last try is old enough (a new link's is). */
  checkNow(userId: number): void;
  /** One refresh: the links due, oldest try first; answers how many were read. */
  refresh(now?: number): Promise<number>;
  /** Settles once the background reads have ended (for tests and shutdown). */
  idle(): Promise<void>;
}

export default ({ strapi }: { strapi: Core.Strapi }): HoldersService => {
  const knex = (): Knex => strapi.db.connection;
  const running = new Set<Promise<unknown>>();

  /** The link, when this instance won its try: its last try is HOLDER_REFRESH_MS old and nobody moved it meanwhile. */
  async function claim(userId: number, now: number) {
    const row = await linkOf(knex(), userId);
    if (!row || now - Number(row.holder_attempted_at) < HOLDER_REFRESH_MS) return null;
    const claimed = await knex()(LINKS_TABLE)
      .where({ user_id: userId, address: row.address, holder_attempted_at: row.holder_attempted_at })
      .update({ holder_attempted_at: now });
    return claimed ? row : null;
  }

  /** Reads and stores one account's balance when it is due; 'failed' when every endpoint failed (the last known value stays). */
  async function check(userId: number, now: number): Promise<'read' | 'not due' | 'failed'> {
    const row = await claim(userId, now);
    if (!row) return 'not due';
    let balance: string;
    try {
      balance = await readHaicBalance(row.address, (endpoint, error) =>
        strapi.log.warn(JSON.stringify({ event: 'xrpl_rpc_failed', method: 'account_lines', endpoint, error: error.message })),
      );
    } catch {
      strapi.log.error(
        JSON.stringify({ event: 'holder_check_failed', userId, kept: row.holder_checked_at === null ? 'nothing known yet' : 'the last known balance' }),
      );
      return 'failed';
    }
    const stored = await knex()(LINKS_TABLE)
      .where({ user_id: userId, address: row.address })
      .update({ holder_balance: balance, holder_checked_at: Date.now() });
    if (stored && holderFlagOf({ holder_balance: balance, holder_checked_at: now }) !== holderFlagOf(row)) await playersShownChanged(strapi);
    return 'read';
  }

  const track = <T>(work: Promise<T>) => {
    const tracked = work.catch((error) => strapi.log.error(`[wallet] holder check failed: ${(error as Error).message}`)).finally(() => running.delete(tracked));
    running.add(tracked);
  };

  return {
    checkNow(userId) {
      if (holdersConfigured()) track(check(userId, Date.now()));
    },

    async refresh(now = Date.now()) {
      if (!holdersConfigured()) return 0;
      const due: { user_id: number | string }[] = await knex()(LINKS_TABLE)
        .where('holder_attempted_at', '<=', now - HOLDER_REFRESH_MS)
        .orderBy('holder_attempted_at', 'asc')
        .limit(HOLDER_REFRESH_BATCH)
        .select('user_id');
      let read = 0;
      for (const { user_id } of due) {
        const outcome = await check(Number(user_id), now);
        // The ledger servers are down: the next refresh tries again.
        if (outcome === 'failed') break;
        if (outcome === 'read') read += 1;
      }
      return read;
    },

    async idle() {
      while (running.size) await Promise.all([...running]);
    },
  };
};

/** The refresh every minute, on one instance per tick (with cron on and holders configured). */
export function scheduleHolderRefresh(strapi: Core.Strapi): void {
  if (!holdersConfigured()) return;
  strapi.cron.add({
    holderRefresh: {
      task: exclusiveCronTask('holder-refresh', () => (strapi.service(WALLET_SERVICE_IDS.holders) as HoldersService).refresh()),
      options: { rule: REFRESH_RULE },
    },
  });
}
