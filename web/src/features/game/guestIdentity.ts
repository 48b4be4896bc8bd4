/**
 * A guest's identity in this browser: the wallet id ('GUEST_' + 8 uppercase characters) and its secret that
 * the server issues with a run ticket, kept in localStorage, and the one it replaced (whose runs still move to
 * an account at the next sign-in). Before any ticket (offline), one is made here so that a score is still
 * saved: it cannot rank, and the next ticket brings an issued one.
 */
import { GUEST_WALLET_PATTERN, WALLET_SECRET_PATTERN, type GuestIdentity } from '@haic/contract';
import { STORAGE_KEYS, readJson } from '../../lib/storage';
import { randomBytes } from './random';

export interface StoredGuest {
  wallet: string;
  secret: string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** The one check of a guest identity's shape. */
const isGuest = (wallet: unknown, secret: unknown): boolean =>
  typeof wallet === 'string' && typeof secret === 'string' && GUEST_WALLET_PATTERN.test(wallet) && WALLET_SECRET_PATTERN.test(secret);

/** The guest identity kept in this browser, or null. */
export function storedGuestIdentity(): StoredGuest | null {
  const wallet = localStorage.getItem(STORAGE_KEYS.guestWallet);
  const secret = localStorage.getItem(STORAGE_KEYS.guestWalletSecret);
  return isGuest(wallet, secret) ? { wallet: wallet!, secret: secret! } : null;
}

/** The identity the server replaced, while its runs have not moved to an account yet; or null. */
export function previousGuestIdentity(): StoredGuest | null {
  const previous = readJson<{ wallet?: unknown; secret?: unknown }>(STORAGE_KEYS.previousGuestWallet);
  return previous && isGuest(previous.wallet, previous.secret) ? { wallet: previous.wallet as string, secret: previous.secret as string } : null;
}

/** Its runs have moved: the replaced identity is forgotten. */
export const forgetPreviousGuestIdentity = () => localStorage.removeItem(STORAGE_KEYS.previousGuestWallet);

/**
 * Keeps the identity the server issued with a ticket (false when it is malformed). One it replaces is
 * remembered, so the runs played under it still move to the account at the next sign-in.
 */
export function keepGuestIdentity(identity: GuestIdentity): boolean {
  if (!isGuest(identity.XRPLWallet, identity.walletSecret)) return false;
  const stored = storedGuestIdentity();
  if (stored && stored.wallet !== identity.XRPLWallet) localStorage.setItem(STORAGE_KEYS.previousGuestWallet, JSON.stringify(stored));
  localStorage.setItem(STORAGE_KEYS.guestWallet, identity.XRPLWallet);
  localStorage.setItem(STORAGE_KEYS.guestWalletSecret, identity.walletSecret);
  return true;
}

/** The guest identity to save a score under: the one kept here, else a new one made here (it cannot rank). */
export function getGuestWallet(): StoredGuest {
  const stored = storedGuestIdentity();
  if (stored) return stored;
  let wallet = localStorage.getItem(STORAGE_KEYS.guestWallet);
  if (!wallet || !GUEST_WALLET_PATTERN.test(wallet)) {
    wallet = `GUEST_${Array.from(randomBytes(8), (x) => ALPHABET[x % ALPHABET.length]).join('')}`;
    localStorage.setItem(STORAGE_KEYS.guestWallet, wallet);
  }
  const secret = Array.from(randomBytes(32), (x) => x.toString(16).padStart(2, '0')).join('');
  localStorage.setItem(STORAGE_KEYS.guestWalletSecret, secret);
  return { wallet, secret };
}
