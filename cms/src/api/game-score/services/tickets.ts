/**
 * Run tickets (api::game-score.tickets): issuing one when a game starts (with a guest identity when the
 * player has none the server issued), checking a submitted run's ticket before its replay, and marking
 * it used by the run it verified. The ticket's text and signature are run-ticket.ts's, the guest wallets
 * guest-identity.ts's; this service owns the table of used tickets, haic_run_tickets: each ticket that
 * verified a run, and that run's input log hash, once (primary key and unique index, so across
 * instances). `score_id` names the run it verified, so an account's tickets leave with its runs.
 */
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { GuestIdentity, RunTicket } from '@haic/contract';
import { invalidField, serviceUnavailable } from '../../../utils/api-error';
import { isIssuedGuest, issueGuestIdentity, readGuestWallet, readWalletSecret } from '../guest-identity';
import { checkTicket, issueTicket, parseTicket, ticketsEnabled, type TicketOwner } from '../run-ticket';
import { createTicketLimiter } from '../submission-limit';

/** The used run tickets (its migration: database/migrations/steps/player-figures.ts). */
export const TICKETS_TABLE = 'haic_run_tickets';

/** Why a run on a ticket, or with a log, that verified a run before does not rank. */
export const ALREADY_VERIFIED = 'The run ticket or this input log has already verified a run';

/** A ticket that holds for a run, with the run's log hash: both are marked used when the run is stored. */
export interface TicketClaim {
  runId: string;
  logHash: string;
}

/**
 * A submission's ticket: absent (null) or well-formed; malformed is a 400 naming `ticket`. A well-formed
 * ticket that does not hold only keeps the run off the board (check).
 */
export function readTicket(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !parseTicket(value)) throw invalidField('ticket', 'ticket must be the run ticket the server issued, unchanged');
  return value;
}

/** Rows an insert changed: better-sqlite3 answers { changes }, pg a result with rowCount. */
function changedRows(result: unknown): number {
  if (Array.isArray(result)) return result.length;
  if (!result || typeof result !== 'object') return 0;
  const { rowCount, changes } = result as { rowCount?: unknown; changes?: unknown };
  return Number(rowCount ?? changes ?? 0);
}

export interface TicketsService {
  issue(body: unknown, requester: { limitKey: string; userId: number | null }): Promise<RunTicket | (RunTicket & { guest: GuestIdentity })>;
  check(ticket: string, owner: TicketOwner, run: { seed: number; steps: number; logHash: string }): Promise<{ claim: TicketClaim } | { reason: string }>;
  claim(trx: Knex, claim: TicketClaim): Promise<boolean>;
  linkToRun(trx: Knex, runId: string, scoreId: number): Promise<void>;
  removeUsedBy(trx: Knex, scoreIds: Knex.QueryBuilder): Promise<void>;
}

export default ({ strapi }: { strapi: Core.Strapi }): TicketsService => {
  const limiter = createTicketLimiter();

  return {
    /**
     * POST /api/game/nursehelpme/ticket: a signed run ticket for a game about to start, issued to its
     * player. A signed-in player is the token's user. A guest sends the wallet id and secret the server
     * issued them; without them, or with ones it did not issue (a wallet the browser made), the guest gets
     * a new identity. A guest's answer always carries the identity the ticket is issued to (`guest`).
     * 400 naming the field for malformed input, 429 with Retry-After beyond the limits, 503 without
     * RUN_TICKET_SECRET.
     */
    async issue(body, requester) {
      if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
        throw invalidField('body', 'The ticket request must be a JSON object');
      }
      const input = (body ?? {}) as Record<string, unknown>;
      const wallet = readGuestWallet(input.XRPLWallet);
      const walletSecret = readWalletSecret(input.walletSecret);
      if (!ticketsEnabled()) {
        strapi.log.error('[run-tickets] RUN_TICKET_SECRET is not set (at least 16 characters): no run can rank');
        throw serviceUnavailable('Run tickets are not available right now: your game still plays and saves', 60);
      }
      // Only an identity the server issued is an account; a new guest identity counts per address alone.
      const guest =
        requester.userId === null && wallet !== null && walletSecret !== null && isIssuedGuest(wallet, walletSecret)
          ? { XRPLWallet: wallet, walletSecret }
          : null;
      const account = requester.userId !== null ? `user:${requester.userId}` : guest ? `wallet:${guest.XRPLWallet}` : null;
      await limiter.hit(requester.limitKey, account);
      if (requester.userId !== null) return issueTicket({ userId: requester.userId });
      const identity = guest ?? issueGuestIdentity();
      return { ...issueTicket({ userId: null, guestWallet: identity.XRPLWallet }), guest: identity };
    },

    /**
     * Whether a well-formed ticket lets this run rank, without a replay: genuine, issued to this player,
     * unexpired, the run's seed and game time (run-ticket.ts), and neither the ticket nor the log used
     * before (two index reads; settled again when the run is stored).
     */
    async check(ticket, owner, run) {
      const checked = checkTicket(ticket, owner, run);
      if ('reason' in checked) return checked;
      const used = await strapi.db.connection(TICKETS_TABLE).where({ run_id: checked.runId }).orWhere({ log_hash: run.logHash }).first('run_id');
      if (used) return { reason: ALREADY_VERIFIED };
      return { claim: { runId: checked.runId, logHash: run.logHash } };
    },

    /**
     * Marks a ticket used by a verified run and that run's log as ranked: whoever marks them first. False
     * when either already was (the run is then stored unverified). Run inside the transaction that stores the run.
     */
    async claim(trx, { runId, logHash }) {
      const result: unknown = await trx.raw(`insert into ${TICKETS_TABLE} (run_id, log_hash, used_at) values (?, ?, ?) on conflict do nothing`, [
        runId,
        logHash,
        Date.now(),
      ]);
      return changedRows(result) > 0;
    },

    /** Records which stored run a claimed ticket verified (in the transaction that stores the run). */
    async linkToRun(trx, runId, scoreId) {
      await trx(TICKETS_TABLE).where({ run_id: runId }).update({ score_id: scoreId });
    },

    /** The tickets these runs used, gone (an account's deletion, inside its transaction). */
    async removeUsedBy(trx, scoreIds) {
      await trx(TICKETS_TABLE).whereIn('score_id', scoreIds).del();
    },
  };
};
