/**
 * A proven link between a site account and an XRP Ledger account: the owner asks for a challenge,
 * signs its message in their wallet, and sends the address, the public key and the signature. The server checks
 * them with ripple-keypairs (no network); the site never asks for a secret key or a seed.
 *
 *   POST   /api/users/{id}/wallet/challenge  -> WalletChallenge
 *   POST   /api/users/{id}/wallet            WalletLinkRequest -> WalletStatus
 *   GET    /api/users/{id}/wallet            -> WalletStatus (nulls when none is linked)
 *   PUT    /api/users/{id}/wallet            WalletVisibilityRequest -> WalletStatus
 *   DELETE /api/users/{id}/wallet            -> 204
 */
import type { FieldError } from './rules/common';

/** How long a challenge may be signed and sent back. */
export const WALLET_CHALLENGE_TTL_SECONDS = 300;

/** A classic address: 'r' and 24 to 34 more characters of the XRPL's base58 alphabet (its checksum is checked by the server). */
export const CLASSIC_ADDRESS_PATTERN = /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/;
/** A 33-byte public key in hex: secp256k1 (02 or 03 first) or ed25519 (ED first). */
export const PUBLIC_KEY_PATTERN = /^(?:0[23]|[Ee][Dd])[0-9A-Fa-f]{64}$/;
/** A signature in hex: DER secp256k1 (8 to 72 bytes) or ed25519 (64 bytes). */
export const SIGNATURE_PATTERN = /^(?:[0-9A-Fa-f]{2}){8,72}$/;

/** A HAIC balance as the ledger writes it (holderBalance): a decimal, perhaps signed, perhaps with an exponent. */
export const HOLDER_BALANCE_PATTERN = /^-?\d{1,40}(?:\.\d{1,40})?(?:[eE][-+]?\d{1,3})?$/;
/** The longest balance kept and answered. */
export const HOLDER_BALANCE_MAX = 64;

/** The longest value of each field the link route reads (the edge bound: ROUTE_BOUNDS). */
export const WALLET_FIELD_MAX = { address: 35, publicKey: 66, signature: 144 } as const;

export const WALLET_LABELS = { address: 'XRPL address', publicKey: 'Public key', signature: 'Signature' } as const;

export const WALLET_MESSAGES = {
  required: (label: string) => `${label} is required`,
  address: 'XRPL address must be a classic address (r…)',
  publicKey: 'Public key must be 66 hexadecimal characters starting with 02, 03 or ED',
  signature: 'Signature must be the hexadecimal signature your wallet made',
} as const;

/** POST /api/users/{id}/wallet/challenge: the text to sign, valid until expiresAt, once. */
export interface WalletChallenge {
  message: string;
  expiresAt: string;
}

/** POST /api/users/{id}/wallet: what the wallet gave back for the account's live challenge. */
export interface WalletLinkRequest {
  address: string;
  publicKey: string;
  signature: string;
}

/** PUT /api/users/{id}/wallet: whether the address is shown beside the player's name (off until the player turns it on). */
export interface WalletVisibilityRequest {
  addressPublic: boolean;
}

/** The account's linked XRPL address (nulls when none is linked). */
export interface WalletStatus {
  address: string | null;
  verifiedAt: string | null;
  /** The player chose to show the address beside their name. */
  addressPublic: boolean;
  /**
   * Only when the site checks holders (XRPL_RPC_URLS, HAIC_ISSUER, HAIC_CURRENCY) and has read the address's
   * trust line: whether it holds HAIC, the balance and when it was read (the last known value while the
   * ledger servers are down).
   */
  holder?: boolean;
  holderBalance?: string;
  holderCheckedAt?: string;
}

/** What the public sees of a player's link, beside their name (board rows, run pages, the profile). */
export interface WalletBadges {
  /** The player proved an XRPL account with its signature. */
  walletVerified: boolean;
  /** Only where known (holders checked, the trust line read): the account holds HAIC. */
  holder?: boolean;
  /** Only when the player made it public. */
  walletAddress?: string;
}

/** The link as the data export gives it. */
export interface ExportedWallet {
  address: string;
  verifiedAt: string;
  addressPublic: boolean;
  holderBalance: string | null;
  holderCheckedAt: string | null;
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The link body's shapes, first rule per field (the form and the server share it): each field present, a
 * string, within its bound and of its pattern. The server then checks the address's checksum, that the key
 * derives it, the challenge and the signature.
 */
export function walletLinkErrors(body: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  const rules = { address: CLASSIC_ADDRESS_PATTERN, publicKey: PUBLIC_KEY_PATTERN, signature: SIGNATURE_PATTERN } as const;
  for (const field of ['address', 'publicKey', 'signature'] as const) {
    const value = body[field];
    if (isBlank(value) || typeof value !== 'string') errors.push({ path: [field], message: WALLET_MESSAGES.required(WALLET_LABELS[field]) });
    else if (value.length > WALLET_FIELD_MAX[field] || !rules[field].test(value)) errors.push({ path: [field], message: WALLET_MESSAGES[field] });
  }
  return errors;
}

/** The visibility body: addressPublic, a boolean. */
export function walletVisibilityErrors(body: Record<string, unknown>): FieldError[] {
  return typeof body.addressPublic === 'boolean' ? [] : [{ path: ['addressPublic'], message: 'addressPublic must be true or false' }];
}

/** 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh' -> 'rHb9C…dtyTh': enough to recognise, short enough for a board row. */
export const shortAddress = (address: string) => (address.length > 12 ? `${address.slice(0, 5)}…${address.slice(-5)}` : address);
