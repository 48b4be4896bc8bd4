/** The account API: sign-up, sign-in and -out, the owner's profile, password, data and leaving, their figures and history, the chat link and its notices. */
import {
  ACCOUNT_EXPORT_KEYS,
  ACCOUNT_PATHS,
  accountExportFileName,
  type AccountExport,
  type ExportedAccount,
  type ExportedChatAccount,
  type ExportedContactMessage,
  type ExportedRun,
} from '../account-export';
import {
  LINKING_CODE_ALPHABET,
  LINKING_CODE_LENGTH,
  type LinkingCode,
  type TelegramLink,
  type TelegramLinkStatus,
  type TelegramNoticesRequest,
  type TelegramNoticesStatus,
} from '../telegram';
import { HISTORY_MAX_PAGE_SIZE, HISTORY_PAGE_SIZE } from '../paging';
import {
  BIO_MAX,
  EMAIL_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
  type OkResponse,
  type Profile,
  type ProfileResponse,
  type PublicUser,
  type SignInResponse,
} from '../rules/account';
import { EMAIL_PATTERN } from '../rules/common';
import { PASSWORD_MAX_BYTES, SIGN_IN_IDENTIFIER_MAX } from '../rules/limits';
import type { GameHistoryEntry, GameHistoryPage, UserStats } from '../scores';
import { RUN_ID_PATTERN } from '../scores';
import { SCORE_FIELDS } from './game';
import { OWNER_ID, type Route } from './operations';
import { arrayOf, boolean, component, constant, dateTime, integer, nullable, objectOf, optional, requestOf, string, type AnySchema } from './schema';
import { BADGE_FIELDS, ExportedWalletSchema } from './wallet';

const bytes = `at most ${PASSWORD_MAX_BYTES} bytes of UTF-8 (bcrypt reads 72)`;
const newPassword = (label: string) =>
  string({
    minLength: PASSWORD_MIN,
    maxLength: PASSWORD_MAX,
    description: `${label}: an uppercase and a lowercase letter, a digit and one of !@#$%^&*(),.?":{}|<>; ${bytes}.`,
  });

export const PublicUserSchema = component<PublicUser>(
  'PublicUser',
  objectOf<PublicUser>({ id: integer({ minimum: 1 }), username: string(), email: string(), createdDate: dateTime() }, 'A site account as its owner sees it.'),
);
const SignIn = component<SignInResponse>(
  'SignInResponse',
  objectOf<SignInResponse>({
    token: string({ description: 'A users-permissions JWT: send it as `Authorization: Bearer <token>`.' }),
    user: PublicUserSchema.ref,
  }),
);
export const Ok = component<OkResponse>('OkResponse', objectOf<OkResponse>({ ok: constant(true) }));
const ProfileSchema = component<ProfileResponse>(
  'ProfileResponse',
  objectOf<ProfileResponse>(
    {
      firstName: string({ maxLength: NAME_MAX }),
      lastName: string({ maxLength: NAME_MAX }),
      bio: string({ maxLength: BIO_MAX }),
      walletVerified: BADGE_FIELDS.walletVerified,
      holder: BADGE_FIELDS.holder,
    },
    "The profile's fields ('' when unset), and the badges others see beside the name (the address is the wallet's: GET /api/users/{id}/wallet).",
  ),
);
const Stats = component<UserStats>(
  'UserStats',
  objectOf<UserStats>({
    gamesPlayed: integer({ minimum: 0 }),
    totalPoints: integer({ description: "The sum of the runs' totalPoints." }),
    highScore: integer({ description: "The best single run's totalPoints." }),
  }),
);
const History = component<GameHistoryPage>(
  'GameHistoryPage',
  objectOf<GameHistoryPage>({
    games: arrayOf(
      objectOf<GameHistoryEntry>({
        ...SCORE_FIELDS,
        playedDate: dateTime(),
        verified: boolean('The server replayed the run and it ranks.'),
        runId: string({ pattern: RUN_ID_PATTERN, description: 'Its page: /runs/{runId}.' }),
      }),
    ),
    totalGames: integer({ minimum: 0 }),
    totalPages: integer({ minimum: 0 }),
    pageNumber: integer({ minimum: 1 }),
    pageSize: integer({ minimum: 1, maximum: HISTORY_MAX_PAGE_SIZE }),
  }),
);
const linkFields = { isLinked: boolean(), telegramUsername: nullable(string()) };
const Link = component<TelegramLink>('TelegramLink', objectOf<TelegramLink>(linkFields));
const LinkStatus = component<TelegramLinkStatus>(
  'TelegramLinkStatus',
  objectOf<TelegramLinkStatus>({
    ...linkFields,
    notices: boolean("The bot tells the player when someone takes their place in this week's top 10 and when a season ends (never without a link)."),
  }),
);
const Notices = component<TelegramNoticesStatus>('TelegramNoticesStatus', objectOf<TelegramNoticesStatus>({ notices: boolean() }));
const Code = component<LinkingCode>(
  'LinkingCode',
  objectOf<LinkingCode>({
    linkingCode: string({
      pattern: new RegExp(`^[${LINKING_CODE_ALPHABET}]{${LINKING_CODE_LENGTH}}$`),
      description: 'Single use; a new code replaces the earlier ones.',
    }),
    expiresAt: dateTime(),
    botName: string({ description: 'The Telegram bot to send it to.' }),
    command: string({ description: 'What to send the bot before the code.' }),
  }),
);
const Export = component<AccountExport>(
  'AccountExport',
  objectOf<AccountExport>(
    {
      exportedAt: dateTime(),
      account: objectOf<ExportedAccount>({
        username: string(),
        email: string(),
        firstName: string(),
        lastName: string(),
        bio: string(),
        createdDate: dateTime(),
      }),
      chatAccounts: arrayOf(objectOf<ExportedChatAccount>({ service: constant('telegram'), username: nullable(string()) })),
      xrplWallet: nullable(ExportedWalletSchema),
      gameRuns: arrayOf(objectOf<ExportedRun>({ ...SCORE_FIELDS, playedDate: dateTime(), verified: boolean() }), { description: 'Newest first.' }),
      contactMessages: arrayOf(
        objectOf<ExportedContactMessage>({ sentDate: dateTime(), name: string(), email: string(), subject: string(), message: string() }),
        { description: 'Sent through the contact form while signed in, newest first.' },
      ),
    },
    `Everything the site holds about the account, keys in this order: ${ACCOUNT_EXPORT_KEYS.root.join(', ')}.`,
  ),
);
export const ACCOUNT_SCHEMAS = [PublicUserSchema, SignIn, Ok, ProfileSchema, Stats, History, Link, LinkStatus, Notices, Code, Export];

