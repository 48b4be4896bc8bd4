/** The game's API: a run ticket when a game starts, the score when it ends, a guest's runs moving to an account. */
import { SCORE_PER_COIN, SCORE_PER_LEVEL, TIME_BONUS_MAX } from '../game/constants';
import { MAX_INPUT_LOG_LENGTH } from '../game/input-log';
import { LEVELS } from '../game/levels';
import type { ScoreResult } from '../game/types';
import { ROUTE_BOUNDS } from '../rules/limits';
import {
  GAME_SEED_MAX,
  GUEST_WALLET_PATTERN,
  SESSION_ID_PATTERN,
  WALLET_SECRET_PATTERN,
  type GuestIdentity,
  type GuestRunsClaim,
  type GuestRunsClaimResponse,
  type RunTicket,
  type RunTicketRequest,
  type ScoreResponse,
  type ScoreSubmission,
} from '../scores';
import type { Route } from './operations';
import { boolean, component, dateTime, either, integer, objectOf, optional, requestOf, string, type Fields } from './schema';

const SCORE_RULES = {
  score: `level*${SCORE_PER_LEVEL} + ${SCORE_PER_COIN} per coin.`,
  level: 'The level reached.',
  timeElapsed: 'Whole seconds.',
  bonusPoints: `max(0, ${TIME_BONUS_MAX} - timeElapsed).`,
  totalPoints: 'score + bonusPoints.',
};

/** A submitted run's numbers: what the game can produce (the server refuses anything else). */
const SUBMITTED_SCORE: Fields<ScoreResult> = {
  score: integer({ minimum: 0, description: SCORE_RULES.score }),
  level: integer({ minimum: 1, maximum: LEVELS.length, description: SCORE_RULES.level }),
  timeElapsed: integer({ minimum: 0, description: SCORE_RULES.timeElapsed }),
  bonusPoints: integer({ minimum: 0, maximum: TIME_BONUS_MAX, description: SCORE_RULES.bonusPoints }),
  totalPoints: integer({ minimum: 0, description: SCORE_RULES.totalPoints }),
};

/**
 * A stored run's numbers, as answers give them: whole numbers as stored. Runs stored through the API follow
 * the rules above; a database may hold older rows (from before the rules, or imported), answered as they are.
 */
export const SCORE_FIELDS: Fields<ScoreResult> = {
  score: integer({ description: SCORE_RULES.score }),
  level: integer({ description: SCORE_RULES.level }),
  timeElapsed: integer({ description: SCORE_RULES.timeElapsed }),
  bonusPoints: integer({ description: SCORE_RULES.bonusPoints }),
  totalPoints: integer({ description: SCORE_RULES.totalPoints }),
};

const wallet = string({ pattern: GUEST_WALLET_PATTERN, description: "A guest wallet id the server issued ('GUEST_' + 8 uppercase letters or digits)." });
const walletSecret = string({ pattern: WALLET_SECRET_PATTERN, description: "The guest wallet's secret, as the server issued it." });
const seed = (description: string) => integer({ minimum: 0, maximum: GAME_SEED_MAX, description });
const ticketText = (description: string) => string({ maxLength: ROUTE_BOUNDS['POST /api/game/nursehelpme/score']!.fields.ticket!.max, description });

