/**
 * A ranked guest run, for the checks and benchmarks that run against a built CMS (the PostgreSQL check, the
 * scale test, the live-stream benchmark): a whole game played by holding right, for a guest the server issued an
 * identity to, on a ticket signed with the server's RUN_TICKET_SECRET ten minutes ago (old enough to rank).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.mjs';

const requireBuilt = createRequire(import.meta.url);
export const contract = requireBuilt('@haic/contract');
const built = (file) => requireBuilt(path.join(ROOT, 'cms', 'dist', 'src', 'api', 'game-score', file));
const { signTicket } = built('run-ticket.js');
export const { issueGuestIdentity } = built('guest-identity.js');

/** A whole game played by holding right: its last state and its input log (a replay takes a while). */
export function runHoldingRight(seed) {
  const right = { left: false, right: true, jump: false };
  const recorder = new contract.InputRecorder();
  let game = contract.startGame({ seed });
  while (!contract.isFinished(game)) {
    recorder.record(right);
    game = contract.step(game, right);
  }
  return { game, inputLog: recorder.encode() };
}

/** The body of POST /api/game/nursehelpme/score for a run that ranks: `secret` is the server's RUN_TICKET_SECRET. */
export function rankedGuestRun({ secret, seed, runId, sessionId }) {
  const guest = issueGuestIdentity(secret);
  const ticket = signTicket({ runId, seed, issuedAt: Date.now() - 600_000 }, { userId: null, guestWallet: guest.XRPLWallet }, secret);
  const { game, inputLog } = runHoldingRight(seed);
  return { ...contract.finalResult(game), sessionId, inputLog, seed, ticket, ...guest };
}
