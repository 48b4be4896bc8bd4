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
 */
import { ApiError, tooManyRequests } from '../../utils/api-error';
import { rateLimitRefusals } from '../../utils/metrics';
import { counterStore, limitFromEnv, tooManyRequestsMessage, type CounterStore, type Limit } from '../../utils/rate-limit';

export const SCORE_BURST = 20;

interface SubmissionLimits {
  accountMax: number;
  ipMax: number;
  windowMs: number;
}

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
};

export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): SubmissionLimits {
  return {
    accountMax: Math.max(SCORE_BURST, positive(env.SCORE_RATE_LIMIT_ACCOUNT_MAX, 30)),
    ipMax: Math.max(SCORE_BURST, positive(env.SCORE_RATE_LIMIT_IP_MAX, 120)),
    windowMs: positive(env.SCORE_RATE_LIMIT_WINDOW_SECONDS, 60) * 1000,
  };
}

/**
 * Whom a score submission counts against, read before its body is checked: the token's user, else the
 * guest wallet the body names (cut short: a counter key is never longer than a wallet id), else nobody.
 */
export function submissionAccount(userId: number | null, body: unknown): string | null {
  if (userId !== null) return `user:${userId}`;
  const wallet = body && typeof body === 'object' && 'XRPLWallet' in body ? body.XRPLWallet : null;
  return typeof wallet === 'string' && wallet !== '' ? `wallet:${wallet.slice(0, 20)}` : null;
}

/** 429 with Retry-After, counted among the rate-limit refusals. */
export class SubmissionLimitedError extends ApiError {
  constructor(public readonly retryAfterSeconds: number) {
    super(429, 'TooManyRequestsError', `Too many scores submitted. Please wait ${retryAfterSeconds} s and try again.`, { retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) });
  }
}

/**
 * Counts one hit on the address's counter and, when there is an account, on the account's; answers how
 * long until the latest of those over their limit has room again (0: none is over).
 */
async function waitBeyondLimits(store: CounterStore, name: string, ip: string, account: string | null, limits: { ip: Limit; account: Limit }): Promise<number> {
  const checks: [string, Limit][] = [[`${name}:ip:${ip}`, limits.ip]];
  if (account) checks.push([`${name}:account:${account}`, limits.account]);
  let retryMs = 0;
  for (const [key, limit] of checks) {
    const { count, resetInMs } = await store.hit(key, limit.windowMs);
    if (count > limit.max) retryMs = Math.max(retryMs, resetInMs);
  }
  return retryMs;
}

export function createSubmissionLimiter(getStore: () => CounterStore = counterStore, limits: SubmissionLimits = limitsFromEnv()) {
  const perKey = { ip: { max: limits.ipMax, windowMs: limits.windowMs }, account: { max: limits.accountMax, windowMs: limits.windowMs } };
  return {
    /** Counts one submission; throws SubmissionLimitedError when the IP or the account is over its limit. */
    async hit(ip: string, account: string | null): Promise<void> {
      const retryMs = await waitBeyondLimits(getStore(), 'score', ip, account, perKey);
      if (retryMs > 0) {
        rateLimitRefusals.inc({ limit: 'score' });
        throw new SubmissionLimitedError(Math.max(1, Math.ceil(retryMs / 1000)));
      }
    },
  };
}

/** The ticket limits, read from the env on first use (so tests can set them before boot). */
export function createTicketLimiter(getStore: () => CounterStore = counterStore) {
  let limits: { ip: Limit; account: Limit } | null = null;
  return {
    /** Counts one ticket request; 429 with Retry-After when the address or the account is over its limit. */
    async hit(ip: string, account: string | null): Promise<void> {
      limits ??= {
        account: limitFromEnv('RUN_TICKET', { max: 30, windowSeconds: 600 }),
        ip: limitFromEnv('RUN_TICKET_IP', { max: 120, windowSeconds: 600 }),
      };
      const retryMs = await waitBeyondLimits(getStore(), 'ticket', ip, account, limits);
      if (retryMs > 0) throw tooManyRequests(tooManyRequestsMessage(retryMs / 1000), retryMs / 1000);
    },
  };
}
