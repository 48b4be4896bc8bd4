/**
 * The edge bounds of every public write route: the longest value each field may hold and the largest
 * body each route reads. The server checks them before anything else reads a value (before the text
 * rule, the limiters, a hash or the database); the site's forms stay well inside them.
 * A field's own rule (USERNAME_MAX, CONTACT_RULES, ...) is the bound where one exists, so both give
 * the same message; a bound here is only the most the server will read.
 */
import { MAX_INPUT_LOG_LENGTH, inputLogTooLongMessage } from '../game/input-log';
import { ACCOUNT_PATHS } from '../account-export';
import { BIO_MAX, EMAIL_MAX, ACCOUNT_LABELS, NAME_MAX, PASSWORD_MAX } from './account';
import { CONTACT_MESSAGES, CONTACT_RULES } from './contact';
import { WALLET_FIELD_MAX, WALLET_LABELS } from '../wallet';

/** A sign-in identifier (a username, or an email address: at most 254 characters by RFC 5321). */
export const SIGN_IN_IDENTIFIER_MAX = EMAIL_MAX;
/**
 * The longest password read, in UTF-8 bytes. bcrypt reads only the first 72 bytes, so a longer password
 * adds nothing beyond them; registration allows PASSWORD_MAX (128) characters, which take at most 384
 * bytes, and no password over 512 bytes is read at all (sign-in included): it is refused with a 400.
 */
export const PASSWORD_MAX_BYTES = 512;
/** What bcrypt reads of a password (documentation; the hash ignores the rest). */
export const BCRYPT_PASSWORD_BYTES = 72;

/** A field's bound: `max` UTF-16 characters (string.length) and, for passwords, `maxBytes` UTF-8 bytes. */
export interface FieldBound {
  label: string;
  max: number;
  maxBytes?: number;
  /** The field rule's own message for a value over `max`, where it has one. */
  message?: string;
}

export interface RouteBounds {
  /** The largest request body read, in bytes (Content-Length). */
  bodyBytes: number;
  /** Every field the route reads; any string over its bound is refused, naming the field. */
  fields: Record<string, FieldBound>;
}

const KB = 1024;
const password = (max: number, label = 'Password'): FieldBound => ({ label, max, maxBytes: PASSWORD_MAX_BYTES });
const contactBound = (field: string): FieldBound => {
  const rule = CONTACT_RULES.find((r) => r.field === field)!;
  return { label: rule.label, max: rule.max, message: CONTACT_MESSAGES.tooLong(rule.label) };
};
/** A guest wallet id: 'GUEST_' + 8 (the pattern checks the rest). */
const WALLET: FieldBound = { label: 'XRPLWallet', max: 14 };
const WALLET_SECRET: FieldBound = { label: 'walletSecret', max: 128 };

const SIGN_IN: RouteBounds = {
  bodyBytes: 4 * KB,
  fields: { username: { label: 'Username', max: SIGN_IN_IDENTIFIER_MAX }, password: password(PASSWORD_MAX_BYTES) },
};
/** Three passwords of 10,000 characters, multi-byte ones included, fit: each is then refused by its bound. */
const ACCOUNT_PASSWORD_BODY_BYTES = 128 * KB;
/** Routes that read no body (sign-out, linking codes). */
const NO_BODY: RouteBounds = { bodyBytes: 1 * KB, fields: {} };

/**
 * Every public write route ('METHOD /api/path', ':id' for a path parameter) and its bounds. A write route
 * missing here still has the global body limit; the route list test fails on one.
 */
