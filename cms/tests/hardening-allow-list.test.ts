/**
 * Hardening, the allow-list: only the routes and GraphQL operations the site and the panel use answer.
 * Read as a list of attacks: each stock Strapi route an attacker would try must not answer 200.
 *
 * ADDING A ROUTE? It is a decision: add it to SITE_ROUTES (or PANEL_PUBLIC_ROUTES / GRAPHQL_QUERIES
 * in src/utils/allow-list.ts) in the same commit, with the test that covers it.
 */
import request from 'supertest';
import { ROUTE_BOUNDS } from '@haic/contract';
import { GRAPHQL_QUERIES } from '../src/utils/allow-list';
import { withTestApp } from './helpers/strapi';

/** Every route outside the panel's own API that answers, as "METHODS path". */
const SITE_ROUTES = [
  // The site's REST API
  'POST /api/admin/login',
  'POST /api/auth/login',
  'POST /api/auth/register',
  'GET /api/blog',
  'POST /api/contact',
  'POST /api/game/nursehelpme/score',
  'GET /api/news/aggregate',
  'GET /api/users/profile',
  'PUT /api/users/profile',
  'GET /api/users/:id/stats',
  'GET /api/users/:id/game-history',
  'GET /api/users/:id/telegram-link',
  'POST /api/users/:id/generate-linking-code',
  'POST /api/users/:id/unlink-telegram',
  // The XRPL wallet link: owner only; a challenge, the signed link, its visibility, unlinking
  // (refusals by field, 409, the badges, export and deletion: wallet.test.ts; the holder check: wallet-holders.test.ts).
  'POST /api/users/:id/wallet/challenge',
  'GET /api/users/:id/wallet',
  'POST /api/users/:id/wallet',
  'PUT /api/users/:id/wallet',
  'DELETE /api/users/:id/wallet',
  // The switch of the bot's notices on /profile (owner only, XSRF; telegram-notices.test.ts).
  'PUT /api/users/:id/telegram-notices',
  // The owner's account: a new password, a copy of their data, leaving (XSRF 403, no token 401,
  // 10,000-character passwords 400 naming the field, limits, the cascade: account-lifecycle.test.ts).
  'PUT /api/users/password',
  'GET /api/users/export',
  'POST /api/users/delete-account',
  // Server-side sign-out (hardening): revokes the caller's tokens.
  'POST /api/auth/logout',
  'POST /api/admin/logout',
  // An editor's signed preview link reads one draft (token rules in editors.test.ts).
  'GET /api/blog/preview',
  // Scores: guest runs move to the signed-in account; the public leaderboard of verified runs.
  'POST /api/game/nursehelpme/guest-runs',
  'GET /api/leaderboard',
  // The players' pages: one run (its page and replay), a weekly season's standings (runs.test.ts).
  'GET /api/runs/:id',
  'GET /api/leaderboard/seasons/:season',
  // Run tickets: a game asks for one at start; only runs played on one rank (malformed input: 400 naming
  // the field, floods: 429; see run-tickets.test.ts).
  'POST /api/game/nursehelpme/ticket',
  // Site search over posts, news and players (a public read; any text is a query, bounds named: search.test.ts).
  'GET /api/search',
  // The XSRF cookie for a client about to write (pages and reads set none): 204 + Set-Cookie, no-store.
  'GET /api/xsrf',
  // The Telegram bot's webhook (secret header).
  'POST /api/telegram/webhook',
  // The API's OpenAPI description: public, shareable (openapi.test.ts).
  'GET /api/openapi.json',
  // GraphQL (published reads only, see GRAPHQL_QUERIES), the site's files and pages, the panel's files, uploads, health.
  '* /graphql',
  '* /_health',
  'GET /',
  'GET /((?!uploads/).+)',
  'GET /cms/:path*',
  'GET /uploads/(.*)',
];

/** The panel's API (admin routes) answers only with a panel session, except these (sign-in and first-run screens). */
const PANEL_PUBLIC_ROUTES = [
  // Relative to /admin. register-admin answers only on a database without panel accounts (see hardening-panel).
  'GET /init',
  'GET /project-type',
  'GET /registration-info',
  'POST /login',
  'POST /access-token',
  'POST /register-admin',
  'POST /register',
  'POST /forgot-password',
  'POST /reset-password',
  // Relative to /content-manager: the preview helper script.
  'GET /preview/script',
];

/** Namespaces of the panel's API (admin-type routes, each behind the panel's own sign-in). */
const PANEL_PREFIXES = [
  '/admin',
  '/content-manager',
  '/content-type-builder',
  '/upload',
  '/i18n',
  '/users-permissions',
  '/email',
  '/review-workflows',
  '/content-releases',
];

