/**
 * Every environment variable the CMS reads, in one table: its type, its rule and its default. The server
 * checks them all at start (validateSettings, called by config/server.ts) and refuses to start on the first
 * bad one with an error naming it: `LOAD_SHED_LAG_MS must be a number of 0 or more, got "abc"`.
 * Every module reads its settings through setting(NAME), never from process.env. The settings table of
 * docs/configuration.md ("## Settings") lists exactly these names (cms/tests/settings.test.ts checks both ways).
 * An empty value counts as unset (compose passes every variable, empty when .env has none), except for text
 * settings, where empty is a value (`S3_ACL=` means no ACL).
 */
import { CLASSIC_ADDRESS_PATTERN } from '@haic/contract';

/** A bad setting: the message names the variable and the value given. */
export class SettingError extends Error {
  constructor(
    readonly variable: string,
    rule: string,
    given: string,
  ) {
    super(`${variable} ${rule}, got ${JSON.stringify(given.length > 80 ? `${given.slice(0, 80)}…` : given)}`);
    this.name = 'SettingError';
  }
}

interface Setting<T> {
  /** The value of a set variable, or the rule it breaks ("must be ..."). */
  parse(raw: string): { value: T } | { rule: string };
  fallback: T;
  /** Whether '' is a value (text) or means unset (every other kind). */
  emptyIsValue?: boolean;
}

const text = <T extends string | undefined = string>(fallback: T): Setting<string | T> => ({ parse: (raw) => ({ value: raw }), fallback, emptyIsValue: true });

function numeric<T extends number | undefined>(fallback: T, { min, integer, max }: { min: number; integer: boolean; max?: number }): Setting<number | T> {
  const kind = integer ? (min === 1 ? 'a positive integer' : `an integer of ${min} or more`) : min > 0 ? 'a positive number' : `a number of ${min} or more`;
  const rule = `must be ${kind}${max !== undefined ? ` up to ${max}` : ''}`;
  return {
    parse(raw) {
      const value = Number(raw.trim());
      const ok =
        Number.isFinite(value) &&
        (integer ? Number.isInteger(value) && value >= min : min > 0 ? value > 0 : value >= min) &&
        (max === undefined || value <= max);
      return ok ? { value } : { rule };
    },
    fallback,
  };
}
const positiveInt = <T extends number | undefined>(fallback: T, max?: number) => numeric(fallback, { min: 1, integer: true, max });
const countOrZero = <T extends number | undefined>(fallback: T) => numeric(fallback, { min: 0, integer: true });
const positive = <T extends number | undefined>(fallback: T) => numeric(fallback, { min: Number.MIN_VALUE, integer: false });
const zeroOrMore = <T extends number | undefined>(fallback: T) => numeric(fallback, { min: 0, integer: false });
const port = (fallback: number) => positiveInt(fallback, 65535);

const bool = (fallback: boolean): Setting<boolean> => ({
  parse(raw) {
    const value = raw.trim().toLowerCase();
    if (value === 'true' || value === '1') return { value: true };
    if (value === 'false' || value === '0') return { value: false };
    return { rule: 'must be true or false' };
  },
  fallback,
});

function oneOf<V extends string, T extends V | undefined>(values: readonly V[], fallback: T): Setting<V | T> {
  return {
    parse: (raw) => ((values as readonly string[]).includes(raw) ? { value: raw as V } : { rule: `must be ${values.map((v) => `"${v}"`).join(' or ')}` }),
    fallback,
  };
}

/** Comma-separated, trimmed, empty entries left out. */
const list = (): Setting<string[]> => ({
  parse: (raw) => ({
    value: raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  }),
  fallback: [],
});

const cron = (fallback: string): Setting<string> => ({
  parse: (raw) => (/^\s*\S+(\s+\S+){4,5}\s*$/.test(raw) ? { value: raw.trim() } : { rule: 'must be a cron rule of 5 or 6 fields (e.g. "*/30 * * * *")' }),
  fallback,
});

