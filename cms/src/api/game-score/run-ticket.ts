/**
 * Run tickets: what ties a submitted run to a game the server saw start, played by one player. A ticket
 * is `<runId>.<seed>.<issuedAtMs>.<signature>`, the signature an HMAC-SHA256 with RUN_TICKET_SECRET of
 * the first three parts and the player it was issued to (`u:<user id>` or `g:<guest wallet>`, see
 * ticketOwner), which the ticket does not spell out: a ticket checked for any other player is not
 * genuine. Every instance of one site needs the same secret. Nothing is stored at issue; a ticket is
 * marked used when a run verifies with it (haic_run_tickets, see services/tickets.ts).
 *
 *   RUN_TICKET_SECRET          the signing key, at least 16 characters (without it no ticket is issued: 503)
 *   RUN_TICKET_TTL_SECONDS     how long after issue a ticket can still verify a run (default 3600, never
 *                              less than the longest game the rules allow, about 37 minutes)
 */
import crypto from 'crypto';
import { GAME_SEED_MAX, STEP_MS, maxGameSteps, type RunTicket } from '@haic/contract';
import { setting } from '../../utils/settings';
import { sign, signatureMatches } from '../../utils/signed-token';

const TICKET_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,10})\.(\d{13})\.([A-Za-z0-9_-]{43})$/;
const MIN_SECRET_LENGTH = 16;
/** A full game's length in ms: a ticket lives at least this long. */
const LONGEST_GAME_MS = maxGameSteps() * STEP_MS;
/**
 * Game time may exceed the time between issue and submission by this much: the ticket's answer and
 * the score's request travel while the clocks on either side run, and instances' clocks differ a little.
 */
const LATENCY_ALLOWANCE_MS = 3000;

/** Who a ticket is issued to: a signed-in user, or a guest wallet the server issued (guest-identity.ts). */
export type TicketOwner = { userId: number; guestWallet?: null } | { userId: null; guestWallet: string };

interface TicketFields {
  runId: string;
  seed: number;
  issuedAt: number;
}

export const runTicketSecret = () => setting('RUN_TICKET_SECRET');
export const ticketsEnabled = () => runTicketSecret().length >= MIN_SECRET_LENGTH;

const ownerText = (owner: TicketOwner) => (owner.userId !== null ? `u:${owner.userId}` : `g:${owner.guestWallet}`);
const signedPayload = (fields: TicketFields, owner: TicketOwner) => `${fields.runId}.${fields.seed}.${fields.issuedAt}.${ownerText(owner)}`;

function ticketTtlMs(): number {
  return Math.max(setting('RUN_TICKET_TTL_SECONDS') * 1000, Math.ceil(LONGEST_GAME_MS));
}

/** The signed ticket text for these fields, issued to this player (the server's own key unless one is given). */
export function signTicket(fields: TicketFields, owner: TicketOwner, key: string = runTicketSecret()): string {
  return `${fields.runId}.${fields.seed}.${fields.issuedAt}.${sign(key, signedPayload(fields, owner))}`;
}

/** A new ticket for this player: a random run id and seed, issued now. */
export function issueTicket(owner: TicketOwner, now = Date.now()): RunTicket {
  const fields: TicketFields = { runId: crypto.randomUUID(), seed: crypto.randomInt(0, 2 ** 32 - 1), issuedAt: now };
  return {
    ticket: signTicket(fields, owner),
    runId: fields.runId,
    seed: fields.seed,
    issuedAt: new Date(now).toISOString(),
    expiresAt: new Date(now + ticketTtlMs()).toISOString(),
  };
}

/** The fields of a well-formed ticket (genuine or not), or null when the text is not a ticket at all. */
export function parseTicket(text: string): (TicketFields & { signature: string }) | null {
  const match = TICKET_PATTERN.exec(text);
  if (!match) return null;
  const seed = Number(match[2]);
  if (seed > GAME_SEED_MAX) return null;
  return { runId: match[1], seed, issuedAt: Number(match[3]), signature: match[4] };
}

type TicketCheck = { runId: string } | { reason: string };

export const NOT_THIS_PLAYERS_TICKET = 'The run ticket is not genuine, or was issued to another player';

/**
 * Whether a well-formed ticket lets this player's run rank: genuine and issued to this player, not
 * expired, the run played its seed, and the run's game time (its log's steps, counted without a replay)
 * fits between the ticket's issue and now. Checked before the log is replayed. (Whether it is unused
 * is settled when the run is stored, in the same transaction.)
 */
export function checkTicket(text: string, owner: TicketOwner, run: { seed: number; steps: number }, now = Date.now()): TicketCheck {
  const fields = parseTicket(text);
  if (!fields) return { reason: 'The run ticket is malformed' };
  if (!ticketsEnabled()) return { reason: 'Run tickets are not configured on this server' };
  if (!signatureMatches(runTicketSecret(), signedPayload(fields, owner), fields.signature)) {
    return { reason: NOT_THIS_PLAYERS_TICKET };
  }
  if (now > fields.issuedAt + ticketTtlMs()) return { reason: 'The run ticket has expired' };
  if (run.seed !== fields.seed) return { reason: "The run was not played with its ticket's seed" };
  if (run.steps * STEP_MS > now - fields.issuedAt + LATENCY_ALLOWANCE_MS) {
    return { reason: 'The run was submitted sooner after its ticket than its game time allows' };
  }
  return { runId: fields.runId };
}
