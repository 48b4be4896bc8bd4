/**
 * POST /api/game/nursehelpme/guest-runs, after a sign-in or registration: the runs this browser played as a
 * guest move to the account (the server checks the wallet's secret and moves each run once).
 */
import type { GuestRunsClaim, GuestRunsClaimResponse } from '@haic/contract';
import { api } from '../../../lib/api';
import { forgetPreviousGuestIdentity, previousGuestIdentity, storedGuestIdentity } from '../guestIdentity';

const GUEST_RUNS_URL = '/api/game/nursehelpme/guest-runs';

/** Moves the runs of this browser's guest identities; any failure is only logged (they move on a later sign-in). */
export async function claimGuestRuns(): Promise<number> {
  const previous = previousGuestIdentity();
  let moved = 0;
  for (const identity of [storedGuestIdentity(), previous]) {
    if (!identity) continue;
    try {
      const claim: GuestRunsClaim = { XRPLWallet: identity.wallet, walletSecret: identity.secret };
      const response = await api.post<GuestRunsClaimResponse>(GUEST_RUNS_URL, claim);
      moved += response?.moved ?? 0;
      if (identity === previous) forgetPreviousGuestIdentity();
    } catch (error) {
      console.warn('Nurse Help Me: guest runs were not moved to the account', error);
    }
  }
  return moved;
}
