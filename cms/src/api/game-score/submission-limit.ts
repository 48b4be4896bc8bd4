/**
 * The rate limits on the game's two writes, per account (user id, or guest wallet) and per client address
 * (an IPv6 client counts per /64, see client-address.ts), each in fixed windows. Counts live in the
 * site-wide counter store (cms/src/utils/rate-limit.ts: memory, or the shared database store in a cluster).
 *
 * Score submissions: a burst of up to SCORE_BURST (an offline queue being resent) always passes, the
 * configured limits are never below it.
 *   SCORE_RATE_LIMIT_ACCOUNT_MAX     submissions per account per window (default 30)
 *   SCORE_RATE_LIMIT_IP_MAX          submissions per IP per window (default 120)
 *   SCORE_RATE_LIMIT_WINDOW_SECONDS  window length (default 60)
 *
 * Run tickets: enough for anyone playing, too few to stockpile.
 *   RUN_TICKET_RATE_LIMIT_MAX / _WINDOW_SECONDS      per account (30 per 600 s)
 *   RUN_TICKET_IP_RATE_LIMIT_MAX / _WINDOW_SECONDS   per address (120 per 600 s)
 *
 * Counted by the site's one rate limiter (cms/src/utils/rate-limit.ts, rate-limiter-flexible over the memory
 * store, or the shared database store in a cluster).
 */
import { ApiError, tooManyRequests } from '../../utils/api-error';
import { rateLimitRefusals } from '../../utils/metrics';
import { CounterLimiter, consumeAll, counterStore, limitFromEnv, tooManyRequestsMessage, type CounterStore } from '../../utils/rate-limit';
import { positiveNumberOr } from '../../utils/settings';
import { isIssuedGuest } from './guest-identity';

export const SCORE_BURST = 20;

interface SubmissionLimits {
  accountMax: number;
  ipMax: number;
  windowMs: number;
}

export function limitsFromEnv(env?: NodeJS.ProcessEnv): SubmissionLimits {
  return {
    accountMax: Math.max(SCORE_BURST, Math.floor(positiveNumberOr('SCORE_RATE_LIMIT_ACCOUNT_MAX', 30, env))),
    ipMax: Math.max(SCORE_BURST, Math.floor(positiveNumberOr('SCORE_RATE_LIMIT_IP_MAX', 120, env))),
    windowMs: Math.floor(positiveNumberOr('SCORE_RATE_LIMIT_WINDOW_SECONDS', 60, env)) * 1000,
  };
}

/**
 * Whom a score submission counts against, read before its body is checked: the token's user, else a guest
 * wallet the server issued (its secret proves it), else nobody but the address. A wallet id nobody vouches
 * for gets no counter of its own: a flood of made-up ids would otherwise fill the counter store.
 */
export function submissionAccount(userId: number | null, body: unknown): string | null {
  if (userId !== null) return `user:${userId}`;
  const { XRPLWallet, walletSecret } = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return isIssuedGuest(XRPLWallet, walletSecret) ? `wallet:${XRPLWallet}` : null;
}

/** 429 with Retry-After, counted among the rate-limit refusals. */
export class SubmissionLimitedError extends ApiError {
  constructor(public readonly retryAfterSeconds: number) {
    super(
      429,
      'TooManyRequestsError',
      `Too many scores submitted. Please wait ${retryAfterSeconds} s and try again.`,
      { retryAfterSeconds },
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
}

/** Counts one hit on the address's limiter and then, when there is an account and the address is within its limit, on the account's (0: none is over). */
const consumeBoth = (ip: [CounterLimiter, string], account: [CounterLimiter, string] | null) => consumeAll(account ? [ip, account] : [ip]);

export function createSubmissionLimiter(getStore: () => CounterStore = counterStore, limits: SubmissionLimits = limitsFromEnv()) {
  const perIp = new CounterLimiter('score:ip', { max: limits.ipMax, windowMs: limits.windowMs }, getStore);
  const perAccount = new CounterLimiter('score:account', { max: limits.accountMax, windowMs: limits.windowMs }, getStore);
  return {
    /** Counts one submission; throws SubmissionLimitedError when the IP or the account is over its limit. */
    async hit(ip: string, account: string | null): Promise<void> {
      const retryMs = await consumeBoth([perIp, ip], account ? [perAccount, account] : null);
      if (retryMs > 0) {
        rateLimitRefusals.inc({ limit: 'score' });
        throw new SubmissionLimitedError(Math.max(1, Math.ceil(retryMs / 1000)));
      }
    },
  };
}

/** The ticket limits, read from the env on first use (so tests can set them before boot). */
export function createTicketLimiter(getStore: () => CounterStore = counterStore) {
  let limiters: { ip: CounterLimiter; account: CounterLimiter } | null = null;
  return {
    /** Counts one ticket request; 429 with Retry-After when the address or the account is over its limit. */
    async hit(ip: string, account: string | null): Promise<void> {
      limiters ??= {
        account: new CounterLimiter('ticket:account', limitFromEnv('RUN_TICKET', { max: 30, windowSeconds: 600 }), getStore),
        ip: new CounterLimiter('ticket:ip', limitFromEnv('RUN_TICKET_IP', { max: 120, windowSeconds: 600 }), getStore),
      };
      const retryMs = await consumeBoth([limiters.ip, ip], account ? [limiters.account, account] : null);
      if (retryMs > 0) throw tooManyRequests(tooManyRequestsMessage(retryMs / 1000), retryMs / 1000);
    },
  };
}
