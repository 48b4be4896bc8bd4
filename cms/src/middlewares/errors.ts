/**
 * 'global::errors' (just inside strapi::errors, which Strapi requires): every error answers in Strapi's body shape
 * `{ data: null, error: { status, name, message, details } }`.
 * - ApiError (utils/api-error): the custom routes' refusals, with their headers (Retry-After);
 * - Strapi's ApplicationError / HttpError: as Strapi renders them;
 * - a request the body parser could not read (malformed JSON, wrong encoding, too large): its 4xx,
 *   never a 500;
 * - a database that cannot be reached (down, restarting, no free connection within the pool's time
 *   limit): 503 with Retry-After, so a client or load balancer knows to come back, and one warning a
 *   few seconds for the operator;
 * - anything else: a logged 500 that reveals nothing, and whose log line holds no bound value or body
 *   (utils/safe-error).
 */
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { ERROR_NAMES, INTERNAL_ERROR_MESSAGE } from '@haic/contract';
import type { Core } from '@strapi/strapi';
import { ApiError } from '../utils/api-error';
import { fieldsOf } from '../utils/fields';
import { safeError } from '../utils/safe-error';

const NAMES: Record<number, string> = ERROR_NAMES;

// Strapi's own mapping for its ApplicationError subclasses.
const APPLICATION_STATUS: Array<[new (...args: never[]) => Error, number]> = [
  [errors.ValidationError, 400],
  [errors.YupValidationError, 400],
  [errors.PaginationError, 400],
  [errors.NotFoundError, 404],
  [errors.ForbiddenError, 403],
  [errors.UnauthorizedError, 401],
  [errors.PayloadTooLargeError, 413],
  [errors.RateLimitError, 429],
  [errors.NotImplementedError, 501],
];

/**
 * Errors that say the database could not be reached (or, for SQLite, that another process held its write lock
 * past the busy timeout), rather than that a query was wrong.
 */
const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const isDatabaseUnavailable = (thrown: unknown): boolean => {
  const error = fieldsOf(thrown);
  return (
    error.name === 'KnexTimeoutError' ||
    (typeof error.code === 'string' && (DATABASE_DOWN_CODES.has(error.code) || error.code.startsWith('SQLITE_BUSY'))) ||
    /Connection terminated|Client has encountered a connection error|Connection ended unexpectedly/.test(String(error.message ?? ''))
  );
};
const DATABASE_RETRY_AFTER_SECONDS = 5;
const WARN_EVERY_MS = 5000;

const render = (ctx: Context, status: number, name: string, message: string, details: unknown = {}) => {
  ctx.status = status;
  ctx.body = { data: null, error: { status, name, message, details: details ?? {} } };
};

/**
 * A 4xx raised by the body parser (co-body; formidable for multipart) or koa's ctx.throw with a public message.
 * A body the parser refuses is named as the field it refuses (`body`), as every other refused field is.
 */
const clientError = (thrown: unknown): { status: number; message: string; body?: true } | null => {
  const error = fieldsOf(thrown);
  const status = Number(error?.status ?? error?.statusCode ?? error?.httpCode);
  if (error?.httpCode && status >= 400 && status < 500)
    return { status, message: 'The request body could not be read (malformed multipart form data)', body: true };
  if (!Number.isInteger(status) || status < 400 || status > 499) return null;
  if (error.type === 'entity.parse.failed' || thrown instanceof SyntaxError) return { status: 400, message: 'The request body is not valid JSON', body: true };
  // A 400 like any other body the API cannot take (an oversized input log is a 400, never a hang).
  if (error.type === 'entity.too.large') return { status: 400, message: 'The request body is too large', body: true };
  if (error.type === 'encoding.unsupported' || error.type === 'charset.unsupported')
    return { status: 415, message: 'The request body encoding is not supported', body: true };
  return { status, message: error.expose && typeof error.message === 'string' ? error.message : (NAMES[status] ?? 'Bad Request') };
};

const errorsMiddleware: Core.MiddlewareFactory = (_config, { strapi }) => {
  let lastDatabaseWarning = 0;
  return async (ctx, next) => {
    try {
      await next();
      if (!ctx.response._explicitStatus) return ctx.notFound();
    } catch (error: unknown) {
      if (error instanceof ApiError) {
        for (const [header, value] of Object.entries(error.headers)) ctx.set(header, value);
        return render(ctx, error.status, error.errorName, error.message, error.details);
      }
      if (error instanceof errors.ApplicationError) {
        const status = APPLICATION_STATUS.find(([type]) => error instanceof type)?.[1] ?? 400;
        return render(ctx, status, error.name, error.message, error.details);
      }
      if (error instanceof errors.HttpError) {
        return render(ctx, error.status, error.name, error.message, fieldsOf(error).details);
      }
      const client = clientError(error);
      if (client)
        return render(
          ctx,
          client.status,
          NAMES[client.status] ?? 'BadRequestError',
          client.message,
          client.body ? { errors: [{ path: ['body'], message: client.message }] } : {},
        );
      if (isDatabaseUnavailable(error)) {
        if (Date.now() - lastDatabaseWarning > WARN_EVERY_MS) {
          lastDatabaseWarning = Date.now();
          const { code, name } = fieldsOf(error);
          strapi.log.warn(`database unavailable: ${safeError(error).message}`, { type: 'database', code: code ?? name, requestId: ctx.state?.requestId });
        }
        ctx.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
        return render(ctx, 503, ERROR_NAMES[503], 'The service is briefly unavailable. Please try again in a few seconds.');
      }
      // Never the error's own text for a database error: its SQL carries the bound values (utils/safe-error).
      const { message, stack } = safeError(error);
      strapi.log.error(message, { type: 'error', stack, requestId: ctx.state?.requestId });
      return render(ctx, 500, ERROR_NAMES[500], INTERNAL_ERROR_MESSAGE);
    }
  };
};

export default errorsMiddleware;