const wholeNumber = (minimum: number, fallback: number, maximum?: number): AnySchema => integer({ minimum, maximum, default: fallback });

interface RegisterRequest {
  username: string;
  email: string;
  password: string;
}
interface SignInRequest {
  username: string;
  password: string;
}
type ProfileUpdate = { [K in keyof Profile]?: Profile[K] | null };

const limitedBy = (what: string) => `Too many ${what} from this address (or for this account): wait Retry-After seconds.`;
const wrongCredentials = 'Invalid username or password (one answer for both).';

export const ACCOUNT_ROUTES: Route[] = [
  {
    method: 'post',
    path: '/api/auth/register',
    summary: 'Sign up',
    access: 'public',
    body: {
      description: 'A new account; it is signed in at once.',
      schema: requestOf<RegisterRequest>({
        username: string({ minLength: USERNAME_MIN, maxLength: USERNAME_MAX, description: 'Trimmed and NFKC-normalised first; unique in any case.' }),
        email: string({ maxLength: EMAIL_MAX, pattern: EMAIL_PATTERN, description: 'Unique in any case.' }),
        password: newPassword('The password'),
      }),
    },
    success: { status: 200, description: 'The new account and its token.', body: SignIn.ref },
    refusals: {
      400: 'A rule the sign-up form shows (the first broken rule of each field), or the username or email is taken.',
      429: limitedBy('sign-ups'),
      503: 'Registration is not set up (no default role).',
    },
  },
  {
    method: 'post',
    path: '/api/auth/login',
    summary: 'Sign in',
    access: 'public',
    body: {
      description: 'A username (or the email address) and the password.',
      schema: requestOf<SignInRequest>({
        username: string({ minLength: 1, maxLength: SIGN_IN_IDENTIFIER_MAX, description: 'The username or the email address, in any case.' }),
        password: string({ minLength: 1, maxLength: PASSWORD_MAX_BYTES, description: `The password, ${bytes}.` }),
      }),
    },
    success: { status: 200, description: 'The account and a fresh token.', body: SignIn.ref },
    refusals: {
      400: 'The username or password is missing or malformed.',
      401: wrongCredentials,
      403: 'The account is blocked.',
      429: limitedBy('failed sign-ins'),
    },
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    summary: 'Sign out everywhere',
    description: 'Every token issued to the caller so far stops working.',
    access: 'user',
    success: { status: 200, description: 'Signed out.', body: Ok.ref },
  },
  {
    method: 'get',
    path: '/api/users/profile',
    summary: "The signed-in user's profile",
    access: 'user',
    success: { status: 200, description: 'The profile.', body: ProfileSchema.ref },
  },
  {
    method: 'put',
    path: '/api/users/profile',
    summary: "Edit the signed-in user's profile",
    access: 'user',
    body: {
      description: 'The fields to change (none is required); null clears one.',
      schema: requestOf<ProfileUpdate>({
        firstName: optional(nullable(string({ maxLength: NAME_MAX }))),
        lastName: optional(nullable(string({ maxLength: NAME_MAX }))),
        bio: optional(nullable(string({ maxLength: BIO_MAX }))),
      }),
    },
    success: { status: 200, description: 'The profile as saved.', body: ProfileSchema.ref },
  },
  {
    method: 'put',
    path: ACCOUNT_PATHS.changePassword,
    summary: 'A new password',
    description: 'Every earlier token of the account stops working; the answer carries a fresh one.',
    access: 'user',
    body: {
      description: 'The current password, the new one and, optionally, the new one again.',
      schema: requestOf<ChangePasswordRequest>({
        currentPassword: string({ minLength: 1, maxLength: PASSWORD_MAX, description: `The current password, ${bytes}.` }),
        newPassword: newPassword('The new password'),
        confirmPassword: optional(string({ maxLength: PASSWORD_MAX, description: 'The new password again: it must be the same.' })),
      }),
    },
    success: { status: 200, description: 'The account and its fresh token.', body: SignIn.ref },
    refusals: { 400: 'A rule of the form, or the current password is wrong (currentPassword).', 429: limitedBy('failed password checks') },
  },
  {
    method: 'get',
    path: ACCOUNT_PATHS.exportData,
    summary: "A copy of the signed-in user's data",
    description: "One JSON file, streamed as a download; never a password hash, a token, a secret or anyone else's data.",
    access: 'user',
    success: {
      status: 200,
      description: 'The file.',
      body: Export.ref,
      headers: {
        'Content-Disposition': {
          description: `A download named like ${accountExportFileName(new Date(0))} (the day of the export).`,
          schema: string({ pattern: /^attachment; filename="haic-my-data-\d{4}-\d{2}-\d{2}\.json"$/ }),
          required: true,
        },
      },
    },
    refusals: { 429: limitedBy('exports') },
  },
  {
    method: 'post',
    path: ACCOUNT_PATHS.deleteAccount,
    summary: 'Delete the signed-in account',
    description: 'The account and everything it owns (runs, codes, sessions) go, in one transaction.',
    access: 'user',
    body: {
      description: 'The password, asked again.',
      schema: requestOf<DeleteAccountRequest>({ password: string({ minLength: 1, maxLength: PASSWORD_MAX, description: `The password, ${bytes}.` }) }),
    },
    success: { status: 200, description: 'The account is gone.', body: Ok.ref },
    refusals: { 400: 'The password is missing, too long or wrong.', 429: limitedBy('failed password checks') },
  },
  {
    method: 'get',
    path: '/api/users/{id}/stats',
    summary: "The owner's game figures",
    access: 'owner',
    params: { id: OWNER_ID },
    success: { status: 200, description: 'Kept as runs are stored (zeros before the first).', body: Stats.ref },
  },
  {
    method: 'get',
    path: '/api/users/{id}/game-history',
    summary: "The owner's runs, a page at a time",
    access: 'owner',
    params: {
      id: OWNER_ID,
      pageNumber: { in: 'query', schema: wholeNumber(1, 1), description: 'From 1.' },
      pageSize: { in: 'query', schema: wholeNumber(1, HISTORY_PAGE_SIZE, HISTORY_MAX_PAGE_SIZE), description: 'Runs per page.' },
    },
    success: { status: 200, description: 'One page, newest first.', body: History.ref },
  },
  {
    method: 'get',
    path: '/api/users/{id}/telegram-link',
    summary: 'Whether a Telegram account is linked',
    access: 'owner',
    params: { id: OWNER_ID },
    success: { status: 200, description: 'The link, and whether the bot sends its notices.', body: LinkStatus.ref },
  },
  {
    method: 'put',
    path: '/api/users/{id}/telegram-notices',
    summary: "Turn the Telegram bot's notices on or off",
    description:
      "The notices tell a linked player when someone takes their place in this week's top 10 and when a season ends; on for a linked player until turned off.",
    access: 'owner',
    params: { id: OWNER_ID },
    body: { description: 'On or off.', schema: requestOf<TelegramNoticesRequest>({ enabled: boolean() }) },
    success: { status: 200, description: 'The switch as saved.', body: Notices.ref },
    refusals: { 400: 'enabled is not true or false.', 409: 'Turning them on without a linked Telegram account: link it first.' },
  },
  {
    method: 'post',
    path: '/api/users/{id}/generate-linking-code',
    summary: 'A one-time code to link a Telegram account',
    access: 'owner',
    params: { id: OWNER_ID },
    success: { status: 200, description: 'The code, to send the bot.', body: Code.ref },
    refusals: { 409: 'A Telegram account is already linked: unlink it first.' },
  },
  {
    method: 'post',
    path: '/api/users/{id}/unlink-telegram',
    summary: 'Unlink the Telegram account',
    access: 'owner',
    params: { id: OWNER_ID },
    success: { status: 200, description: 'Not linked (whether it was or not).', body: Link.ref },
  },
];
