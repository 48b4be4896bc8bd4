/**
 * 'global::http-cache': Cache-Control (edge/cache-policy.ts), validators and tags for what the API and the
 * generated documents answer (the site's pages get theirs in site/pages.ts).
 * - The public reads below, asked for without a token and answered 200: shareable, an ETag (304 when the
 *   client holds it), their tags, `Vary: Accept-Encoding` only; the edge keeps them (by the query parameters
 *   they read) for the next ones (edge/response-cache.ts).
 * - Every other answer of the API, GraphQL and the panel's APIs, and every write: private.
 * Placed inside strapi::compression, so it sees bodies before they are compressed.
 */
import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { OPENAPI_PATH } from '@haic/contract';
import { isPrivateArea } from '../edge/areas';
import { cachePolicy, isShareable, LIFETIMES } from '../edge/cache-policy';
import { edgeOf } from '../edge/install';
import { routeOf } from '../edge/request-log';
import { markShared } from '../edge/response-cache';
import { etagOf, holdsCurrentCopy, keptQuery, TAGS } from '../utils/http-cache';

interface PublicRead {
  matches: (path: string) => boolean;
  /** The query parameters the answer depends on (the rest share its copy). */
  params: readonly string[];
  tags: readonly string[];
  /** Not content (the boards): kept for its lifetime and until its tag is invalidated, whatever the content version. */
  content: boolean;
  /** Seconds this instance keeps it at most. */
  lifetime: number;
  /** The browsers' lifetime when shorter than the deployment's. */
  browser?: number;
  /** The shared caches' lifetime for this answer when it is not the deployment's. */
  cache?: (body: unknown) => number | undefined;
}

const exactly = (wanted: string) => (path: string) => path === wanted;
const read = (matches: (path: string) => boolean, params: readonly string[], tags: readonly string[], extra: Partial<PublicRead> = {}): PublicRead => ({
  matches,
  params,
  tags,
  content: true,
  lifetime: LIFETIMES.content,
  ...extra,
});
/** The boards change with every ranked run: browsers and this instance keep one briefly, a ranked run purges it. */
const BOARD = { content: false, lifetime: LIFETIMES.board, browser: LIFETIMES.board };

/** What anyone may read and a cache may keep. */
const PUBLIC_READS: PublicRead[] = [
  read(exactly('/api/blog'), ['page', 'pageSize'], [TAGS.blog]),
  read(exactly('/api/news/aggregate'), [], [TAGS.news]),
  read(exactly('/api/leaderboard'), ['period', 'limit'], [TAGS.board], BOARD),
  // A run's page data: the same until its account leaves (a content change) or its player's wallet link changes.
  read((path) => /^\/api\/runs\/[^/]+$/.test(path), [], [TAGS.site, TAGS.runs]),
  // A week's standings: the week in play changes with every ranked run; an ended one is kept by shared caches
  // until a purge of the board (an account that leaves).
  read((path) => /^\/api\/leaderboard\/seasons\/[^/]+$/.test(path), ['limit'], [TAGS.board], {
    ...BOARD,
    cache: (body) => ((body as { ended?: unknown } | null)?.ended === true ? LIFETIMES.endedSeason : undefined),
  }),
  // Search finds posts, news and the board's players: a publish, a news fetch or a ranked run purges it.
  read(exactly('/api/search'), ['q', 'type', 'page', 'pageSize'], [TAGS.blog, TAGS.news, TAGS.board]),
  // The API's description changes only with a deploy: kept until then (a deploy's purge names `site`, or `openapi` alone).
  read(exactly(OPENAPI_PATH), [], [TAGS.site, TAGS.openapi], { content: false, lifetime: LIFETIMES.apiDescription }),
  read(exactly('/graphql'), ['query', 'variables', 'operationName', 'extensions'], [TAGS.blog]),
  read(exactly('/blog/rss.xml'), [], [TAGS.blog]),
  read(exactly('/sitemap.xml'), [], [TAGS.blog]),
  read(exactly('/sitemap-pages.xml'), [], [TAGS.site, TAGS.blog]),
  read((path) => /^\/sitemap-posts-\d+\.xml$/.test(path), [], [TAGS.blog]),
  read(exactly('/robots.txt'), [], [TAGS.site]),
];

const publicReadOf = (path: string) => PUBLIC_READS.find((rule) => rule.matches(path)) ?? null;

function bodyBytes(ctx: Context): Buffer | null {
  const { body } = ctx;
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body);
  if (body && typeof body === 'object' && typeof (body as { pipe?: unknown }).pipe !== 'function') {
    const text = JSON.stringify(body);
    ctx.body = text;
    return Buffer.from(text);
  }
  return null;
}

const httpCache: Core.MiddlewareFactory = (_config, { strapi }) => {
  const { cache } = edgeOf(strapi);
  cache.name('public-reads', (path, query) => {
    const rule = publicReadOf(path);
    return rule ? `${path}${keptQuery(query, rule.params)}` : null;
  });

  return async (ctx, next) => {
    const reading = ctx.method === 'GET' || ctx.method === 'HEAD';
    const rule = reading ? publicReadOf(ctx.path) : null;
    // The answer is built from exactly what names its copy: the declared parameters, read once (keptQuery). Left
    // as sent, a parse that drops what comes after its parameter limit (qs keeps 1,000) would build page 1 for a
    // query that the key reads as page 2.
    if (rule) ctx.querystring = keptQuery(ctx.querystring, rule.params).slice(1);
    try {
      await next();
    } catch (error) {
      if (isPrivateArea(ctx.path) || !reading) ctx.set('Cache-Control', cachePolicy.private());
      throw error;
    }
    if (rule && ctx.status === 200 && !ctx.get('Authorization') && isShareable(ctx.response.get('Cache-Control'))) {
      const sharedCaches = rule.cache?.(ctx.body);
      const bytes = bodyBytes(ctx);
      if (bytes) {
        const etag = etagOf(bytes);
        markShared(ctx, { etag, tags: rule.tags, lifetimes: { browser: rule.browser, cache: sharedCaches } });
        if (holdsCurrentCopy(ctx.headers, etag)) {
          ctx.status = 304;
          ctx.body = null;
          return;
        }
        cache.keep(ctx, `${ctx.path}${keptQuery(ctx.querystring, rule.params)}`, {
          identity: bytes,
          etag,
          tags: rule.tags,
          lifetime: rule.lifetime,
          content: rule.content,
          route: routeOf(ctx),
        });
        return;
      }
    }
    if (!reading || isPrivateArea(ctx.path)) ctx.set('Cache-Control', cachePolicy.private());
  };
};

export default httpCache;
