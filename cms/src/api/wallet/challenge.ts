/**
 * The text a wallet signs to link its account, in the shape of CAIP-122 (sign in with an account of a
 * chain): the site's host (PUBLIC_URL's, else the address the server was started on; never one a request
 * names), what signing means, and a single-use random nonce with its issue and expiry times. The server
 * keeps the nonce and the times (wallet-store: haic_wallet_challenges) and rebuilds the same text to check
 * a signature: the signature is of the hex of the text's UTF-8 bytes (what GemWallet's signMessage and
 * Crossmark's signInAndWait sign), checked by ripple-keypairs with no network.
 */
import crypto from 'crypto';
import { deriveAddress, verify } from 'ripple-keypairs';
import { isValidClassicAddress } from 'ripple-address-codec';
import { siteOrigin } from '../../utils/public-url';

/** The XRP Ledger mainnet as CAIP-2 names it. */
const CHAIN_ID = 'xrpl:0';

export interface ChallengeTimes {
  nonce: string;
  issuedAt: number;
  expiresAt: number;
}

/** 128 random bits, as 32 hex digits (CAIP-122 nonces are letters and digits). */
export const newNonce = () => crypto.randomBytes(16).toString('hex');

export function challengeMessage({ nonce, issuedAt, expiresAt }: ChallengeTimes): string {
  const origin = siteOrigin();
  return [
    `${new URL(origin).host} wants you to link your XRPL account to your account on this site.`,
    '',
    'Signing proves that you hold the keys of this XRPL account. It sends no transaction, moves no funds and costs no fee. This site never asks for your secret key or seed.',
    '',
    `URI: ${origin}/profile`,
    'Version: 1',
    `Chain ID: ${CHAIN_ID}`,
    `Nonce: ${nonce}`,
    `Issued At: ${new Date(issuedAt).toISOString()}`,
    `Expiration Time: ${new Date(expiresAt).toISOString()}`,
  ].join('\n');
}

/** The hex of a text's UTF-8 bytes: what the wallet signs. */
export const messageHex = (message: string) => Buffer.from(message, 'utf8').toString('hex').toUpperCase();

/** Whether the address is a classic address with a good checksum. */
export const isClassicAddress = (address: string) => isValidClassicAddress(address);

/** Whether the public key is the account's (its master key): deriveAddress(publicKey) is the address. */
export const keyOwnsAddress = (publicKey: string, address: string) => deriveAddress(publicKey.toUpperCase()) === address;

/** Whether the signature is the key's over the message (secp256k1 or ed25519, told by the key); a malformed one is not. */
export function signatureHolds(message: string, signature: string, publicKey: string): boolean {
  try {
    return verify(messageHex(message), signature.toUpperCase(), publicKey.toUpperCase());
  } catch {
    return false;
  }
}
