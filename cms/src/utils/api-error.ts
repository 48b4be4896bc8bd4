/**
 * The one error style of the custom routes: a controller or service throws an ApiError and the
 * global::errors middleware renders Strapi's error body `{ data: null, error: { status, name, message, details } }`.
 * (Strapi's own UnauthorizedError/ForbiddenError thrown from a controller are reduced to a bare
 * 'Unauthorized'/'Forbidden' by its authorize step, so refusals with a message use this class.)
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly errorName: string,
    message: string,
    public readonly details: Record<string, unknown> = {},
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = errorName;
  }
}

export const unauthorized = (message: string) => new ApiError(401, 'UnauthorizedError', message);
export const forbidden = (message: string) => new ApiError(403, 'ForbiddenError', message);

/** 429 with Retry-After (whole seconds, at least 1). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(429, 'TooManyRequestsError', message, { retryAfterSeconds: seconds }, { 'Retry-After': String(seconds) });
};
