/**
 * Failed-attempt limiter for the sign-in routes (user login and admin login).
 * Counts failures per key (client IP, and username) in fixed windows kept by a CounterStore; a key
 * with too many failures in the current window is refused until that window ends. The store is the
 * process's memory on a single instance, or the database when several instances share one (see
 * counter-store.ts), so that limits do not multiply with the instance count.
 */
export interface CounterStore {
  /** Counts one more for key in the current window of length windowMs. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** key's count in the current window (0 when none), and ms until that window ends. */
  get(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  clear(key: string): Promise<void>;
}

/** Windows start at multiples of windowMs since the epoch, so every instance agrees on them. */
export const windowEnd = (now: number, windowMs: number) => (Math.floor(now / windowMs) + 1) * windowMs;

/** Counters in process memory: not data, and a restart forgets them. */
export function createMemoryCounterStore(now: () => number = Date.now): CounterStore {
  const counters = new Map<string, { end: number; count: number }>();
  let hits = 0;
  const current = (key: string, windowMs: number) => {
    const t = now();
    const entry = counters.get(key);
    return entry && entry.end === windowEnd(t, windowMs) ? entry : { end: windowEnd(t, windowMs), count: 0 };
  };
  const sweep = () => {
    const t = now();
    for (const [key, entry] of counters) if (entry.end <= t) counters.delete(key);
  };
  return {
    async hit(key, windowMs) {
      if (++hits % 1000 === 0) sweep();
      const entry = current(key, windowMs);
      entry.count += 1;
      counters.set(key, entry);
      return { count: entry.count, resetInMs: entry.end - now() };
    },
    async get(key, windowMs) {
      const entry = current(key, windowMs);
      return { count: entry.count, resetInMs: entry.end - now() };
    },
    async clear(key) {
      counters.delete(key);
    },
  };
}

export interface LimiterOptions {
  /** Failures allowed per username within the window. */
  maxPerUsername: number;
  /** Failures allowed per client IP within the window (higher: many people share an IP). */
  maxPerIp: number;
  windowMs: number;
  /** Keeps one limiter's counters apart from another's in a shared store. */
  scope?: string;
}

export interface LimitCheck {
  limited: boolean;
  retryAfterSeconds: number;
}

export function limiterOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): LimiterOptions {
  const maxPerUsername = Number(env.LOGIN_RATE_LIMIT_MAX || 5);
  return {
    maxPerUsername,
    maxPerIp: Number(env.LOGIN_RATE_LIMIT_IP_MAX || maxPerUsername * 4),
    windowMs: Number(env.LOGIN_RATE_LIMIT_WINDOW_SECONDS || 15 * 60) * 1000,
  };
}

export function createLoginLimiter(options: LimiterOptions = limiterOptionsFromEnv(), store: CounterStore = createMemoryCounterStore()) {
  const prefix = options.scope ? `${options.scope}:` : 'login:';
  const userKey = (username: string) => `${prefix}user:${username.trim().toLowerCase()}`;
  const keysFor = (ip: string, username: string) => [
    { key: `${prefix}ip:${ip}`, max: options.maxPerIp },
    { key: userKey(username), max: options.maxPerUsername },
  ];

  return {
    async check(ip: string, username: string): Promise<LimitCheck> {
      let retryAfterMs = 0;
      for (const { key, max } of keysFor(ip, username)) {
        const { count, resetInMs } = await store.get(key, options.windowMs);
        if (count >= max) retryAfterMs = Math.max(retryAfterMs, resetInMs);
      }
      return { limited: retryAfterMs > 0, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) };
    },
    async recordFailure(ip: string, username: string) {
      await Promise.all(keysFor(ip, username).map(({ key }) => store.hit(key, options.windowMs)));
    },
    /** A successful sign-in clears the username's failures (not the IP's). */
    async recordSuccess(username: string) {
      await store.clear(userKey(username));
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;

export const tooManyAttemptsMessage = (retryAfterSeconds: number) =>
  `Too many failed sign-in attempts. Please wait ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s) and try again.`;
