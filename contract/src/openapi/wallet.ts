/** The XRPL wallet an account proves by signing a challenge, and the badges the proof shows beside the player's name. */
import {
  CLASSIC_ADDRESS_PATTERN,
  HOLDER_BALANCE_MAX,
  HOLDER_BALANCE_PATTERN,
  PUBLIC_KEY_PATTERN,
  SIGNATURE_PATTERN,
  WALLET_CHALLENGE_TTL_SECONDS,
  WALLET_FIELD_MAX,
  WALLET_LABELS,
  type ExportedWallet,
  type WalletBadges,
  type WalletChallenge,
  type WalletLinkRequest,
  type WalletStatus,
  type WalletVisibilityRequest,
} from '../wallet';
import { OWNER_ID, type Route } from './operations';
import { boolean, component, dateTime, nullable, objectOf, optional, requestOf, string, type Fields } from './schema';

const address = (description?: string) => string({ maxLength: WALLET_FIELD_MAX.address, pattern: CLASSIC_ADDRESS_PATTERN, description });
const balance = string({
  maxLength: HOLDER_BALANCE_MAX,
  pattern: HOLDER_BALANCE_PATTERN,
  description: 'The HAIC balance of its trust line, as the ledger writes it.',
});

/** What the public sees beside a player's name (board rows, run pages); the profile gives the first two. */
export const BADGE_FIELDS: Fields<WalletBadges> = {
  walletVerified: boolean('The player proved an XRPL account with its signature.'),
  holder: optional(boolean('Only where the site checks holders and has read the trust line: the account holds HAIC.')),
  walletAddress: optional(address('Only when the player made it public.')),
};

export const ExportedWalletSchema = objectOf<ExportedWallet>(
  {
    address: address(),
    verifiedAt: dateTime(),
    addressPublic: boolean(),
    holderBalance: nullable(balance),
    holderCheckedAt: nullable(dateTime()),
  },
  'The XRPL account linked by its signature.',
);

const Challenge = component<WalletChallenge>(
  'WalletChallenge',
  objectOf<WalletChallenge>({
    message: string({
      description: "The exact text to sign (it names the site's host and a single-use nonce); the hex of its UTF-8 bytes is what the wallet signs.",
    }),
    expiresAt: dateTime(`${WALLET_CHALLENGE_TTL_SECONDS / 60} minutes after it was asked for.`),
  }),
);
const Status = component<WalletStatus>(
  'WalletStatus',
  objectOf<WalletStatus>(
    {
      address: nullable(address()),
      verifiedAt: nullable(dateTime('When the signature was last checked.')),
      addressPublic: boolean('The player chose to show the address beside their name (off until turned on).'),
      holder: optional(boolean('Only when the site checks holders and has read the trust line (the last known value while the ledger servers are down).')),
      holderBalance: optional(balance),
      holderCheckedAt: optional(dateTime('When the trust line was read.')),
    },
    "The account's linked XRPL address (nulls when none is linked).",
  ),
);
export const WALLET_SCHEMAS = [Challenge, Status];

const limited = 'Too many wallet changes for this account: wait Retry-After seconds.';
const hex = (field: 'publicKey' | 'signature', pattern: RegExp, description: string) =>
  string({ maxLength: WALLET_FIELD_MAX[field], pattern, description: `${WALLET_LABELS[field]}: ${description}` });

export const WALLET_ROUTES: Route[] = [
  {
    method: 'post',
    path: '/api/users/{id}/wallet/challenge',
    summary: 'A challenge to sign with the XRPL wallet',
    description: `The text to sign in the wallet, valid ${WALLET_CHALLENGE_TTL_SECONDS / 60} minutes and once; a new challenge replaces the earlier one. The site never asks for a secret key or seed.`,
    access: 'owner',
    params: { id: OWNER_ID },
    success: { status: 200, description: 'The challenge.', body: Challenge.ref },
    refusals: { 429: limited },
  },
  {
    method: 'get',
    path: '/api/users/{id}/wallet',
    summary: "The owner's linked XRPL wallet",
    access: 'owner',
    params: { id: OWNER_ID },
    success: { status: 200, description: 'The link (nulls when none).', body: Status.ref },
  },
  {
    method: 'post',
    path: '/api/users/{id}/wallet',
    summary: 'Link an XRPL wallet by its signature of the challenge',
    description:
      "Checked before anything is stored: the address's checksum, that the public key derives it (the account's master key), the account's live challenge and the signature over it (secp256k1 or ed25519). One address to one account: linking another replaces the earlier one. A new address starts private.",
    access: 'owner',
    params: { id: OWNER_ID },
    body: {
      description: 'What the wallet gave back for the challenge.',
      schema: requestOf<WalletLinkRequest>({
        address: address(`${WALLET_LABELS.address}: a classic address (r…).`),
        publicKey: hex('publicKey', PUBLIC_KEY_PATTERN, '66 hexadecimal characters starting with 02, 03 or ED.'),
        signature: hex('signature', SIGNATURE_PATTERN, "the wallet's signature of the challenge, in hexadecimal."),
      }),
    },
    success: { status: 200, description: 'Linked.', body: Status.ref },
    refusals: {
      400: "A field missing or malformed, an address whose checksum fails or that is not the public key's (address), a signature that does not sign the challenge (signature), or no live challenge: none asked for, used, or expired (challenge).",
      409: 'This address is linked to another account.',
      429: limited,
    },
  },
  {
    method: 'put',
    path: '/api/users/{id}/wallet',
    summary: 'Show the linked address beside the name, or not',
    access: 'owner',
    params: { id: OWNER_ID },
    body: { description: 'Whether the address is public.', schema: requestOf<WalletVisibilityRequest>({ addressPublic: boolean() }) },
    success: { status: 200, description: 'The link as saved.', body: Status.ref },
    refusals: { 400: 'addressPublic is not true or false.', 404: 'No XRPL wallet is linked to this account.', 429: limited },
  },
  {
    method: 'delete',
    path: '/api/users/{id}/wallet',
    summary: 'Unlink the XRPL wallet',
    description: 'The address is free for another account at once; the badges go.',
    access: 'owner',
    params: { id: OWNER_ID },
    success: { status: 204, description: 'Not linked (whether it was or not).' },
    refusals: { 429: limited },
  },
];
