/**
 * POST /api/game/nursehelpme/ticket: the run ticket a game asks for when it starts. Its seed is the game's;
 * without a ticket the game still plays and its score is saved, just not ranked. A guest's ticket answer
 * carries the identity the server issued, kept for the next ticket and every guest score.
 */
import type { RunTicket, RunTicketRequest } from '@haic/contract';
import { apiRequest } from '../../../lib/api';
import { getAuth, isWebUserLoggedIn, type AuthSnapshot } from '../../../lib/auth';
import { keepGuestIdentity, storedGuestIdentity } from '../guestIdentity';
import { newSessionId } from '../random';

const RUN_TICKET_URL = '/api/game/nursehelpme/ticket';
/** How long Start Game waits for a ticket before the game starts without one. */
const RUN_TICKET_WAIT_MS = 4000;

/** One game: its session id, and the run ticket and seed it plays with when the server issued one. */
export interface GameRun {
  sessionId: string;
  ticket?: string;
  seed?: number;
}

/**
 * Asks the server for a run ticket for a game about to start. Any failure (offline, refused, slow) is
 * only logged and answers null: the game then plays with its session's own seed and its score is saved
 * unranked.
 */
async function requestRunTicket(auth: AuthSnapshot = getAuth()): Promise<RunTicket | null> {
  const signedIn = isWebUserLoggedIn(auth) && Boolean(auth.webUser);
  const stored = signedIn ? null : storedGuestIdentity();
  const request: RunTicketRequest = stored ? { XRPLWallet: stored.wallet, walletSecret: stored.secret } : {};
  const controller = typeof AbortController === 'function' ? new AbortController() : null;
  const timer = setTimeout(() => controller?.abort(), RUN_TICKET_WAIT_MS);
  try {
    const ticket = await apiRequest<RunTicket>(RUN_TICKET_URL, { method: 'POST', body: request, signal: controller?.signal });
    if (!ticket || typeof ticket.ticket !== 'string' || !Number.isInteger(ticket.seed)) return null;
    if (!signedIn) {
      // The ticket is issued to the identity in its answer: without it the run could not rank.
      if (!ticket.guest || !keepGuestIdentity(ticket.guest)) return null;
    }
    return ticket;
  } catch (error) {
    console.warn('Nurse Help Me: no run ticket, this game will not be ranked', error);
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** A new game: a fresh session, with the server's ticket when it gives one. */
export async function newGameRun(): Promise<GameRun> {
  const sessionId = newSessionId();
  const ticket = await requestRunTicket();
  return ticket ? { sessionId, ticket: ticket.ticket, seed: ticket.seed } : { sessionId };
}