const origin = (): Setting<string> => ({
  parse: (raw) =>
    raw === '' || /^https?:\/\/[^/?#\s]+\/?$/i.test(raw)
      ? { value: raw.endsWith('/') ? raw.slice(0, -1) : raw }
      : { rule: "must be the site's origin, e.g. https://haic.example.com" },
  fallback: '',
  emptyIsValue: true,
});

/** Comma-separated http(s) URLs (empty: none). */
const urls = (): Setting<string[]> => ({
  parse(raw) {
    const value = raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    return value.every((url) => /^https?:\/\/[^\s/?#]+/i.test(url)) ? { value } : { rule: 'must be http or https URLs, comma-separated' };
  },
  fallback: [],
});

/** Text that must match a pattern (empty: unset). */
const matching = (pattern: RegExp, rule: string): Setting<string> => ({
  parse: (raw) => (pattern.test(raw.trim()) ? { value: raw.trim() } : { rule }),
  fallback: '',
});

const DEFAULT_NEWS_FETCH_CRON = '*/30 * * * *';

/** Every variable, with the defaults docs/configuration.md gives. Rate limits without a default here take their route's own. */
const SETTINGS = {
  NODE_ENV: text('development'),
  PORT: port(1337),
  HOST: text('0.0.0.0'),
  PUBLIC_URL: origin(),
  REQUIRE_PUBLIC_URL: bool(false),
  CORS_ORIGINS: list(),
  TRUST_PROXY: bool(false),
  // Each entry checked in config/server.ts (utils/client-address.ts, trustedProxies).
  TRUSTED_PROXIES: list(),
  SITE_DIST_DIR: text(undefined),
  HAIC_SHARED_DIR: text(undefined),

  DATABASE_CLIENT: oneOf(['sqlite', 'postgres'] as const, 'sqlite'),
  DATABASE_FILENAME: text('data/haic.db'),
  DATABASE_URL: text(''),
  DATABASE_HOST: text('localhost'),
  DATABASE_PORT: port(5432),
  DATABASE_NAME: text('haic'),
  DATABASE_USERNAME: text('haic'),
  DATABASE_PASSWORD: text(''),
  DATABASE_SSL: bool(false),
  DATABASE_SSL_REJECT_UNAUTHORIZED: bool(true),
  DATABASE_SCHEMA: text('public'),
  DATABASE_POOL_MIN: countOrZero(2),
  DATABASE_POOL_MAX: positiveInt(10),
  DATABASE_CONNECTION_TIMEOUT: positiveInt(3000),

  METRICS_TOKEN: text(''),
  LOG_FORMAT: oneOf(['json', 'pretty'] as const, undefined),
  SHUTDOWN_TIMEOUT_MS: zeroOrMore(25_000),

  APP_KEYS: list(),
  API_TOKEN_SALT: text(undefined),
  ADMIN_JWT_SECRET: text(undefined),
  TRANSFER_TOKEN_SALT: text(undefined),
  JWT_SECRET: text(undefined),
  JWT_EXPIRES_IN: text('7d'),
  ENCRYPTION_KEY: text(undefined),
  PREVIEW_SECRET: text(''),
  RUN_TICKET_SECRET: text(''),
  RUN_TICKET_TTL_SECONDS: positive(3600),

  ADMIN_USERNAME: text(undefined),
  ADMIN_PASSWORD: text(undefined),
  ADMIN_EMAIL: text(undefined),
  PANEL_ADMIN_EMAIL: text(''),
  PANEL_ADMIN_PASSWORD: text(''),
  SEED_ON_START: bool(true),

  TELEGRAM_BOT_TOKEN: text(''),
  TELEGRAM_BOT_NAME: text(''),
  TELEGRAM_WEBHOOK_SECRET: text(''),
  TELEGRAM_API_BASE: text('https://api.telegram.org'),
  TELEGRAM_REPLY_TIMEOUT_MS: positive(5000),
  LINKING_CODE_TTL_SECONDS: positive(600),

  CRON_ENABLED: bool(true),
  NEWS_FETCH_CRON: cron(DEFAULT_NEWS_FETCH_CRON),
  PUBLISH_SCHEDULE_CRON: cron('* * * * *'),
  NEWS_FEED_TIMEOUT_MS: positive(10_000),
  OUTBOUND_ALLOW_PRIVATE: bool(false),

  SMTP_HOST: text(''),
  SMTP_PORT: port(587),
  SMTP_SECURE: bool(false),
  SMTP_USERNAME: text(''),
  SMTP_PASSWORD: text(''),
  SMTP_FROM: text('HAIC site <no-reply@localhost>'),
  CONTACT_NOTIFY_TO: list(),

  RATE_LIMIT_STORE: oneOf(['database', 'memory'] as const, undefined),
  RATE_LIMIT_MEMORY_KEYS: positiveInt(50_000),
  LOGIN_RATE_LIMIT_MAX: positive(5),
  LOGIN_RATE_LIMIT_IP_MAX: positive(50),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: positive(900),
  LOGIN_SLOWDOWN_AFTER: positive(10),
  LOGIN_SLOWDOWN_STEP_MS: positive(250),
  LOGIN_SLOWDOWN_MAX_MS: positive(3000),
  REGISTER_RATE_LIMIT_MAX: positive(undefined),
  REGISTER_RATE_LIMIT_WINDOW_SECONDS: positive(undefined),
  EXPORT_RATE_LIMIT_MAX: positive(undefined),
  EXPORT_RATE_LIMIT_WINDOW_SECONDS: positive(undefined),
  CONTACT_RATE_LIMIT_MAX: positive(undefined),
  CONTACT_RATE_LIMIT_WINDOW_SECONDS: positive(undefined),
  RUN_TICKET_RATE_LIMIT_MAX: positive(undefined),
  RUN_TICKET_RATE_LIMIT_WINDOW_SECONDS: positive(undefined),
  RUN_TICKET_IP_RATE_LIMIT_MAX: positive(undefined),
  RUN_TICKET_IP_RATE_LIMIT_WINDOW_SECONDS: positive(undefined),
  SCORE_RATE_LIMIT_ACCOUNT_MAX: positive(undefined),
  SCORE_RATE_LIMIT_IP_MAX: positive(undefined),
  SCORE_RATE_LIMIT_WINDOW_SECONDS: positive(undefined),
  PANEL_LOGIN_RATE_LIMIT_MAX: positiveInt(5),

  PASSWORD_HASH_ROUNDS: numeric(10, { min: 4, integer: true, max: 15 }),
  PASSWORD_HASH_THREADS: positiveInt(1),
  ADMIN_PASSWORD_HASH_THREADS: positiveInt(1),
  SCORE_VERIFY_THREADS: positiveInt(undefined),

  LOAD_SHED_LAG_MS: zeroOrMore(200),
  LOAD_SHED_HOLD_MS: zeroOrMore(1000),
  LOAD_SHED_CONCURRENCY: positiveInt(4),
  LOAD_SHED_QUEUE: positiveInt(64),
  LOAD_SHED_WAIT_MS: positiveInt(2000),

  CACHE_MAX_AGE: countOrZero(10),
  CACHE_S_MAXAGE: countOrZero(300),
  CACHE_STALE_WHILE_REVALIDATE: countOrZero(60),
  CACHE_STALE_IF_ERROR: countOrZero(86_400),
  CACHE_PURGE_URLS: list(),
  CACHE_PURGE_METHOD: text('PURGE'),
  CACHE_PURGE_TOKEN: text(''),
  RESPONSE_CACHE_MB: positive(64),
  SITE_PAGE_CACHE_MB: positive(64),
  SITEMAP_URLS_PER_FILE: positiveInt(1000),

  // The HAIC holder check: rippled or Clio JSON-RPC endpoints, and the token's issuer and currency.
  XRPL_RPC_URLS: urls(),
  XRPL_RPC_TIMEOUT_MS: positive(5000),
  HAIC_ISSUER: matching(CLASSIC_ADDRESS_PATTERN, 'must be the classic address of the issuing account (r…)'),
  HAIC_CURRENCY: matching(
    /^(?:[A-Za-z0-9?!@#$%^&*<>(){}[\]|]{3,20}|[0-9A-Fa-f]{40})$/,
    'must be a currency code (3 to 20 characters) or its 40 hexadecimal digits',
  ),
  WALLET_RATE_LIMIT_MAX: positive(undefined),
  WALLET_RATE_LIMIT_WINDOW_SECONDS: positive(undefined),
  LIVE_MAX_STREAMS: positiveInt(10_000),
  LIVE_STREAMS_PER_CLIENT: positiveInt(20),

  S3_BUCKET: text(''),
  S3_ENDPOINT: text(''),
  S3_PUBLIC_URL: text(''),
  S3_REGION: text('us-east-1'),
  S3_ACCESS_KEY_ID: text(''),
  S3_SECRET_ACCESS_KEY: text(''),
  S3_FORCE_PATH_STYLE: bool(false),
  S3_ROOT_PATH: text(''),
  S3_ACL: text('public-read'),
};

type Table = typeof SETTINGS;
export type SettingName = keyof Table;
export type SettingValue<K extends SettingName> =
  | Table[K]['fallback']
  | (Table[K]['parse'] extends (raw: string) => infer R ? (R extends { value: infer V } ? V : never) : never);

/** The names the CMS reads, in the table's order. */
export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

/** Whether the variable is set (an empty value counts as unset except for text settings). */
export function isSet(name: SettingName, env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = env[name];
  return raw !== undefined && (raw !== '' || SETTINGS[name].emptyIsValue === true);
}

/** One setting's value from the environment (its default when unset); throws SettingError when it breaks its rule. */
export function setting<K extends SettingName>(name: K, env: NodeJS.ProcessEnv = process.env): SettingValue<K> {
  const definition = SETTINGS[name] as Setting<SettingValue<K>>;
  const raw = env[name];
  if (raw === undefined || !isSet(name, env)) return definition.fallback;
  const parsed = definition.parse(raw);
  if ('rule' in parsed) throw new SettingError(name, parsed.rule, raw);
  return parsed.value;
}

/** Checks every setting at start: the first bad one stops the server with its name. */
export function validateSettings(env: NodeJS.ProcessEnv = process.env): void {
  for (const name of SETTING_NAMES) setting(name, env);
}

/**
 * A positive number for a limit whose name is built from a prefix, or the caller's fallback when unset.
 * Start refuses a bad value (validateSettings); a caller's own env map may still hold one, and gets the fallback.
 */
export function positiveNumberOr(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env[name]);
  return env[name] !== undefined && env[name] !== '' && Number.isFinite(value) && value > 0 ? value : fallback;
}
