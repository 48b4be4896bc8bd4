/**
 * Every rate limit of the site runs on rate-limiter-flexible: one limiter class (CounterLimiter, a
 * RateLimiterStoreAbstract) over the counter store the boot picked (counter-store.ts: a bounded lru-cache in
 * memory, or one table in PostgreSQL). Limits are fixed windows: `points` hits per key per `duration`.
 * The four users: route middlewares per address or per user (perIpLimit, perUserLimit), the sign-in limiter
 * (createLoginLimiter), score submissions and run tickets (consumeAll).
 */
import type { Context, Next } from 'koa';
import { RateLimiterRes, type RateLimiterStoreAbstract as StoreAbstract } from 'rate-limiter-flexible';
import { tooManyRequests } from './api-error';
import { clientLimitKey } from './client-address';
import { counterStore, type Counted, type CounterStore } from './counter-store';
import { rateLimitRefusals } from './metrics';
import { positiveNumberOr, setting } from './settings';

// The base class of rate-limiter-flexible's stores is typed by the package but not exported from its index.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RateLimiterStoreAbstract: typeof StoreAbstract = require('rate-limiter-flexible/lib/RateLimiterStoreAbstract');

export { MemoryCounterStore, counterKey, counterStore, setCounterStore, type CounterStore } from './counter-store';

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * A rate-limiter-flexible limiter whose counters live in a CounterStore, found through `getStore` at each call
 * (boot installs the shared store after modules are loaded). Counts move by one: consume and penalty add a hit,
 * reward takes one back, delete clears the key. Keys are `keyPrefix:key`, hashed by the store.
 */
export class CounterLimiter extends RateLimiterStoreAbstract {
  constructor(
    keyPrefix: string,
    limit: Limit,
    private readonly getStore: () => CounterStore = counterStore,
  ) {
    // inMemoryBlockOnConsumed stays 0: its block list would be one more map keyed by what clients send.
    super({ storeClient: getStore, keyPrefix, points: limit.max, duration: limit.windowMs / 1000 });
  }

  _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<Counted> {
    if (forceExpire || Math.abs(points) !== 1) return Promise.reject(new Error('CounterLimiter counts one hit at a time (no block or set)'));
    return points > 0 ? this.getStore().hit(rlKey, msDuration) : this.getStore().release(rlKey, msDuration);
  }

  async _get(rlKey: string): Promise<Counted | null> {
    const counted = await this.getStore().get(rlKey, this.msDuration);
    return counted.count > 0 ? counted : null;
  }

  async _delete(rlKey: string): Promise<boolean> {
    await this.getStore().clear(rlKey);
    return true;
  }

  _getRateLimiterRes(_rlKey: string, changedPoints: number, counted: Counted): RateLimiterRes {
    return new RateLimiterRes(Math.max(this.points - counted.count, 0), Math.max(0, counted.resetInMs), counted.count, counted.count === changedPoints);
  }
}

/** The hit as counted, refused or not (a refusal of consume() carries the same figures). */
async function counted(consume: Promise<RateLimiterRes>): Promise<{ refused: boolean; res: RateLimiterRes }> {
  try {
    return { refused: false, res: await consume };
  } catch (error) {
    if (error instanceof RateLimiterRes) return { refused: true, res: error };
    throw error;
  }
}

/**
 * Counts one hit on each key with its limiter, in order, up to the first one over its limit: the wait (ms) it
 * gives, else 0. The keys after it are not counted: a client over its address's limit (put first) adds no
 * counter for the names it sends, made up or not.
 */
export async function consumeAll(checks: [CounterLimiter, string][]): Promise<number> {
  for (const [limiter, key] of checks) {
    const { refused, res } = await counted(limiter.consume(key));
    if (refused) return Math.max(res.msBeforeNext, 1);
  }
  return 0;
}

