/**
 * Rate limiting on a shared counter store (the interface all engineers agreed on; see COORD.md).
 * Counters are fixed windows: a key's count in the current window of length windowMs.
 * The in-memory store suits one process; a database-backed store (one counter table shared by
 * every instance) plugs in through setCounterStore().
 */
import crypto from 'crypto';
import type { Context, Next } from 'koa';
import { LRUCache } from 'lru-cache';
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

/**
 * Counter keys at a fixed size: whatever a client put in a key (a 1 MB username, an address), a store keeps
 * 43 characters (sha256, base64url). Both stores (memory and database) keep only this.
 */
export const counterKey = (key: string): string => crypto.createHash('sha256').update(key).digest('base64url');

const positive = (raw: string | undefined, fallback: number) => {
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/** RATE_LIMIT_MEMORY_KEYS: the most counters each tier of the memory store keeps (about 200 bytes each). */
export const memoryKeysFromEnv = (env: NodeJS.ProcessEnv = process.env) => Math.max(1, Math.floor(positive(env.RATE_LIMIT_MEMORY_KEYS, 50_000)));

/** A hit that could not be counted because the store is full: treated as over every limit (fail closed, 429). */
const REFUSED_COUNT = Number.MAX_SAFE_INTEGER;
const SWEEP_EVERY_MS = 1000;

interface Window {
  count: number;
  endsAt: number;
}

/**
 * Process memory: counters are not data, a restart forgets them. Bounded whatever clients send: keys are
 * hashed to a fixed size, and each of two tiers holds at most `maxKeys` counters (lru-cache).
 * - fresh: a key's first hit. A flood of new keys evicts the least recently used of these; a count of 1
 *   is below every limit, so no eviction frees a limited key.
 * - held: from a key's second hit until its window ends, never evicted. When it is full of live windows,
 *   a key that would join it is refused (fail closed: its hit counts as over any limit) rather than
 *   pushing out a key that is being limited.
 */
export class MemoryCounterStore implements CounterStore {
  private readonly fresh: LRUCache<string, Window>;
  private readonly held: LRUCache<string, Window>;
  private lastSweep = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys: number = memoryKeysFromEnv(),
  ) {
    this.fresh = new LRUCache({ max: maxKeys });
    this.held = new LRUCache({ max: maxKeys });
  }

  /** Keys counted now (both tiers), for tests and metrics. */
  get size(): number {
    return this.fresh.size + this.held.size;
  }

  private live(cache: LRUCache<string, Window>, key: string): Window | null {
    const window = cache.get(key);
    if (!window) return null;
    if (window.endsAt > this.now()) return window;
    cache.delete(key);
    return null;
  }

  /** Room in the held tier: expired windows are dropped (at most once a second while it is full). */
  private heldHasRoom(): boolean {
    if (this.held.size < this.maxKeys) return true;
    const now = this.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return false;
    this.lastSweep = now;
    for (const [key, window] of this.held.entries()) if (window.endsAt <= now) this.held.delete(key);
    return this.held.size < this.maxKeys;
  }

  async hit(rawKey: string, windowMs: number) {
    const key = counterKey(rawKey);
    const now = this.now();
    const held = this.live(this.held, key);
    if (held) {
      held.count += 1;
      return { count: held.count, resetInMs: held.endsAt - now };
    }
    const fresh = this.live(this.fresh, key);
    if (!fresh) {
      const window = { count: 1, endsAt: now + windowMs };
      this.fresh.set(key, window);
      return { count: 1, resetInMs: windowMs };
    }
    if (!this.heldHasRoom()) return { count: REFUSED_COUNT, resetInMs: fresh.endsAt - now };
    this.fresh.delete(key);
    fresh.count += 1;
    this.held.set(key, fresh);
    return { count: fresh.count, resetInMs: fresh.endsAt - now };
  }

  async get(rawKey: string, windowMs: number) {
    const key = counterKey(rawKey);
    const window = this.live(this.held, key) ?? this.live(this.fresh, key);
    return window ? { count: window.count, resetInMs: window.endsAt - this.now() } : { count: 0, resetInMs: windowMs };
  }

  async release(rawKey: string) {
    const key = counterKey(rawKey);
    const window = this.live(this.held, key) ?? this.live(this.fresh, key);
    if (window && window.count > 0) window.count -= 1;
  }

  async clear(rawKey: string) {
    const key = counterKey(rawKey);
    this.held.delete(key);
    this.fresh.delete(key);
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
      const refuse = async (retryAfterMs: number, taken: string[]): Promise<LoginCheck> => {
        rateLimitRefusals.inc({ limit: `login-${scope}` });
        await Promise.all(taken.map((key) => store.release(key)));
        return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)), delayMs: 0 };
      };
      // The address first: an address over its limit adds no counter for the names it tries.
      const perIp = await store.hit(k.ip, windowMs);
      if (perIp.count > options.maxPerIp) return refuse(perIp.resetInMs, [k.ip]);
      const [pair, perUser] = await Promise.all([store.hit(k.pair, windowMs), store.hit(k.user, windowMs)]);
      if (pair.count > options.maxPerUsernameIp) return refuse(pair.resetInMs, [k.pair, k.ip, k.user]);
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
