/**
 * How the API speaks HTTP, beyond its bodies: the error body every refusal has, the XSRF double-submit,
 * and the names caches read (Cache-Control for personal answers, the tags of shareable ones). The server
 * answers by these, and the OpenAPI description (openapi/) states them.
 */
import type { FieldError } from './rules/common';

/** The name each error status carries in the error body (Strapi's names). */
export const ERROR_NAMES = {
  400: 'ValidationError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  405: 'MethodNotAllowedError',
  409: 'ConflictError',
  411: 'LengthRequiredError',
  413: 'PayloadTooLargeError',
  415: 'UnsupportedMediaTypeError',
  421: 'MisdirectedRequestError',
  429: 'TooManyRequestsError',
  500: 'InternalServerError',
  503: 'ServiceUnavailableError',
} as const;
export type ErrorStatus = keyof typeof ERROR_NAMES;

/** The whole message of an unexpected failure: it reveals nothing (the operator reads the log line). */
export const INTERNAL_ERROR_MESSAGE = 'Internal Server Error';

/** Strapi's error body: every refusal of the API. */
export interface ApiErrorBody {
  data: null;
  error: {
    status: number;
    name: string;
    message: string;
    /** `errors` names each refused field (400, 411, 413, 415); `retryAfterSeconds` comes with a 429. */
    details: { errors?: FieldError[]; retryAfterSeconds?: number };
  };
}

/** The double-submit: GET /api/xsrf sets this cookie; every other /api write echoes its value in the header. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
/** A token the server issued: 32 random bytes, base64url. */
export const XSRF_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Cache-Control of everything per user, every write and every refusal of the API. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** The tags shareable answers name (Surrogate-Key, space-separated; Cache-Tag, comma-separated): what a purge names. */
export const CACHE_TAGS = {
  /** The shell every page shares, and what changes with a deploy. */
  site: 'site',
  blog: 'blog',
  news: 'news',
  /** The leaderboards (not content: changes with every ranked run). */
  board: 'board',
  /** The runs' pages and answers (they show their player's wallet badges, which change with a wallet link). */
  runs: 'runs',
  /** The API's description (GET /api/openapi.json). */
  openapi: 'openapi',
} as const;

/** Where the API's OpenAPI description is served. */
export const OPENAPI_PATH = '/api/openapi.json';
