import { errors } from '@strapi/utils';
import { ERROR_NAMES, type FieldError } from '@haic/contract';

/**
 * The one error family of the CMS: code throws an ApiError (made by the helpers below) and the
 * global::errors middleware renders Strapi's error body `{ data: null, error: { status, name, message, details } }`
 * with the error's headers (Retry-After). It is one of Strapi's ApplicationErrors, so Strapi's own code
 * (the panel's content manager, the upload plugin) passes it through as it does its own.
 * (Strapi's UnauthorizedError/ForbiddenError thrown from a controller are reduced to a bare
 * 'Unauthorized'/'Forbidden' by its authorize step, so refusals with a message use this class.)
 */
export class ApiError extends errors.ApplicationError {
  constructor(
    public readonly status: number,
    public readonly errorName: string,
    message: string,
    details: Record<string, unknown> = {},
    public readonly headers: Record<string, string> = {},
  ) {
    super(message, details);
    // Strapi types its class's name as a literal; ours is the name the error body carries.
    (this as Error).name = errorName;
  }
}

const wholeSeconds = (seconds: number) => Math.max(1, Math.ceil(seconds));

/** 400 naming each field it refuses (the first one's message leads); the one field-error answer. */
export const invalid = (problems: Array<FieldError & { name?: string }>) => new ApiError(400, ERROR_NAMES[400], problems[0].message, { errors: problems });
export const invalidField = (field: string, message: string) => invalid([{ path: [field], message }]);
/** 413: a request body over its route's limit ('body' names it). */
export const payloadTooLarge = (message: string) => new ApiError(413, ERROR_NAMES[413], message, { errors: [{ path: ['body'], message }] });
/** 411: a bounded route reads only a body whose length is declared up front. */
export const lengthRequired = (message: string) => new ApiError(411, ERROR_NAMES[411], message, { errors: [{ path: ['body'], message }] });
/** 415: a body in an encoding the route does not read ('body' names it). */
export const unsupportedEncoding = (message: string) => new ApiError(415, ERROR_NAMES[415], message, { errors: [{ path: ['body'], message }] });
export const unauthorized = (message: string) => new ApiError(401, ERROR_NAMES[401], message);
export const forbidden = (message: string) => new ApiError(403, ERROR_NAMES[403], message);
export const notFound = (message = 'Not Found') => new ApiError(404, ERROR_NAMES[404], message);
export const conflict = (message: string) => new ApiError(409, ERROR_NAMES[409], message);

/** 429 with Retry-After (whole seconds, at least 1). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) => {
  const seconds = wholeSeconds(retryAfterSeconds);
  return new ApiError(429, ERROR_NAMES[429], message, { retryAfterSeconds: seconds }, { 'Retry-After': String(seconds) });
};

/** 503 with Retry-After: a part the answer needs is busy or not set up; the client may come back. */
export const serviceUnavailable = (message: string, retryAfterSeconds: number) =>
  new ApiError(503, ERROR_NAMES[503], message, {}, { 'Retry-After': String(wholeSeconds(retryAfterSeconds)) });
