/**
 * The OpenAPI 3.1 description of the site's REST API (everything under /api/), built from the contract: the
 * bounds, patterns, enums and wire types the server itself checks and answers, so it cannot drift from
 * them. The server serves it at GET /api/openapi.json; the API tests check every answer against it.
 * One builder per area declares its routes (operations.ts adds what they all share) and its schemas.
 */
import { XSRF_COOKIE, XSRF_HEADER, type ErrorStatus } from '../http';
import { ACCOUNT_ROUTES, ACCOUNT_SCHEMAS } from './accounts';
import { ADMIN_ROUTES, ADMIN_SCHEMAS } from './admin';
import { BOARD_ROUTES, BOARD_SCHEMAS } from './boards';
import { CONTENT_ROUTES, CONTENT_SCHEMAS } from './content';
import { ERROR_BODIES, FieldErrorSchema } from './errors';
import { GAME_ROUTES, GAME_SCHEMAS } from './game';
import { LIVE_ROUTES, LIVE_SCHEMAS } from './live';
import { HEADERS, operationOf, refusalStatuses, type Route } from './operations';
import type { AnySchema } from './schema';
import { SEARCH_ROUTES, SEARCH_SCHEMAS } from './search';
import { SITE_ROUTES, SITE_SCHEMAS } from './site';
import { WALLET_ROUTES, WALLET_SCHEMAS } from './wallet';

export type { Route } from './operations';

interface Area {
  tag: { name: string; description: string };
  routes: Route[];
  schemas: { name: string; schema: AnySchema }[];
}

const area = (name: string, description: string, routes: Route[], schemas: Area['schemas']): Area => ({ tag: { name, description }, routes, schemas });

const AREAS: Area[] = [
  area(
    'Accounts',
    'Sign-up, sign-in and -out, and what a signed-in user owns: the profile, password, data, figures, history, chat link and its notices.',
    ACCOUNT_ROUTES,
    ACCOUNT_SCHEMAS,
  ),
  area('Administrators', "The site administrators' sign-in (the admin token goes on /api/admin/* calls).", ADMIN_ROUTES, ADMIN_SCHEMAS),
  area('Content', 'The blog, the news and the contact form.', CONTENT_ROUTES, CONTENT_SCHEMAS),
  area('Game', 'Run tickets, scores, and guest runs moving to an account.', GAME_ROUTES, GAME_SCHEMAS),
  area('Live', 'The live stream of what changed on the boards, the news and the blog (Server-Sent Events).', LIVE_ROUTES, LIVE_SCHEMAS),
  area('Players', "The leaderboard, weekly seasons and run pages, with each player's wallet badges.", BOARD_ROUTES, BOARD_SCHEMAS),
  area('Search', 'One search over published posts, active news and the players on the board.', SEARCH_ROUTES, SEARCH_SCHEMAS),
  area('Site', 'The XSRF cookie, this description and the Telegram webhook.', SITE_ROUTES, SITE_SCHEMAS),
  area('Wallet', "An XRPL wallet linked to the account by its signature: the badges beside the player's name.", WALLET_ROUTES, WALLET_SCHEMAS),
];

const DESCRIPTION = [
  "The REST API of the HAIC community site: what the site's own client calls. Every answer is JSON (the data export is a JSON download), but the live stream's (Server-Sent Events).",
  '',
  '**Auth.** Signing in (POST /api/auth/login, or /api/auth/register) answers a users-permissions JWT: send it as `Authorization: Bearer <token>`. ' +
    "An administrator's token (POST /api/admin/login) goes on /api/admin/* calls. Signing out or a new password ends every earlier token.",
  '',
  `**XSRF.** Every write under /api/ (POST, PUT, DELETE) carries the double-submit: the ${XSRF_COOKIE} cookie, from GET /api/xsrf, echoed in the ${XSRF_HEADER} header. ` +
    'Without it the answer is 403. (The Telegram webhook is the exception: it proves itself with its secret header.)',
  '',
  '**Caching.** Personal answers, writes and refusals are `Cache-Control: private, no-store` (the live stream and its refusals: `no-store`). Public reads asked for without an Authorization header ' +
    '(the blog, the news, the boards, a run, this description) are shareable: `public` with max-age and s-maxage, an ETag (send it back in If-None-Match ' +
    'and an unchanged answer is a 304), and the tags a purge of the caches in front names (Surrogate-Key, Cache-Tag).',
  '',
  '**Errors.** Every refusal is `{ data: null, error: { status, name, message, details } }`; a refused field is named in `details.errors[].path` ' +
    'with its message. Bounds are checked first: each write route reads a body of at most its size and each field up to its length. ' +
    "429 and 503 carry Retry-After. A request naming another host than the site's (PUBLIC_URL) is redirected there (GET, 308) or refused (421).",
].join('\n');

let built: Record<string, unknown> | null = null;

/** The OpenAPI 3.1 document (built once; treat it as read-only). */
export function openApiDocument(): Record<string, unknown> {
  if (built) return built;
  const routes = AREAS.flatMap((a) => a.routes.map((route) => ({ route, tag: a.tag.name })));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { route, tag } of [...routes].sort((a, b) => a.route.path.localeCompare(b.route.path))) {
    (paths[route.path] ??= {})[route.method] = operationOf(route, tag);
  }
  const schemas: Record<string, unknown> = { [FieldErrorSchema.name]: FieldErrorSchema.schema };
  for (const status of refusalStatuses(routes.map((r) => r.route))) {
    const body = ERROR_BODIES.get(status as ErrorStatus)!;
    schemas[body.name] = body.schema;
  }
  for (const schema of AREAS.flatMap((a) => a.schemas)) {
    if (schemas[schema.name]) throw new Error(`Two schemas are named ${schema.name}`);
    schemas[schema.name] = schema.schema;
  }
  built = {
    openapi: '3.1.0',
    info: {
      title: 'HAIC community site API',
      version: '1.0.0',
      description: DESCRIPTION,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'The site itself: the API is served on the same origin as the pages.' }],
    tags: AREAS.map((a) => a.tag),
    paths,
    components: {
      schemas,
      headers: HEADERS,
      securitySchemes: {
        userToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: "A signed-in user's token (POST /api/auth/login or /api/auth/register).",
        },
        adminToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: "An administrator's token (POST /api/admin/login), sent on /api/admin/* calls.",
        },
        xsrfCookie: { type: 'apiKey', in: 'cookie', name: XSRF_COOKIE, description: 'Set by GET /api/xsrf.' },
        xsrfHeader: { type: 'apiKey', in: 'header', name: XSRF_HEADER, description: `The ${XSRF_COOKIE} cookie's value, echoed on every write.` },
        telegramSecret: { type: 'apiKey', in: 'header', name: 'X-Telegram-Bot-Api-Secret-Token', description: 'The secret the webhook was registered with.' },
      },
    },
  };
  return built;
}