export const ROUTE_BOUNDS: Record<string, RouteBounds> = {
  'POST /api/auth/login': SIGN_IN,
  'POST /api/admin/login': { ...SIGN_IN, fields: { ...SIGN_IN.fields, captchaToken: { label: 'captchaToken', max: 2048 } } },
  'POST /api/auth/register': {
    bodyBytes: 4 * KB,
    fields: {
      // Trimmed and normalised before the register rule (3 to 50 characters) reads it.
      username: { label: 'Username', max: SIGN_IN_IDENTIFIER_MAX },
      email: { label: 'Email', max: EMAIL_MAX },
      password: password(PASSWORD_MAX),
    },
  },
  'POST /api/contact': {
    // The message's 5,000 characters take up to 15,000 bytes of UTF-8.
    bodyBytes: 24 * KB,
    fields: Object.fromEntries(CONTACT_RULES.map((rule) => [rule.field, contactBound(rule.field)])),
  },
  'PUT /api/users/profile': {
    bodyBytes: 4 * KB,
    fields: { firstName: { label: 'First Name', max: NAME_MAX }, lastName: { label: 'Last Name', max: NAME_MAX }, bio: { label: 'Bio', max: BIO_MAX } },
  },
  'POST /api/game/nursehelpme/score': {
    // The input log is the bulk: one character per step at most.
    bodyBytes: MAX_INPUT_LOG_LENGTH + 4 * KB,
    fields: {
      inputLog: { label: 'inputLog', max: MAX_INPUT_LOG_LENGTH, message: inputLogTooLongMessage() },
      sessionId: { label: 'sessionId', max: 100 },
      XRPLWallet: WALLET,
      walletSecret: WALLET_SECRET,
      ticket: { label: 'ticket', max: 512 },
    },
  },
  'POST /api/game/nursehelpme/ticket': { bodyBytes: 2 * KB, fields: { XRPLWallet: WALLET, walletSecret: WALLET_SECRET } },
  'POST /api/game/nursehelpme/guest-runs': { bodyBytes: 2 * KB, fields: { XRPLWallet: WALLET, walletSecret: WALLET_SECRET } },
  // The owner's account: a new password (the current one, then the new one twice), and leaving (the password).
  // Their bodies may be long enough that an over-long password is refused by name (400 naming the field, as
  // the account forms show it) rather than as a body: still read only by a signed-in owner, and never hashed.
  [`PUT ${ACCOUNT_PATHS.changePassword}`]: {
    bodyBytes: ACCOUNT_PASSWORD_BODY_BYTES,
    fields: {
      currentPassword: password(PASSWORD_MAX, ACCOUNT_LABELS.currentPassword),
      newPassword: password(PASSWORD_MAX, ACCOUNT_LABELS.newPassword),
      confirmPassword: password(PASSWORD_MAX, ACCOUNT_LABELS.confirmPassword),
    },
  },
  [`POST ${ACCOUNT_PATHS.deleteAccount}`]: { bodyBytes: ACCOUNT_PASSWORD_BODY_BYTES, fields: { password: password(PASSWORD_MAX) } },
  'POST /api/auth/logout': NO_BODY,
  'POST /api/admin/logout': NO_BODY,
  'POST /api/users/:id/generate-linking-code': NO_BODY,
  'POST /api/users/:id/unlink-telegram': NO_BODY,
  // The XRPL wallet link: a challenge and an unlink read no body; a link reads the address, key and signature.
  'POST /api/users/:id/wallet/challenge': NO_BODY,
  'POST /api/users/:id/wallet': {
    bodyBytes: 1 * KB,
    fields: Object.fromEntries(
      (['address', 'publicKey', 'signature'] as const).map((field) => [field, { label: WALLET_LABELS[field], max: WALLET_FIELD_MAX[field] }]),
    ),
  },
  // Whether the address is public: one boolean.
  'PUT /api/users/:id/wallet': { bodyBytes: 1 * KB, fields: {} },
  'DELETE /api/users/:id/wallet': NO_BODY,
  // The notices switch: { enabled: true | false }.
  'PUT /api/users/:id/telegram-notices': { bodyBytes: 1 * KB, fields: {} },
  // A Telegram update: a message's text is at most 4,096 characters; entities and names come with it.
  'POST /api/telegram/webhook': { bodyBytes: 64 * KB, fields: {} },
  // The site's blog query and its variables; within it the parse limits (tokens, fields) refuse a flood.
  'POST /graphql': { bodyBytes: 64 * KB, fields: {} },
};

/** The message for a value over its bound ('Username must be no more than 254 characters'). */
export const fieldTooLongMessage = (bound: FieldBound, unit: 'characters' | 'bytes' = 'characters') =>
  unit === 'characters' && bound.message ? bound.message : `${bound.label} must be no more than ${unit === 'bytes' ? bound.maxBytes : bound.max} ${unit}`;
