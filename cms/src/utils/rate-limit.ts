/**
 * Rate limiting on a shared counter store (the interface all engineers agreed on; see COORD.md).
 * Counters are fixed windows: a key's count in the current window of length windowMs.
 * The in-memory store suits one process; a database-backed store (one counter table shared by
 * every instance) plugs in through setCounterStore().
 */
import type { Context, Next } from 'koa';
import { tooManyRequests } from './api-error';
import { clientLimitKey } from './client-address';
import { rateLimitRefusals } from './metrics';

export interface CounterStore {
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  get(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Takes one back from the key's current window (an attempt that turned out not to count). */
  release(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

/** Process memory: counters are not data, a restart forgets them. Expired windows are swept as they go. */
export class MemoryCounterStore implements CounterStore {
  private windows = new Map<string, { count: number; endsAt: number }>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  private current(key: string) {
    const now = this.now();
    if (now - this.lastSweep > 60_000) {
      this.lastSweep = now;
      for (const [k, w] of this.windows) if (w.endsAt <= now) this.windows.delete(k);
    }
    const window = this.windows.get(key);
    return window && window.endsAt > now ? window : null;
  }

  async hit(key: string, windowMs: number) {
    const now = this.now();
    let window = this.current(key);
    if (!window) {
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.endsAt - now };
  }

  async get(key: string, windowMs: number) {
    const window = this.current(key);
    return window ? { count: window.count, resetInMs: window.endsAt - this.now() } : { count: 0, resetInMs: windowMs };
  }

  async release(key: string) {
    const window = this.current(key);
    if (window && window.count > 0) window.count -= 1;
  }

  async clear(key: string) {
    this.windows.delete(key);
  }
}

let store: CounterStore = new MemoryCounterStore();
export const counterStore = (): CounterStore => store;
/** Production's switch to a shared store (call before the first request). */
export const setCounterStore = (next: CounterStore) => {
  store = next;
};

export interface Limit {
  max: number;
  windowMs: number;
}

const positive = (raw: string | undefined, fallback: number) => {
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/** `<PREFIX>_RATE_LIMIT_MAX` and `<PREFIX>_RATE_LIMIT_WINDOW_SECONDS`, with defaults. */
export function limitFromEnv(prefix: string, defaults: { max: number; windowSeconds: number }, env: NodeJS.ProcessEnv = process.env): Limit {
  return {
    max: positive(env[`${prefix}_RATE_LIMIT_MAX`], defaults.max),
    windowMs: positive(env[`${prefix}_RATE_LIMIT_WINDOW_SECONDS`], defaults.windowSeconds) * 1000,
  };
}

export const tooManyRequestsMessage = (retryAfterSeconds: number) =>
  `Too many requests. Please wait ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s) and try again.`;

/**
 * A route middleware that allows `limit.max` requests per client IP per window and answers 429 with
 * Retry-After beyond that. The limit is read from env on first use (so tests can set it before boot).
 * Use in a route's config: `middlewares: [perIpLimit('contact', () => limitFromEnv('CONTACT', {...}))]`.
 */
export function perIpLimit(name: string, readLimit: () => Limit) {
  return perKeyLimit(name, readLimit, clientLimitKey);
}

/**
 * The same per signed-in user: for routes behind the 'global::is-logged-in' policy (policies run
 * before route middlewares, so ctx.state.user is set), wherever the user calls from.
 */
export function perUserLimit(name: string, readLimit: () => Limit) {
  return perKeyLimit(name, readLimit, (ctx) => `user:${ctx.state.user.id}`);
}

function perKeyLimit(name: string, readLimit: () => Limit, keyOf: (ctx: Context) => string) {
  let limit: Limit | null = null;
  return async (ctx: Context, next: Next) => {
    limit ??= readLimit();
    const { count, resetInMs } = await counterStore().hit(`rate:${name}:${keyOf(ctx)}`, limit.windowMs);
    if (count > limit.max) {
      rateLimitRefusals.inc({ limit: name });
      throw tooManyRequests(tooManyRequestsMessage(resetInMs / 1000), resetInMs / 1000);
    }
    await next();
  };
}

// ---------- sign-in ----------

interface LoginLimitOptions {
  /** Failures allowed per username from one IP within the window, then 429 for that pair. */
  maxPerUsernameIp: number;
  /** Failures allowed per IP (any usernames) within the window, then 429 for that IP. */
  maxPerIp: number;
  /** Failures on one username (from anywhere) after which its answers slow down. */
  slowAfterPerUsername: number;
  /** Added delay per failure beyond slowAfterPerUsername, capped at slowMaxMs. */
  slowStepMs: number;
  slowMaxMs: number;
  windowMs: number;
}

function loginLimitFromEnv(env: NodeJS.ProcessEnv = process.env): LoginLimitOptions {
  const maxPerUsernameIp = positive(env.LOGIN_RATE_LIMIT_MAX, 5);
  return {
    maxPerUsernameIp,
    maxPerIp: positive(env.LOGIN_RATE_LIMIT_IP_MAX, 50),
    slowAfterPerUsername: positive(env.LOGIN_SLOWDOWN_AFTER, 10),
    slowStepMs: positive(env.LOGIN_SLOWDOWN_STEP_MS, 250),
    slowMaxMs: positive(env.LOGIN_SLOWDOWN_MAX_MS, 3000),
    windowMs: positive(env.LOGIN_RATE_LIMIT_WINDOW_SECONDS, 15 * 60) * 1000,
  };
}

interface LoginCheck {
  limited: boolean;
  retryAfterSeconds: number;
  /** Delay to apply before answering (slow down a username under attack instead of locking it). */
  delayMs: number;
}

/**
 * Failed sign-in counters. A username is never locked outright: refusals (429) are per
 * username+IP and per IP, so an outsider on another address cannot lock a user out; failures on a
 * username from everywhere only slow its answers down.
 * An attempt is reserved (counted as a failure) before its password is compared, in one atomic
 * increment per counter, and given back only when it succeeds: a burst of parallel guesses gets no
 * more comparisons than the limit allows.
 */
export function createLoginLimiter(scope: string, options: LoginLimitOptions = loginLimitFromEnv(), getStore: () => CounterStore = counterStore) {
  const keys = (ip: string, username: string) => {
    const name = username.toLowerCase();
    return { pair: `login:${scope}:pair:${ip}|${name}`, ip: `login:${scope}:ip:${ip}`, user: `login:${scope}:user:${name}` };
  };
  const { windowMs } = options;

  return {
    /** Counts this attempt as a failure now; a refused one (limited) is given back at once. */
    async reserve(ip: string, username: string): Promise<LoginCheck> {
      const k = keys(ip, username);
      const store = getStore();
      const [pair, perIp, perUser] = await Promise.all([store.hit(k.pair, windowMs), store.hit(k.ip, windowMs), store.hit(k.user, windowMs)]);
      let retryAfterMs = 0;
      if (pair.count > options.maxPerUsernameIp) retryAfterMs = Math.max(retryAfterMs, pair.resetInMs);
      if (perIp.count > options.maxPerIp) retryAfterMs = Math.max(retryAfterMs, perIp.resetInMs);
      if (retryAfterMs > 0) {
        rateLimitRefusals.inc({ limit: `login-${scope}` });
        await Promise.all([store.release(k.pair), store.release(k.ip), store.release(k.user)]);
        return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)), delayMs: 0 };
      }
      // The slow-down follows the failures before this attempt.
      const beyond = perUser.count - 1 - options.slowAfterPerUsername;
      const delayMs = beyond > 0 ? Math.min(options.slowMaxMs, beyond * options.slowStepMs) : 0;
      return { limited: false, retryAfterSeconds: 0, delayMs };
    },
    /** A successful sign-in clears that username's counters and gives its reservation on the IP back. */
    async recordSuccess(ip: string, username: string) {
      const k = keys(ip, username);
      const store = getStore();
      await Promise.all([store.clear(k.pair), store.clear(k.user), store.release(k.ip)]);
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;

export const tooManyAttemptsMessage = (retryAfterSeconds: number) =>
  `Too many failed sign-in attempts. Please wait ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s) and try again.`;