const app = withTestApp({}, { xsrf: true });

const ALL_METHODS = 25;
const describeLayer = (layer: { methods: string[]; path: string }) => {
  const methods = layer.methods.filter((m) => m !== 'HEAD');
  return `${methods.length > ALL_METHODS ? '*' : methods.join(',')} ${layer.path}`;
};

describe('REST: the routes that answer', () => {
  it('are exactly the allow-list (a new route must be added above, on purpose)', () => {
    const answering = (app.strapi.server as any)
      .listRoutes()
      .filter((layer: any) => layer.methods.length > 0)
      .filter((layer: any) => !PANEL_PREFIXES.some((prefix) => layer.path === prefix || layer.path.startsWith(`${prefix}/`)))
      .map(describeLayer);
    expect([...new Set(answering)].sort()).toEqual([...SITE_ROUTES].sort());
  });

  it('every public write route has its own body and field bounds (ROUTE_BOUNDS in the contract)', () => {
    const writes = SITE_ROUTES.filter((route) => /^(POST|PUT|PATCH|DELETE) \/api\//.test(route));
    expect(writes.filter((route) => !ROUTE_BOUNDS[route])).toEqual([]);
    expect(ROUTE_BOUNDS['POST /graphql']).toBeDefined();
  });

  it('the run ticket route refuses malformed input with a 400 naming the field', async () => {
    const response = await app.http.post('/api/game/nursehelpme/ticket', { XRPLWallet: 'not-a-wallet' });
    expect(response.status).toBe(400);
    expect(response.body.error.details.errors[0].path).toEqual(['XRPLWallet']);
    expect((await app.http.post('/api/game/nursehelpme/ticket', {})).status).toBe(200);
  });

  it("the panel's public routes are only its sign-in and first-run screens", () => {
    const routers = [...Object.values<any>((app.strapi as any).admin.routes ?? {})];
    for (const plugin of Object.values<any>(app.strapi.plugins))
      if (plugin.routes && !Array.isArray(plugin.routes)) routers.push(...Object.values<any>(plugin.routes));
    const open = routers
      .filter((router) => router?.type === 'admin' && Array.isArray(router.routes))
      .flatMap((router) => router.routes)
      .filter((route: any) => route.config?.auth === false)
      .map((route: any) => `${route.method} ${route.path}`);
    expect([...new Set(open)].sort()).toEqual([...PANEL_PUBLIC_ROUTES].sort());
  });
});

/**
 * Documents the site middleware generates (not router layers, so not in SITE_ROUTES): exactly these.
 * The middleware serves them before any file or page (sitemap, robots, RSS).
 */
const SITE_DOCUMENTS = ['/sitemap.xml', '/sitemap-pages.xml', '/robots.txt', '/blog/rss.xml'];

describe('the site middleware: generated documents', () => {
  it.each(SITE_DOCUMENTS)('%s answers', async (path) => {
    const response = await app.http.get(path);
    expect(response.status).toBe(200);
  });

  it.each([
    '/sitemap_index.xml',
    '/sitemap-posts-0.xml',
    '/sitemap-posts-01.xml',
    '/sitemap-posts-x.xml',
    '/sitemap-posts-9999999.xml',
    '/sitemap-posts-999999.xml',
    '/rss.xml',
    '/feed.xml',
    '/blog/feed',
    '/blog/atom.xml',
    '/news/rss.xml',
  ])('%s does not (only the listed documents are generated)', async (path) => {
    const response = await app.http.get(path);
    expect(response.status).toBe(404);
  });
});

/**
 * Operator endpoints the outermost middleware answers (not router layers either): /_ready for load
 * balancers, /metrics only with METRICS_TOKEN set (none is set here, so it is not found, whatever is sent).
 */
describe('the operator endpoints', () => {
  it('/_ready answers', async () => {
    expect((await app.http.get('/_ready')).status).toBe(200);
  });

  it.each([undefined, 'Bearer ', 'Bearer anything', 'Bearer undefined'])(
    '/metrics is not found without METRICS_TOKEN (Authorization %j)',
    async (authorization) => {
      const req = app.http.agent.get('/metrics');
      const response = await (authorization === undefined ? req : req.set('Authorization', authorization));
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('http_requests_total');
    },
  );
});

/**
 * What the front door answers itself (not a router layer either): the live stream of public events, GET only
 * (live.test.ts covers what it sends and its limits).
 */
describe('the front door: the live stream', () => {
  it('GET /api/live answers a stream; other methods are not allowed', async () => {
    const response = await app.http.agent.head('/api/live');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect((await app.http.post('/api/live', {})).status).toBe(405);
    expect((await app.http.put('/api/live', {})).status).toBe(405);
  });
});

describe("REST: the site's own panel routes", () => {
  // Our additions to the panel's API (admin-type routes, behind the panel's sign-in and a permission).
  const SITE_PANEL_ROUTES = ['POST /news-feeds/fetch-now'];

  it('are exactly these, none public, each behind a panel permission', () => {
    const ours = Object.entries<any>((app.strapi as any).admin.routes ?? {})
      .filter(([name]) => name.startsWith('haic-'))
      .flatMap(([, router]) => router.routes);
    expect(ours.map((route: any) => `${route.method} ${route.path}`).sort()).toEqual(SITE_PANEL_ROUTES);
    for (const route of ours) {
      expect(route.config?.auth).not.toBe(false);
      expect(route.config?.policies).toEqual(
        expect.arrayContaining(['admin::isAuthenticatedAdmin', expect.objectContaining({ name: 'admin::hasPermissions' })]),
      );
    }
  });
});

describe("REST: Strapi's stock routes do not answer", () => {
  const STOCK: [string, string, object?][] = [
    ['post', '/api/auth/local', { identifier: 'someone', password: 'Whatever1!' }],
    ['post', '/api/auth/local/register', { username: 'someone', email: 'someone@example.com', password: 'aaaaaa' }],
    ['post', '/api/auth/forgot-password', { email: 'someone@example.com' }],
    ['post', '/api/auth/reset-password', { code: 'x', password: 'aaaaaa', passwordConfirmation: 'aaaaaa' }],
    ['post', '/api/auth/send-email-confirmation', { email: 'someone@example.com' }],
    ['get', '/api/auth/email-confirmation?confirmation=x'],
    ['post', '/api/auth/change-password', { currentPassword: 'x', password: 'aaaaaa', passwordConfirmation: 'aaaaaa' }],
    ['post', '/api/auth/refresh', {}],
    ['get', '/api/auth/sessions'],
    ['get', '/api/connect/github'],
    ['get', '/api/auth/github/callback'],
    ['get', '/api/users'],
    ['get', '/api/users/me'],
    ['get', '/api/users/count'],
    ['get', '/api/users/1'],
    ['post', '/api/users', { username: 'x', email: 'x@example.com', password: 'aaaaaa' }],
    ['put', '/api/users/1', { username: 'x' }],
    ['get', '/api/users-permissions/roles'],
    ['get', '/api/users-permissions/permissions'],
    ['get', '/api/blog-posts'],
    ['get', '/api/blog-posts?status=draft'],
    ['post', '/api/blog-posts', { data: { title: 'x' } }],
    ['get', '/api/news-items'],
    ['get', '/api/game-scores'],
    ['get', '/api/linking-codes'],
    ['get', '/api/contact-messages'],
    ['get', '/api/upload/files'],
    ['post', '/api/upload', {}],
    ['get', '/api/i18n/locales'],
    ['post', '/api/email', { to: 'a@example.com', subject: 'x', text: 'x' }],
    ['get', '/api/content-type-builder/content-types'],
  ];

  // Every row gets its body slot (null for reads): jest hands a shorter row a done callback instead.
  it.each(STOCK.map(([method, url, body]) => [method, url, body ?? null] as const))('%s %s: 404 or 405, never 200', async (method, url, body) => {
    const response = method === 'get' ? await app.http.get(url) : await (app.http as any)[method](url, body);
    expect([404, 405]).toContain(response.status);
    expect(response.body?.data ?? null).toBeNull();
  });
});

describe('GraphQL: published reads of the allow-list only', () => {
  const graphql = (query: string, variables?: object) =>
    request(app.strapi.server.httpServer).post('/graphql').set('Content-Type', 'application/json').send({ query, variables });

  beforeAll(async () => {
    await app.strapi.documents('api::blog-post.blog-post').create({
      data: { title: 'Published post', slug: 'published-post', summary: 'Out', authorName: 'A', publishedDate: '2026-01-02' } as any,
      status: 'published',
    });
    await app.strapi.documents('api::blog-post.blog-post').create({
      data: { title: 'Hidden draft', slug: 'hidden-draft', summary: 'Not yet', authorName: 'A', publishedDate: '2026-01-03' } as any,
    });
  });

  it('the schema has only the allow-listed queries and no mutation', () => {
    const schema = app.strapi.plugin('graphql').service('content-api').buildSchema();
    expect(Object.keys(schema.getQueryType()!.getFields()).sort()).toEqual([...GRAPHQL_QUERIES].sort());
    expect(schema.getMutationType()).toBeFalsy();
    // Nothing else is reachable: no user, role, score or linking-code type, not even through a media file's `related`.
    for (const type of ['UsersPermissionsUser', 'UsersPermissionsRole', 'GameScore', 'LinkingCode', 'NewsFeed', 'GenericMorph'])
      expect(schema.getType(type)).toBeUndefined();
  });

  it('answers the reads the site makes', async () => {
    const response = await graphql(
      'query($page:Int!,$pageSize:Int!){ blogPosts(sort:["publishedDate:desc"], pagination:{page:$page,pageSize:$pageSize}) { documentId title slug summary authorName publishedDate featuredImage { url alternativeText } } }',
      { page: 1, pageSize: 10 },
    );
    expect(response.status).toBe(200);
    expect(response.body.data.blogPosts.map((p: any) => p.title)).toEqual(['Published post']);
  });

  it.each([
    ['a draft through status: DRAFT', '{ blogPosts(status: DRAFT) { title } }'],
    ['a draft through publicationFilter', '{ blogPosts(publicationFilter: NEVER_PUBLISHED) { title } }'],
    ['the login mutation', 'mutation { login(input: { identifier: "x", password: "y" }) { jwt } }'],
    ['the register mutation', 'mutation { register(input: { username: "x", email: "x@example.com", password: "aaaaaa" }) { jwt } }'],
    ['forgotPassword', 'mutation { forgotPassword(email: "x@example.com") { ok } }'],
    ['changePassword', 'mutation { changePassword(currentPassword: "a", password: "aaaaaa", passwordConfirmation: "aaaaaa") { jwt } }'],
    ['createBlogPost', 'mutation { createBlogPost(data: { title: "x" }) { documentId } }'],
    ['the me query', '{ me { id username } }'],
    ['the users list', '{ usersPermissionsUsers { username email } }'],
    ['one blog post by documentId', '{ blogPost(documentId: "x") { title } }'],
    ['news items', '{ newsItems { title } }'],
    ['game scores', '{ gameScores { score } }'],
    ['linking codes', '{ linkingCodes { code } }'],
    ['upload files', '{ uploadFiles { url } }'],
  ])('refuses %s', async (_name, query) => {
    const response = await graphql(query);
    expect(response.body.errors?.length).toBeGreaterThan(0);
    expect(JSON.stringify(response.body)).not.toContain('Hidden draft');
    expect(response.body.data ?? null).toBeNull();
  });

  it('refuses NUL, lone surrogates and control characters in arguments and variables with a 400', async () => {
    for (const bad of ['a\u0000b', 'a\ud800b', 'a\u001bb']) {
      const literal = await graphql(`{ blogPosts(filters: { slug: { eq: ${JSON.stringify(bad)} } }) { title } }`);
      expect(literal.status).toBe(400);
      const variable = await graphql('query($slug: String!) { blogPosts(filters: { slug: { eq: $slug } }) { title } }', { slug: bad });
      expect(variable.status).toBe(400);
      expect(variable.body.errors[0].message).toMatch(/variables\.slug/);
    }
  });

  it('gives no field suggestions ("Did you mean")', async () => {
    const response = await graphql('{ blogPost { title } }');
    expect(response.body.errors[0].message).not.toMatch(/Did you mean/);
  });

  it('refuses an alias flood (2,000 aliases) in under 100 ms, and a fragment flood', async () => {
    const flood = `{ ${Array.from({ length: 2000 }, (_, i) => `a${i}: blogPosts { title }`).join(' ')} }`;
    // The cost that matters is the event loop's: CPU time this process (server and client) spends on the
    // request, which a shared machine's load does not inflate the way wall time is (the unguarded
    // flood used to block the loop for about 5 s). Best of three; wall time is printed for the record.
    const cpu: number[] = [];
    const wall: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const cpuBefore = process.cpuUsage();
      const started = process.hrtime.bigint();
      const response = await graphql(flood);
      wall.push(Number(process.hrtime.bigint() - started) / 1e6);
      const used = process.cpuUsage(cpuBefore);
      cpu.push((used.user + used.system) / 1000);
      expect(response.status).toBe(400);
      expect(response.body.errors[0].message).toMatch(/tokens|too many fields/);
    }
    console.log(`alias flood (2,000 aliases): CPU ${cpu.map((t) => t.toFixed(1)).join(', ')} ms; wall ${wall.map((t) => t.toFixed(1)).join(', ')} ms`);
    expect(Math.min(...cpu)).toBeLessThan(100);

    const fields = Array.from({ length: 60 }, (_, i) => `t${i}: title`).join(' ');
    const spread = `query { blogPosts { ...F ...G } } fragment F on BlogPost { ${fields} } fragment G on BlogPost { ${fields.replace(/t(\d+):/g, 'u$1:')} }`;
    const fragmented = await graphql(spread);
    expect(fragmented.status).toBe(400);
    expect(fragmented.body.errors[0].message).toMatch(/too many fields/);
  });
});
