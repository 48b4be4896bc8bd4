/**
 * Guest identities: the server, never the browser, chooses a guest's wallet id. It issues the wallet id
 * ('GUEST_' + 8 random uppercase letters or digits) with a run ticket, and with it the wallet's secret:
 * an HMAC-SHA256 of the wallet id under a key derived from RUN_TICKET_SECRET (base64url, 43 characters,
 * so it also fits WALLET_SECRET_PATTERN). Nothing is stored: whoever sends a wallet id with its secret is
 * the guest it was issued to; a wallet id without it (or with a secret the browser made) is not proven.
 */
import crypto from 'crypto';
import { GUEST_WALLET_PATTERN, WALLET_SECRET_PATTERN, type GuestIdentity } from '@haic/contract';
import { invalidField } from '../../utils/api-error';
import { runTicketSecret } from './run-ticket';
import { sign, signatureMatches } from '../../utils/signed-token';

const WALLET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const WALLET_ID_LENGTH = 8;

/** The wallet secret for a wallet id: its own key (derived), so a ticket signature is never a wallet secret. */
const walletKey = (secret: string) => `guest-wallet:${secret}`;

/** A new guest identity (needs RUN_TICKET_SECRET; the caller checks ticketsEnabled). */
export function issueGuestIdentity(secret: string = runTicketSecret()): GuestIdentity {
  const id = Array.from({ length: WALLET_ID_LENGTH }, () => WALLET_ALPHABET[crypto.randomInt(WALLET_ALPHABET.length)]).join('');
  const wallet = `GUEST_${id}`;
  return { XRPLWallet: wallet, walletSecret: sign(walletKey(secret), wallet) };
}

/** Whether this wallet id and secret are an identity this server issued. */
export function isIssuedGuest(wallet: unknown, walletSecret: unknown, secret: string = runTicketSecret()): boolean {
  if (typeof wallet !== 'string' || typeof walletSecret !== 'string' || !GUEST_WALLET_PATTERN.test(wallet) || !secret) return false;
  return signatureMatches(walletKey(secret), wallet, walletSecret);
}

/** A request field that must match a pattern: its value, or absent (null) unless required; 400 naming it otherwise. */
function patternField(field: string, pattern: RegExp, rule: string) {
  function read(value: unknown, required: true): string;
  function read(value: unknown, required?: false): string | null;
  function read(value: unknown, required = false): string | null {
    if (!required && (value === undefined || value === null)) return null;
    if (typeof value !== 'string' || !pattern.test(value)) throw invalidField(field, rule);
    return value;
  }
  return read;
}

/** A request's XRPLWallet: a guest wallet id's shape. */
export const readGuestWallet = patternField('XRPLWallet', GUEST_WALLET_PATTERN, "XRPLWallet must be 'GUEST_' followed by 8 uppercase letters or digits");
/** A request's walletSecret: a wallet secret's shape. */
export const readWalletSecret = patternField('walletSecret', WALLET_SECRET_PATTERN, 'walletSecret must be 32 to 128 letters, digits, dashes or underscores');
