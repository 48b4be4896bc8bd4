/**
 * 'global::errors' (just inside strapi::errors, which Strapi requires): every error answers in Strapi's body shape
 * `{ data: null, error: { status, name, message, details } }`.
 * - ApiError (utils/api-error): the custom routes' refusals, with their headers (Retry-After);
 * - Strapi's ApplicationError / HttpError: as Strapi renders them;
 * - a request the body parser could not read (malformed JSON, wrong encoding, too large): its 4xx,
 *   never a 500;
 * - anything else: a logged 500 that reveals nothing.
 */
import { errors } from '@strapi/utils';
import type { Core } from '@strapi/strapi';
import { ApiError } from '../utils/api-error';

const NAMES: Record<number, string> = {
  400: 'ValidationError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  405: 'MethodNotAllowedError',
  413: 'PayloadTooLargeError',
  415: 'UnsupportedMediaTypeError',
  429: 'TooManyRequestsError',
};

// Strapi's own mapping for its ApplicationError subclasses.
const APPLICATION_STATUS: Array<[new (...args: any[]) => Error, number]> = [
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

const render = (ctx: any, status: number, name: string, message: string, details: unknown = {}) => {
  ctx.status = status;
  ctx.body = { data: null, error: { status, name, message, details: details ?? {} } };
};

/** A 4xx raised by the body parser (co-body; formidable for multipart) or koa's ctx.throw with a public message. */
const clientError = (error: any): { status: number; message: string } | null => {
  const status = Number(error?.status ?? error?.statusCode ?? error?.httpCode);
  if (error?.httpCode && status >= 400 && status < 500) return { status, message: 'The request body could not be read (malformed multipart form data)' };
  if (!Number.isInteger(status) || status < 400 || status > 499) return null;
  if (error.type === 'entity.parse.failed' || error instanceof SyntaxError) return { status: 400, message: 'The request body is not valid JSON' };
  // A 400 like any other body the API cannot take (issue 10: an oversized input log is a 400, never a hang).
  if (error.type === 'entity.too.large') return { status: 400, message: 'The request body is too large' };
  if (error.type === 'encoding.unsupported' || error.type === 'charset.unsupported') return { status: 415, message: 'The request body encoding is not supported' };
  return { status, message: error.expose && typeof error.message === 'string' ? error.message : NAMES[status] ?? 'Bad Request' };
};

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  return async (ctx, next) => {
    try {
      await next();
      if (!ctx.response._explicitStatus) return ctx.notFound();
    } catch (error: any) {
      if (error instanceof ApiError) {
        for (const [header, value] of Object.entries(error.headers)) ctx.set(header, value);
        return render(ctx, error.status, error.errorName, error.message, error.details);
      }
      if (error instanceof errors.ApplicationError) {
        const status = APPLICATION_STATUS.find(([type]) => error instanceof type)?.[1] ?? 400;
        return render(ctx, status, error.name, error.message, (error as any).details);
      }
      if (error instanceof errors.HttpError) {
        return render(ctx, (error as any).status, error.name, error.message, (error as any).details);
      }
      const client = clientError(error);
      if (client) return render(ctx, client.status, NAMES[client.status] ?? 'BadRequestError', client.message);
      strapi.log.error(error);
      return render(ctx, 500, 'InternalServerError', 'Internal Server Error');
    }
  };
};
