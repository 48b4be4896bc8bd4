/**
 * The one REST client:
 * - every call goes to the configured API base, trailing slash trimmed;
 * - the admin token rides as Bearer on paths containing /api/admin/, the user token on other /api/ calls,
 *   and such a call bypasses the browser's HTTP cache (public reads are shareable at the same address);
 * - non-GET calls to a relative URL echo the XSRF-TOKEN cookie in X-XSRF-TOKEN; pages set no cookie, so
 *   the first such call asks GET /api/xsrf for it when the browser has none.
 * Failures throw ApiError with the HTTP status (0 when the server could not be reached)
 * and the server's message when it sent one.
 */
import { API_BASE } from './env';
import { getAuth } from './auth';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly serverMessage: string | null = null,
    public readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

export function buildUrl(path: string): string {
  return `${API_BASE}/${path.replace(/^\/+/, '')}`;
}

/** Media URLs from Strapi are relative to the API base unless a provider made them absolute. */
export function mediaUrl(url: string): string {
  return /^(https?:)?\/\//i.test(url) ? url : buildUrl(url);
}

const isRelative = (url: string) => !/^[a-z][a-z\d+.-]*:/i.test(url) && !url.startsWith('//');

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : null;
}

let xsrfAsked: Promise<void> | null = null;

/** The XSRF-TOKEN cookie, asked for once (GET /api/xsrf sets it) when the browser holds none. */
async function xsrfCookie(): Promise<string | null> {
  const held = readCookie('XSRF-TOKEN');
  if (held) return held;
  xsrfAsked ??= fetch(buildUrl('/api/xsrf'), { credentials: 'same-origin' })
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      xsrfAsked = null;
    });
  await xsrfAsked;
  return readCookie('XSRF-TOKEN');
}

function bearerFor(url: string): string | null {
  const { adminToken, userToken } = getAuth();
  if (url.includes('/api/admin/')) return adminToken;
  if (url.includes('/api/')) return userToken;
  return null;
}

/** The server's own words, from Strapi's {error: {message}} or a plain {message}. */
function serverMessageOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as { message?: unknown; error?: { message?: unknown } };
  const message = record.error?.message ?? record.message;
  return typeof message === 'string' && message.trim() ? message : null;
}

/** The request as this client sends it: the API base, the Bearer token, the XSRF header. */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const method = options.method ?? 'GET';
  const url = buildUrl(path);
  const headers: Record<string, string> = { Accept: 'application/json' };

  const token = bearerFor(url);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && isRelative(url)) {
    const xsrf = await xsrfCookie();
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  }

  try {
    return await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      // A signed-in answer is this person's own: never the browser's copy of the public one at the same address.
      cache: token ? 'no-store' : 'default',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Network error: the server could not be reached');
  }
}

/** A failed answer as an ApiError, with the server's message when it sent one. */
async function failure(response: Response): Promise<ApiError> {
  const body = parseBody(await response.text());
  const serverMessage = serverMessageOf(body);
  return new ApiError(response.status, serverMessage ?? `Request failed with status ${response.status}`, serverMessage, body);
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (!response.ok) throw await failure(response);
  return parseBody(await response.text()) as T;
}

/** A file the API answers as an attachment: its bytes and the name its Content-Disposition gives. */
export async function apiDownload(path: string, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await send(path, {});
  if (!response.ok) throw await failure(response);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const named = /filename="([^"]+)"/.exec(disposition);
  return { blob: await response.blob(), fileName: named?.[1] ?? fallbackName };
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  del: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
  download: apiDownload,
};
