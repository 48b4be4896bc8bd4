/**
 * Rate limit on score submissions, per account (user id, or guest wallet) and per client IP, in fixed
 * windows. A burst of up to SCORE_BURST submissions (an offline queue being resent) always passes:
 * the configured limits are never below it.
 *
 *   SCORE_RATE_LIMIT_ACCOUNT_MAX     submissions per account per window (default 30)
 *   SCORE_RATE_LIMIT_IP_MAX          submissions per IP per window (default 120)
 *   SCORE_RATE_LIMIT_WINDOW_SECONDS  window length (default 60)
 *
 * Counts live in the site-wide counter store (cms/src/utils/rate-limit.ts: memory, or the shared
 * database store in a cluster).
 */
import { ApiError } from '../../utils/api-error';
import { rateLimitRefusals } from '../../utils/metrics';
import { counterStore, type CounterStore } from '../../utils/rate-limit';

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

/** 429 with Retry-After, counted among the rate-limit refusals. */
export class SubmissionLimitedError extends ApiError {
  constructor(public readonly retryAfterSeconds: number) {
    super(429, 'TooManyRequestsError', `Too many scores submitted. Please wait ${retryAfterSeconds} s and try again.`, { retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) });
  }
}

export function createSubmissionLimiter(getStore: () => CounterStore = counterStore, limits: SubmissionLimits = limitsFromEnv()) {
  return {
    /** Counts one submission; throws SubmissionLimitedError when the IP or the account is over its limit. */
    async hit(ip: string, account: string | null): Promise<void> {
      const checks: [string, number][] = [[`score:ip:${ip}`, limits.ipMax]];
      if (account) checks.push([`score:account:${account}`, limits.accountMax]);
      let retryMs = 0;
      for (const [key, max] of checks) {
        const { count, resetInMs } = await getStore().hit(key, limits.windowMs);
        if (count > max) retryMs = Math.max(retryMs, resetInMs);
      }
      if (retryMs > 0) {
        rateLimitRefusals.inc({ limit: 'score' });
        throw new SubmissionLimitedError(Math.max(1, Math.ceil(retryMs / 1000)));
      }
    },
  };
}
