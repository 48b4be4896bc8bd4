/**
 * The score submission and leaderboard contract:
 * the shapes the game sends and the server answers, and the patterns both sides check.
 */
import type { ScoreResult } from './game/types';
import type { WalletBadges } from './wallet';

/** Guest wallet ids: 'GUEST_' plus 8 uppercase characters or digits, issued by the server with a run ticket. */
export const GUEST_WALLET_PATTERN = /^GUEST_[A-Z0-9]{8}$/;
/** One id per game (the game page sends crypto.randomUUID()); letters, digits, '-' and '_'. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/**
 * The secret that proves a guest wallet id: the server issues it with the wallet (a signature of the
 * wallet id) and the game keeps it beside it. Guest tickets and ranked guest scores need it, and the runs
 * later move to an account only with it. (Wallets from before the server issued them had a secret the
 * browser made: their runs still move, but never rank.)
 */
export const WALLET_SECRET_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;
/** Largest game seed: seeds are unsigned 32-bit whole numbers. */
export const GAME_SEED_MAX = 0xffffffff;

/**
 * POST /api/game/nursehelpme/ticket: a run ticket, asked for when a game starts (guest or signed in).
 * The game plays with its seed and sends `ticket` and `seed` with the score; only a run with a genuine,
 * unused, unexpired ticket whose seed it played, submitted no sooner than its game time allows, ranks.
 */
export interface RunTicketRequest {
  /**
   * A guest's wallet id and its secret, as the server issued them; without them (or when the server did
   * not issue them) a guest gets a new identity with the ticket. A signed-in player sends the Bearer token.
   */
  XRPLWallet?: string;
  walletSecret?: string;
}

/** A guest identity the server issued: kept in tempXRPLWallet (and its secret beside it). */
export interface GuestIdentity {
  XRPLWallet: string;
  walletSecret: string;
}

export interface RunTicket {
  /**
   * The signed ticket, sent back unchanged with the score. It is issued to one player (the signed-in
   * user, or the guest wallet below) and verifies a run only when that player submits it.
   */
  ticket: string;
  runId: string;
  seed: number;
  issuedAt: string;
  expiresAt: string;
  /** For a guest: the identity the ticket is issued to (the one the guest sent, or a new one). */
  guest?: GuestIdentity;
}

/** POST /api/game/nursehelpme/score: the game's numbers, plus the optional input log, session, ticket and seed that let it rank. */
export interface ScoreSubmission extends ScoreResult {
  sessionId: string;
  userId?: number | string;
  XRPLWallet?: string;
  /** The game's input log (see game/input-log.ts); without it the score is stored unverified. */
  inputLog?: string;
  /** The guest wallet's secret as the server issued it (guests only; a ranked guest run needs it). */
  walletSecret?: string;
  /** The run ticket the game started with (absent when the ticket request failed). */
  ticket?: string;
  /** The seed the game played with (the ticket's); without it the seed comes from sessionId. */
  seed?: number;
}

export interface StoredScore extends ScoreResult {
  id: number;
  documentId: string;
  sessionId: string;
  playedDate: string;
  guest: boolean;
  /** True when the numbers come from replaying the input log of a run played on a valid ticket: it ranks. */
  verified: boolean;
  /** In the answer to a submission that is stored but does not rank: why. */
  unverifiedReason?: string;
}

export interface ScoreResponse extends Partial<StoredScore> {
  success: boolean;
}

/** POST /api/game/nursehelpme/guest-runs: moves a guest wallet's runs to the signed-in account. */
export interface GuestRunsClaim {
  XRPLWallet: string;
  walletSecret: string;
}

export interface GuestRunsClaimResponse {
  moved: number;
}

export const LEADERBOARD_PERIODS = ['all', 'week', 'day'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export const LEADERBOARD_DEFAULT_LIMIT = 50;
export const LEADERBOARD_MAX_LIMIT = 100;

/** What the public sees of a run, on the board and on its own page (with its player's wallet badges). */
export interface PublicRunFigures extends WalletBadges {
  /** A username, or a guest wallet id with its middle masked. */
  player: string;
  totalPoints: number;
  score: number;
  bonusPoints: number;
  level: number;
  timeElapsed: number;
  playedDate: string;
}

export interface LeaderboardEntry extends PublicRunFigures {
  rank: number;
  /** The run's id: its page is /runs/{runId} (GET /api/runs/{runId}). */
  runId?: string;
}

/** GET /api/leaderboard?period=all|week|day&limit=N: a board of players, each once with their best verified run. */
export interface LeaderboardResponse {
  period: LeaderboardPeriod;
  entries: LeaderboardEntry[];
  /** With a valid user token: that player's best verified run in the period and its rank among players, or null. */
  me?: LeaderboardEntry | null;
  /**
   * With a valid user token, when the player ranks below the rows answered: the players just above and
   * just below them (AROUND_ME_SPAN each side) and their own row, by true rank; else empty.
   */
  around?: LeaderboardEntry[];
}

/** Players shown on each side of the signed-in player's own row below the board. */
export const AROUND_ME_SPAN = 2;

/** A run's id (the stored run's document id): what /runs/{id} and GET /api/runs/{id} take. */
export const RUN_ID_PATTERN = /^[a-z0-9]{24}$/;

/** GET /api/runs/{id}: one stored run, public (a signed-out visitor sees the same). */
export interface PublicRun extends PublicRunFigures {
  id: string;
  /** True when the server replayed the run's log and it ranks. */
  verified: boolean;
  /** The verified run's input log and seed, to replay it; null when the run is not verified or has no stored log. */
  inputLog: string | null;
  seed: number | null;
}

/** GET /api/leaderboard/seasons/{season}: one weekly season's standings (see seasons.ts). */
export interface SeasonStandings {
  /** The season's key: the date of its Monday. */
  season: string;
  startsAt: string;
  endsAt: string;
  /** True once the season is over: the standings are final. */
  ended: boolean;
  entries: LeaderboardEntry[];
}

/** 'GUEST_ABCDEFGH' -> 'GUEST_AB…GH': enough to recognise your own run, not enough to claim it. */
export function maskGuestWallet(wallet: string): string {
  const id = wallet.startsWith('GUEST_') ? wallet.slice(6) : wallet;
  return `GUEST_${id.slice(0, 2)}…${id.slice(-2)}`;
}

/** One run of an account's game history. */
export interface GameHistoryEntry extends ScoreResult {
  playedDate: string;
  /** True when the server replayed the run's input log and it ranks. */
  verified: boolean;
  /** The run's page is /runs/{runId}. */
  runId: string;
}

/** GET /api/users/{id}/game-history?pageNumber=N&pageSize=N: one page of the account's runs, newest first. */
export interface GameHistoryPage {
  games: GameHistoryEntry[];
  totalGames: number;
  totalPages: number;
  pageNumber: number;
  pageSize: number;
}

/** A player's figures, kept as their runs are stored: GET /api/users/{id}/stats. */
export interface UserStats {
  gamesPlayed: number;
  totalPoints: number;
  highScore: number;
}
