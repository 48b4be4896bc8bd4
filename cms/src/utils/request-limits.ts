/**
 * The edge bounds of the public write routes (ROUTE_BOUNDS in the contract): which route a request is,
 * and the first field over its bound. global::body-limit checks the body's declared size before it is
 * read; global::input-guard checks the fields before anything else reads them.
 */
import { ROUTE_BOUNDS, fieldTooLongMessage, type FieldError, type RouteBounds } from '@haic/contract';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** 'POST /api/users/:id/x' -> a case-insensitive pattern for the method and path (a trailing slash allowed, as the router does). */
const ROUTES: Array<{ method: string; path: RegExp; bounds: RouteBounds }> = Object.entries(ROUTE_BOUNDS).map(([route, bounds]) => {
  const [method, path] = route.split(' ');
  const pattern = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : escape(part)))
    .join('/');
  return { method, path: new RegExp(`^${pattern}/?$`, 'i'), bounds };
});

/** The bounds of the route a request is for, or null (no public write route: the global limits apply). */
export function routeBounds(method: string, path: string): RouteBounds | null {
  for (const route of ROUTES) if (route.method === method && route.path.test(path)) return route.bounds;
  return null;
}

/** The first top-level field of `body` over its bound, as a field error; lengths only, nothing else is read. */
export function fieldBoundProblem(body: unknown, bounds: RouteBounds): FieldError | null {
  if (!body || typeof body !== 'object') return null;
  for (const [field, bound] of Object.entries(bounds.fields)) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value !== 'string') continue;
    if (value.length > bound.max) return { path: [field], message: fieldTooLongMessage(bound) };
    if (bound.maxBytes !== undefined && Buffer.byteLength(value, 'utf8') > bound.maxBytes)
      return { path: [field], message: fieldTooLongMessage(bound, 'bytes') };
  }
  return null;
}
