/**
 * Failed-attempt limiter for the sign-in routes (user login and admin login).
 * Counts failures per key (client IP, and username) in a sliding window; a key with too many
 * failures is refused until its oldest failure leaves the window. Kept in process memory like
 * Strapi's own rate limiter: counters are not data, and a restart forgets them.
 */
export interface LimiterOptions {
  /** Failures allowed per username within the window. */
  maxPerUsername: number;
  /** Failures allowed per client IP within the window (higher: many people share an IP). */
  maxPerIp: number;
  windowMs: number;
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

export function createLoginLimiter(options: LimiterOptions = limiterOptionsFromEnv(), now: () => number = Date.now) {
  const failures = new Map<string, number[]>();

  const recent = (key: string) => {
    const cutoff = now() - options.windowMs;
    const times = (failures.get(key) ?? []).filter((t) => t > cutoff);
    if (times.length) failures.set(key, times);
    else failures.delete(key);
    return times;
  };

  const keysFor = (ip: string, username: string) => [
    { key: `ip:${ip}`, max: options.maxPerIp },
    { key: `user:${username.trim().toLowerCase()}`, max: options.maxPerUsername },
  ];

  return {
    check(ip: string, username: string): LimitCheck {
      let retryAfterMs = 0;
      for (const { key, max } of keysFor(ip, username)) {
        const times = recent(key);
        if (times.length >= max) retryAfterMs = Math.max(retryAfterMs, times[times.length - max] + options.windowMs - now());
      }
      return { limited: retryAfterMs > 0, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) };
    },
    recordFailure(ip: string, username: string) {
      for (const { key } of keysFor(ip, username)) failures.set(key, [...recent(key), now()]);
    },
    /** A successful sign-in clears the username's failures (not the IP's). */
    recordSuccess(username: string) {
      failures.delete(`user:${username.trim().toLowerCase()}`);
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;

export const tooManyAttemptsMessage = (retryAfterSeconds: number) =>
  `Too many failed sign-in attempts. Please wait ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s) and try again.`;
