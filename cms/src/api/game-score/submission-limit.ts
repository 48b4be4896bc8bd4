/**
 * Rate limit on score submissions, per account (user id, or guest wallet) and per client IP, in fixed
 * windows. A burst of up to SCORE_BURST submissions (an offline queue being resent) always passes:
 * the configured limits are never below it.
 *
 *   SCORE_RATE_LIMIT_ACCOUNT_MAX     submissions per account per window (default 30)
 *   SCORE_RATE_LIMIT_IP_MAX          submissions per IP per window (default 120)
 *   SCORE_RATE_LIMIT_WINDOW_SECONDS  window length (default 60)
 *
 * Written against the shared CounterStore interface (COORD.md); the in-memory store below is used
 * until the site-wide store (cms/src/utils/rate-limit.ts) provides one.
 */
export interface CounterStore {
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  get(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  clear(key: string): Promise<void>;
}

export const SCORE_BURST = 20;

export function memoryCounterStore(now: () => number = Date.now): CounterStore {
  const windows = new Map<string, { start: number; count: number }>();
  const current = (key: string, windowMs: number) => {
    const t = now();
    const start = t - (t % windowMs);
    let entry = windows.get(key);
    if (!entry || entry.start !== start) {
      entry = { start, count: 0 };
      windows.set(key, entry);
      if (windows.size > 100_000) {
        for (const [k, e] of windows) if (e.start !== start) windows.delete(k);
      }
    }
    return { entry, resetInMs: start + windowMs - t };
  };
  return {
    async hit(key, windowMs) {
      const { entry, resetInMs } = current(key, windowMs);
      entry.count++;
      return { count: entry.count, resetInMs };
    },
    async get(key, windowMs) {
      const { entry, resetInMs } = current(key, windowMs);
      return { count: entry.count, resetInMs };
    },
    async clear(key) {
      windows.delete(key);
    },
  };
}

export interface SubmissionLimits {
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

export class SubmissionLimitedError extends Error {
  constructor(public readonly retryAfterSeconds: number) {
    super(`Too many scores submitted. Please wait ${retryAfterSeconds} s and try again.`);
    this.name = 'SubmissionLimitedError';
  }
}

export function createSubmissionLimiter(store: CounterStore = memoryCounterStore(), limits: SubmissionLimits = limitsFromEnv()) {
  return {
    /** Counts one submission; throws SubmissionLimitedError when the IP or the account is over its limit. */
    async hit(ip: string, account: string | null): Promise<void> {
      const checks: [string, number][] = [[`score:ip:${ip}`, limits.ipMax]];
      if (account) checks.push([`score:account:${account}`, limits.accountMax]);
      let retryMs = 0;
      for (const [key, max] of checks) {
        const { count, resetInMs } = await store.hit(key, limits.windowMs);
        if (count > max) retryMs = Math.max(retryMs, resetInMs);
      }
      if (retryMs > 0) throw new SubmissionLimitedError(Math.max(1, Math.ceil(retryMs / 1000)));
    },
  };
}
