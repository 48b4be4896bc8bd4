/**
 * Rate limit on score submissions, per account (user id, or guest wallet) and per client IP, in fixed
 * windows. A burst of up to SCORE_BURST submissions (an offline queue being resent) always passes:
 * the configured limits are never below it.
 *
 *   SCORE_RATE_LIMIT_ACCOUNT_MAX     submissions per account per window (default 30)
 *   SCORE_RATE_LIMIT_IP_MAX          submissions per IP per window (default 120)
 *   SCORE_RATE_LIMIT_WINDOW_SECONDS  window length (default 60)
 *
 * Counted by the site's one rate limiter (cms/src/utils/rate-limit.ts, rate-limiter-flexible over the memory
 * store, or the shared database store in a cluster).
 */
import { ApiError } from '../../utils/api-error';
import { rateLimitRefusals } from '../../utils/metrics';
import { CounterLimiter, consumeAll, counterStore, type CounterStore } from '../../utils/rate-limit';
import { positiveNumberOr } from '../../utils/settings';

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

/** 429 with Retry-After, counted among the rate-limit refusals. */
export class SubmissionLimitedError extends ApiError {
  constructor(public readonly retryAfterSeconds: number) {
    super(429, 'TooManyRequestsError', `Too many scores submitted. Please wait ${retryAfterSeconds} s and try again.`, { retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) });
  }
}

export function createSubmissionLimiter(getStore: () => CounterStore = counterStore, limits: SubmissionLimits = limitsFromEnv()) {
  const perIp = new CounterLimiter('score:ip', { max: limits.ipMax, windowMs: limits.windowMs }, getStore);
  const perAccount = new CounterLimiter('score:account', { max: limits.accountMax, windowMs: limits.windowMs }, getStore);
  return {
    /** Counts one submission; throws SubmissionLimitedError when the IP or the account is over its limit. */
    async hit(ip: string, account: string | null): Promise<void> {
      const retryMs = await consumeAll(account ? [[perIp, ip], [perAccount, account]] : [[perIp, ip]]);
      if (retryMs > 0) {
        rateLimitRefusals.inc({ limit: 'score' });
        throw new SubmissionLimitedError(Math.max(1, Math.ceil(retryMs / 1000)));
      }
    },
  };
}