/** `<PREFIX>_RATE_LIMIT_MAX` and `<PREFIX>_RATE_LIMIT_WINDOW_SECONDS` (settings.ts validates both at start), with defaults. */
export function limitFromEnv(prefix: string, defaults: { max: number; windowSeconds: number }, env?: NodeJS.ProcessEnv): Limit {
  return {
    max: positiveNumberOr(`${prefix}_RATE_LIMIT_MAX`, defaults.max, env),
    windowMs: positiveNumberOr(`${prefix}_RATE_LIMIT_WINDOW_SECONDS`, defaults.windowSeconds, env) * 1000,
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
  let limiter: CounterLimiter | null = null;
  return async (ctx: Context, next: Next) => {
    limiter ??= new CounterLimiter(`rate:${name}`, readLimit());
    const retryMs = await consumeAll([[limiter, keyOf(ctx)]]);
    if (retryMs > 0) {
      rateLimitRefusals.inc({ limit: name });
      throw tooManyRequests(tooManyRequestsMessage(retryMs / 1000), retryMs / 1000);
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

const loginLimitFromSettings = (): LoginLimitOptions => ({
  maxPerUsernameIp: setting('LOGIN_RATE_LIMIT_MAX'),
  maxPerIp: setting('LOGIN_RATE_LIMIT_IP_MAX'),
  slowAfterPerUsername: setting('LOGIN_SLOWDOWN_AFTER'),
  slowStepMs: setting('LOGIN_SLOWDOWN_STEP_MS'),
  slowMaxMs: setting('LOGIN_SLOWDOWN_MAX_MS'),
  windowMs: setting('LOGIN_RATE_LIMIT_WINDOW_SECONDS') * 1000,
});

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
export function createLoginLimiter(scope: string, options: LoginLimitOptions = loginLimitFromSettings(), getStore: () => CounterStore = counterStore) {
  const { windowMs } = options;
  const perIp = new CounterLimiter(`login:${scope}:ip`, { max: options.maxPerIp, windowMs }, getStore);
  const perPair = new CounterLimiter(`login:${scope}:pair`, { max: options.maxPerUsernameIp, windowMs }, getStore);
  // Never refuses: its count only slows the username's answers down.
  const perUser = new CounterLimiter(`login:${scope}:user`, { max: Number.MAX_SAFE_INTEGER, windowMs }, getStore);
  const pairKey = (ip: string, name: string) => `${ip}|${name}`;

  const refuse = async (retryAfterMs: number, taken: [CounterLimiter, string][]): Promise<LoginCheck> => {
    rateLimitRefusals.inc({ limit: `login-${scope}` });
    await Promise.all(taken.map(([limiter, key]) => limiter.reward(key)));
    return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)), delayMs: 0 };
  };

  return {
    /** Counts this attempt as a failure now; a refused one (limited) is given back at once. */
    async reserve(ip: string, username: string): Promise<LoginCheck> {
      const name = username.toLowerCase();
      // The address first: an address over its limit adds no counter for the names it tries.
      const address = await counted(perIp.consume(ip));
      if (address.refused) return refuse(address.res.msBeforeNext, [[perIp, ip]]);
      const [pair, user] = await Promise.all([counted(perPair.consume(pairKey(ip, name))), perUser.penalty(name)]);
      if (pair.refused)
        return refuse(pair.res.msBeforeNext, [
          [perPair, pairKey(ip, name)],
          [perIp, ip],
          [perUser, name],
        ]);
      // The slow-down follows the failures before this attempt.
      const beyond = user.consumedPoints - 1 - options.slowAfterPerUsername;
      const delayMs = beyond > 0 ? Math.min(options.slowMaxMs, beyond * options.slowStepMs) : 0;
      return { limited: false, retryAfterSeconds: 0, delayMs };
    },
    /** A successful sign-in clears that username's counters and gives its reservation on the IP back. */
    async recordSuccess(ip: string, username: string) {
      const name = username.toLowerCase();
      await Promise.all([perPair.delete(pairKey(ip, name)), perUser.delete(name), perIp.reward(ip)]);
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;

export const tooManyAttemptsMessage = (retryAfterSeconds: number) =>
  `Too many failed sign-in attempts. Please wait ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s) and try again.`;