const Guest = component<GuestIdentity>(
  'GuestIdentity',
  objectOf<GuestIdentity>({ XRPLWallet: wallet, walletSecret }, 'A guest identity the server issued: keep both.'),
);
const Ticket = component<RunTicket>(
  'RunTicket',
  objectOf<RunTicket>({
    ticket: ticketText('Signed; send it back unchanged with the score.'),
    runId: string({ format: 'uuid' }),
    seed: seed('The seed to play the game with.'),
    issuedAt: dateTime(),
    expiresAt: dateTime('A run submitted later does not rank.'),
    guest: optional(Guest.ref),
  }),
);
const Stored = component<ScoreResponse>(
  'ScoreResponse',
  objectOf<ScoreResponse>(
    {
      success: boolean('Always true.'),
      ...(Object.fromEntries(Object.entries(SCORE_FIELDS).map(([name, schema]) => [name, optional(schema)])) as Fields<
        Pick<Partial<ScoreResult>, keyof ScoreResult>
      >),
      id: optional(integer({ minimum: 1 })),
      documentId: optional(string()),
      sessionId: optional(string({ pattern: SESSION_ID_PATTERN })),
      playedDate: optional(dateTime()),
      guest: optional(boolean('Stored under a guest wallet.')),
      verified: optional(boolean('Proven by replaying its input log on a valid run ticket: it ranks.')),
      unverifiedReason: optional(string({ description: 'Why a stored run does not rank.' })),
    },
    'The stored run (the same sessionId again answers the run stored first).',
  ),
);
const Claimed = component<GuestRunsClaimResponse>('GuestRunsClaimResponse', objectOf<GuestRunsClaimResponse>({ moved: integer({ minimum: 0 }) }));
export const GAME_SCHEMAS = [Guest, Ticket, Stored, Claimed];

const limited = 'Too many from this address, account or wallet: wait Retry-After seconds.';

export const GAME_ROUTES: Route[] = [
  {
    method: 'post',
    path: '/api/game/nursehelpme/ticket',
    summary: 'A run ticket for a game about to start',
    description:
      'Only a run played on a ticket ranks. A signed-in player sends the token; a guest sends the wallet the server issued them, or nothing and gets a new one with the ticket.',
    access: 'optional-user',
    body: {
      required: false,
      description: "A guest's wallet and its secret (both, or neither).",
      schema: requestOf<RunTicketRequest>({ XRPLWallet: optional(wallet), walletSecret: optional(walletSecret) }),
    },
    success: { status: 200, description: 'The ticket (and, for a guest, the identity it is issued to).', body: Ticket.ref },
    refusals: { 429: limited, 503: 'Run tickets are not set up on this server (RUN_TICKET_SECRET): games still play and save, unranked.' },
  },
  {
    method: 'post',
    path: '/api/game/nursehelpme/score',
    summary: 'The score at the end of a game',
    description:
      "A signed-in player sends userId and the token; a guest the wallet. With the input log, ticket and seed, the server replays the run: the numbers must be the replay's, and only then does it rank.",
    access: 'optional-user',
    body: {
      description: "The game's numbers and what proves them.",
      schema: requestOf<ScoreSubmission>({
        ...SUBMITTED_SCORE,
        sessionId: string({ pattern: SESSION_ID_PATTERN, description: 'One id per game: the same id again answers the run already stored.' }),
        userId: optional(either(integer({ minimum: 1 }), string(), "The signed-in player's own id (with the token).")),
        XRPLWallet: optional(wallet),
        inputLog: optional(string({ maxLength: MAX_INPUT_LOG_LENGTH, description: "The game's input log, to replay." })),
        walletSecret: optional(walletSecret),
        ticket: optional(ticketText('The run ticket the game started with.')),
        seed: optional(seed("The ticket's seed (without it, the seed comes from sessionId).")),
      }),
    },
    success: { status: 200, description: 'Stored (ranked or not: see verified and unverifiedReason).', body: Stored.ref },
    refusals: {
      400: 'Numbers the game could not have produced, a malformed field, or a replay that does not give them.',
      401: 'A userId without a valid token.',
      403: "A userId that is not the token's user.",
      429: limited,
      503: 'The replay workers are all busy: try again.',
    },
  },
  {
    method: 'post',
    path: '/api/game/nursehelpme/guest-runs',
    summary: "Move this browser's guest runs to the signed-in account",
    access: 'user',
    body: { description: 'The guest wallet and its secret.', schema: requestOf<GuestRunsClaim>({ XRPLWallet: wallet, walletSecret }) },
    success: { status: 200, description: 'How many runs moved (each moves once).', body: Claimed.ref },
  },
];
