/**
 * One route, one small declaration: what it reads and answers. operationOf() adds what every route of the
 * API shares, from the rules the server applies to all of them: who may call it (the token, the XSRF
 * double-submit on writes), the bounds of its body (ROUTE_BOUNDS), the caching of its answers, and the
 * refusals any route can give (a malformed query, another host, a busy or failing server).
 */
import { CACHE_TAGS, PRIVATE_NO_STORE, XSRF_COOKIE, XSRF_HEADER, type ErrorStatus } from '../http';
import { ROUTE_BOUNDS, type RouteBounds } from '../rules/limits';
import { ERROR_BODIES } from './errors';
import { constant, integer, string, type AnySchema, type Schema } from './schema';

export type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * Who may call a route: anyone; anyone, with an answer that differs for a signed-in user's token; a signed-in
 * user; the owner of the account `{id}` names; an administrator (the admin token, /api/admin/*); Telegram.
 */
export type Access = 'public' | 'optional-user' | 'user' | 'owner' | 'admin' | 'telegram';

/** The `{id}` of an owner's route (access 'owner'). */
export const OWNER_ID = { in: 'path' as const, schema: integer({ minimum: 1 }) as AnySchema, description: "The signed-in user's own id." };

export interface Parameter {
  schema: AnySchema;
  description: string;
  required?: boolean;
}

export interface Header {
  schema: AnySchema;
  description: string;
  required?: boolean;
}

/** The answer a route gives when it succeeds. */
export interface Success {
  status: 200 | 201 | 204;
  description: string;
  /** The body (none for a 204): JSON, unless mediaType says otherwise. */
  body?: AnySchema;
  mediaType?: 'application/json' | 'text/event-stream';
  /** Its own headers; a Cache-Control here stands for the one every route's answer carries. */
  headers?: Record<string, Header>;
}

export interface Route {
  method: Method;
  /** '/api/users/{id}/stats' */
  path: string;
  summary: string;
  description?: string;
  access: Access;
  /** The path's parameters (each `{name}` in it), the query's and the request headers it reads. */
  params?: Record<string, Parameter & { in: 'path' | 'query' | 'header' }>;
  /** The JSON body a write reads; its bounds are the route's in ROUTE_BOUNDS. */
  body?: { schema: AnySchema; description: string; required?: boolean };
  success: Success;
  /** The route's own refusals and what each means (added to those every route shares). */
  refusals?: Partial<Record<ErrorStatus, string>>;
  /** A shareable read: the tags its copies carry (a public answer cached by browsers and shared caches, with an ETag). */
  shared?: readonly (typeof CACHE_TAGS)[keyof typeof CACHE_TAGS][];
  /**
   * Answered by the front door itself, before the middleware chain (the live stream): it refuses only what
   * the route says (none of the chain's refusals), and nothing it answers is ever stored (`no-store`).
   */
  frontDoor?: boolean;
}

/** A route as ROUTE_BOUNDS names it: 'POST /api/users/:id/generate-linking-code'. */
const boundsKey = (route: Pick<Route, 'method' | 'path'>) => `${route.method.toUpperCase()} ${route.path.replace(/\{(\w+)\}/g, ':$1')}`;
const boundsOf = (route: Pick<Route, 'method' | 'path'>): RouteBounds | undefined => ROUTE_BOUNDS[boundsKey(route)];

const header = (description: string, schema: AnySchema, required = true): Header => ({ description, schema, required });

/** The headers many answers carry: components.headers, each answer names them by reference. */
export const HEADERS: Record<string, Header> = {
  PrivateCacheControl: header('Never stored by a shared cache or a browser.', constant(PRIVATE_NO_STORE) as AnySchema),
  SharedCacheControl: header(
    "Without an Authorization header: shareable (`public, max-age=…, s-maxage=…, stale-while-revalidate=…, stale-if-error=…`, from the server's settings); with one: `private, no-store`.",
    string({ pattern: new RegExp(`^(public, max-age=\\d+(, [a-z-]+=\\d+)*|${PRIVATE_NO_STORE})$`) }),
  ),
  NoStore: header('Never stored.', string({ pattern: /^(private, )?no-store$/ })),
  ETag: header(
    'A weak validator of the shared copy: send it back in If-None-Match and an unchanged answer is a 304.',
    string({ pattern: /^W\/"[^"]+"$/ }),
    false,
  ),
  RetryAfter: header('Whole seconds to wait before asking again.', string({ pattern: /^[1-9]\d*$/ })),
  Location: header("The same address on the site's own host (PUBLIC_URL).", string({ pattern: /^https?:\/\// })),
};
const headerRef = (name: keyof typeof HEADERS & string) => ({ $ref: `#/components/headers/${name}` });

const tagHeaders = (tags: readonly string[]): Record<string, Header> => ({
  'Surrogate-Key': header(
    'The tags a purge of the caches in front names (space-separated), on the shared copy.',
    constant(tags.join(' ')) as Schema<string>,
    false,
  ),
  'Cache-Tag': header('The same tags, comma-separated (for caches that read this header).', constant(tags.join(',')) as Schema<string>, false),
});

const json = (schema: AnySchema) => ({ 'application/json': { schema } });
const errorRef = (status: ErrorStatus) => ERROR_BODIES.get(status)!.ref;

/** The refusals every route may give, and what they mean there. */
function sharedRefusals(route: Route): Partial<Record<ErrorStatus, string>> {
  if (route.frontDoor) return {};
  const writes = route.method !== 'get';
  const refusals: Partial<Record<ErrorStatus, string>> = {
    400: 'A value the route refuses (a malformed parameter or field; a NUL, lone surrogate or control character anywhere in the query or body), each named in `details.errors`.',
  };
  if (route.access === 'user' || route.access === 'owner' || route.access === 'admin')
    refusals[401] = 'No valid token: missing, expired, revoked by a sign-out or a new password, or its user is blocked.';
  if (route.access === 'owner') refusals[403] = "`{id}` is not the signed-in user's own id.";
  if (writes && route.access !== 'telegram') {
    const xsrf = `Missing or wrong XSRF token: the ${XSRF_HEADER} header must echo the ${XSRF_COOKIE} cookie.`;
    refusals[403] = refusals[403] ? `${refusals[403]} Or: ${xsrf}` : xsrf;
  }
  if (boundsOf(route)) {
    refusals[411] = 'The body was sent without a Content-Length (chunked).';
    refusals[413] = `The body is over the route's limit of ${boundsOf(route)!.bodyBytes} bytes.`;
    refusals[415] = 'The body is compressed (Content-Encoding).';
  }
  if (writes) refusals[421] = "The request names another host than the site's own (PUBLIC_URL).";
  refusals[500] = 'An unexpected failure: logged for the operator; the answer says nothing more.';
  refusals[503] = 'The server is busy (too many requests waiting) or its database cannot be reached: come back after Retry-After.';
  return refusals;
}

const XSRF_SCHEMES = { xsrfCookie: [], xsrfHeader: [] };

function securityOf(route: Route): Record<string, string[]>[] {
  const xsrf = route.method === 'get' ? {} : XSRF_SCHEMES;
  switch (route.access) {
    case 'public':
      return [xsrf];
    case 'optional-user':
      return [xsrf, { userToken: [], ...xsrf }];
    case 'user':
    case 'owner':
      return [{ userToken: [], ...xsrf }];
    case 'admin':
      return [{ adminToken: [], ...xsrf }];
    case 'telegram':
      return [{ telegramSecret: [] }];
  }
}

const operationId = (route: Route) =>
  route.method +
  route.path
    .replace(/^\/api\//, '/')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith('{') ? `By${part.slice(1, 2).toUpperCase()}${part.slice(2, -1)}` : part[0]!.toUpperCase() + part.slice(1)))
    .join('');

function successOf(route: Route) {
  const { success, shared } = route;
  const headers: Record<string, unknown> = { 'Cache-Control': headerRef(shared ? 'SharedCacheControl' : 'PrivateCacheControl'), ...success.headers };
  if (shared) Object.assign(headers, { ETag: headerRef('ETag'), ...tagHeaders(shared) });
  const content = success.body && { [success.mediaType ?? 'application/json']: { schema: success.body } };
  return { description: success.description, headers, ...(content ? { content } : {}) };
}

/** The route's refusals: its own meaning of a status first, then what every route means by it. */
function refusalsOf(route: Route): Partial<Record<ErrorStatus, string>> {
  const refusals = sharedRefusals(route);
  for (const [status, own] of Object.entries(route.refusals ?? {}) as [`${ErrorStatus}`, string][]) {
    const shared = refusals[Number(status) as ErrorStatus];
    refusals[Number(status) as ErrorStatus] = shared ? `${own} Or: ${shared[0]!.toLowerCase()}${shared.slice(1)}` : own;
  }
  return refusals;
}

/** The OpenAPI operation of a route. */
export function operationOf(route: Route, tag: string) {
  const refusals = refusalsOf(route);
  const responses: Record<string, unknown> = { [route.success.status]: successOf(route) };
  if (route.shared) {
    responses[304] = {
      description: 'Not Modified: the client holds the current copy (If-None-Match).',
      headers: { 'Cache-Control': headerRef('SharedCacheControl'), ETag: { ...HEADERS.ETag, required: true }, ...tagHeaders(route.shared) },
    };
  }
  if (route.method === 'get') {
    responses[308] = {
      description: "The request named another host than the site's own (PUBLIC_URL): the same address there.",
      headers: { Location: headerRef('Location') },
    };
  }
  for (const status of (Object.keys(refusals).map(Number) as ErrorStatus[]).sort((a, b) => a - b)) {
    const headers: Record<string, unknown> = {};
    // Refusals are never stored (the front door's, a busy server's among them: no-store); a request the canonical host refuses (421) never reached the cache rules.
    if (status === 503 || route.frontDoor) headers['Cache-Control'] = headerRef('NoStore');
    else if (status !== 421) headers['Cache-Control'] = headerRef('PrivateCacheControl');
    if (status === 429 || status === 503) headers['Retry-After'] = headerRef('RetryAfter');
    responses[status] = { description: refusals[status], headers, content: json(errorRef(status)) };
  }

  const parameters = Object.entries(route.params ?? {}).map(([name, param]) => ({
    name,
    in: param.in,
    required: param.in === 'path' ? true : (param.required ?? false),
    description: param.description,
    schema: param.schema,
  }));
  const bounds = boundsOf(route);
  const requestBody = route.body && {
    required: route.body.required ?? true,
    description: bounds ? `${route.body.description} At most ${bounds.bodyBytes} bytes, with a Content-Length, not compressed.` : route.body.description,
    content: json(route.body.schema),
  };
  return {
    tags: [tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    operationId: operationId(route),
    security: securityOf(route),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** The statuses whose error bodies a set of operations uses. */
export const refusalStatuses = (routes: readonly Route[]): ErrorStatus[] =>
  [...new Set(routes.flatMap((route) => Object.keys(refusalsOf(route)).map(Number) as ErrorStatus[]))].sort((a, b) => a - b);
