/**
 * 'global::http-cache': Cache-Control (edge/cache-policy.ts), validators and tags for what the API and the
 * generated documents answer (the site's pages get theirs in site/pages.ts).
 * - The public reads below, asked for without a token and answered 200: shareable, an ETag (304 when the
 *   client holds it), their tags, `Vary: Accept-Encoding` only; the front door keeps them (by the
 *   query parameters they read) for the next ones.
 * - Every other answer of the API, GraphQL and the panel's APIs, and every write: private.
 * Placed inside strapi::compression, so it sees bodies before they are compressed.
 */
import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { isPrivateArea } from '../edge/areas';
import { rememberAnswer, setFrontResolver } from '../utils/front-door';
import { cachePolicy, inMs, isShareable, LIFETIMES } from '../edge/cache-policy';
import { etagOf, holdsCurrentCopy, keptQuery, TAGS, tagHeaders } from '../utils/http-cache';
import { routeOf } from './request-context';

interface PublicRead {
  matches: (path: string) => boolean;
  /** The query parameters the answer depends on (the rest share its copy). */
  params: readonly string[];
  tags: readonly string[];
  /** Not content (the board): kept for ttlMs and until its tag is invalidated, whatever the content version. */
  content: boolean;
  ttlMs: number;
  /** The browsers' max-age when shorter than the policy's. */
  maxAge?: number;
  /** The shared caches' s-maxage for this answer when it is not the policy's. */
  sharedMaxAge?: (body: unknown) => number | undefined;
}

const exactly = (wanted: string) => (path: string) => path === wanted;
const read = (matches: (path: string) => boolean, params: readonly string[], tags: readonly string[], extra: Partial<PublicRead> = {}): PublicRead => ({
  matches,
  params,
  tags,
  content: true,
  ttlMs: inMs(LIFETIMES.content),
  ...extra,
});

/** What anyone may read and a cache may keep. */
const PUBLIC_READS: PublicRead[] = [
  read(exactly('/api/blog'), ['page', 'pageSize'], [TAGS.blog]),
  read(exactly('/api/news/aggregate'), [], [TAGS.news]),
  // The board changes with every ranked run: browsers keep it briefly, a ranked run purges it.
  read(exactly('/api/leaderboard'), ['period', 'limit'], [TAGS.board], { content: false, ttlMs: inMs(LIFETIMES.board), maxAge: LIFETIMES.board }),
  // A run's page data: the same until its account leaves (a content change) or its player's wallet link changes.
  read((path) => /^\/api\/runs\/[^/]+$/.test(path), [], [TAGS.site, TAGS.runs]),
  // A week's standings: the week in play changes with every ranked run; an ended one is kept by shared caches
  // until a purge of the board (an account that leaves).
  read((path) => /^\/api\/leaderboard\/seasons\/[^/]+$/.test(path), ['limit'], [TAGS.board], {
    content: false,
    ttlMs: inMs(LIFETIMES.board),
    maxAge: LIFETIMES.board,
    sharedMaxAge: (body) => ((body as { ended?: unknown } | null)?.ended === true ? LIFETIMES.endedSeason : undefined),
  }),
  // Search finds posts, news and the board's players: a publish, a news fetch or a ranked run purges it.
  read(exactly('/api/search'), ['q', 'type', 'page', 'pageSize'], [TAGS.blog, TAGS.news, TAGS.board]),
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

const httpCache: Core.MiddlewareFactory = () => {
  setFrontResolver('public-reads', (path, query) => {
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
      const sharedMaxAge = rule.sharedMaxAge?.(ctx.body);
      const bytes = bodyBytes(ctx);
      if (bytes) {
        const etag = etagOf(bytes);
        ctx.set('Cache-Control', cachePolicy.shared({ browser: rule.maxAge, cache: sharedMaxAge }));
        ctx.set('ETag', etag);
        ctx.set(tagHeaders(rule.tags));
        // Only the encoding changes the bytes (a cross-origin grant, when configured, adds Origin).
        ctx.set('Vary', ctx.response.get('Access-Control-Allow-Origin') ? 'Accept-Encoding, Origin' : 'Accept-Encoding');
        if (holdsCurrentCopy(ctx.headers, etag)) {
          ctx.status = 304;
          ctx.body = null;
          return;
        }
        rememberAnswer(ctx, { url: `${ctx.path}${keptQuery(ctx.querystring, rule.params)}`, tags: rule.tags, ttlMs: rule.ttlMs, content: rule.content, identity: bytes, etag, route: routeOf(ctx) });
        return;
      }
    }
    if (!reading || isPrivateArea(ctx.path)) ctx.set('Cache-Control', cachePolicy.private());
  };
};

export default httpCache;
