/**
 * The site's pages, rendered on the server with the content they show. A page that is the same for everyone
 * is rendered once per content version into the edge's response cache (edge/response-cache.ts), which keeps
 * it with its brotli and gzip copies, and is sent from there (by the edge itself, once the chain has sent it).
 * Cheap before expensive: a cached page is answered first; an address that names nothing (an unknown
 * path, a post that does not exist) gets its kind's one 404 page, rendered and compressed once, never a
 * render or a cache entry of its own; query parameters the page does not read are not part of its
 * cache key. Only then is a page rendered, and not while the instance is overloaded (utils/load-shed).
 * A draft preview (`?preview=<token>` on a post) is rendered for the one who holds the link, never cached.
 */
import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import type { BlogPostRecord, ContentSource } from '@haic/contract';
import { blogPostService } from '../api/blog-post/services/blog-post';
import type { PreviewService } from '../api/blog-post/services/preview';
import type { NewsItemService } from '../api/news-item/services/news-item';
import type { SearchService } from '../api/search/services/search';
import { LRUCache } from 'lru-cache';
import { gameScores } from '../api/game-score/game-scores';
import { isChainArea } from '../edge/areas';
import { cachePolicy, LIFETIMES } from '../edge/cache-policy';
import type { Copy } from '../edge/copy-store';
import { edgeOf } from '../edge/install';
import { markShared, type Page } from '../edge/response-cache';
import { serviceUnavailable } from '../utils/api-error';
import { contentVersionNow } from '../utils/content-version';
import { shedIfOverloaded } from '../utils/load-shed';
import { holdsCurrentCopy, keptQuery, TAGS } from '../utils/http-cache';
import { siteOrigin } from '../utils/public-url';
import type { SiteBuild } from './renderer';

// The site's pages: own scripts only, no inline script (page data travels as a JSON block),
// framed price chart only. Images may come from news sources' own hosts.
const SITE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  'frame-src https://dexscreener.com',
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** Site paths the edge remembers as pages (the rest are read again), and the longest it remembers. */
const MEMO_ENTRIES = 5000;
const MEMO_MAX_PATH = 512;

/** The path without the slashes it ends with (a loop, not a pattern: a path of many slashes costs no backtracking). */
function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 47) end -= 1;
  return path.slice(0, end);
}

/**
 * What a page shows, as cache tags (utils/http-cache): every page the site's shell; the blog list and
 * posts the blog (a post also its own tag), the news page the news, a run's page the runs, the search page the
 * blog, the news and the board. A change to what a tag names purges the pages that carry it.
 */
export function pageTags(url: string): string[] {
  const path = withoutTrailingSlashes(url.split('?')[0].toLowerCase());
  const tags: string[] = [TAGS.site];
  if (path === '/blog' || path.startsWith('/blog/')) tags.push(TAGS.blog);
  const post = /^\/blog\/([^/]+)$/.exec(path);
  if (post && post[1] !== '-') tags.push(TAGS.post(post[1]));
  if (path === '/news') tags.push(TAGS.news);
  if (path.startsWith('/runs/')) tags.push(TAGS.runs);
  if (path === '/search') tags.push(TAGS.blog, TAGS.news, TAGS.board);
  return tags;
}

/** A client that asked for JSON (or another non-HTML type) only, e.g. the panel's fetches. */
export const wantsOnlyData = (accept: string) => !!accept && !accept.includes('text/html') && !accept.includes('*/*');

export function createPageRenderer(strapi: Core.Strapi, site: SiteBuild | null) {
  const blog = () => blogPostService(strapi);
  const { cache } = edgeOf(strapi);

  /**
   * `?preview=<token>` on a post: the editors' preview service (api::blog-post.preview) names the
   * draft to show. Without the service, or with a bad token, there is no preview (a draft is 404).
   */
  const previewDocumentId = async (ctx: Context): Promise<string | null> => {
    const token = ctx.query.preview;
    if (typeof token !== 'string' || !token || !/^\/blog\/[^/]+$/.test(ctx.path)) return null;
    const service = strapi.service('api::blog-post.preview') as PreviewService | undefined;
    if (typeof service?.verify !== 'function') return null;
    try {
      return service.verify(token)?.documentId ?? null;
    } catch {
      // A malformed token is no preview, not an error page.
      return null;
    }
  };

  const contentSource = (previewId: string | null): ContentSource => ({
    blogPage: (page, pageSize) => blog().listPublishedPosts(page, pageSize),
    blogPost: (slug): Promise<BlogPostRecord | null> => (previewId ? blog().findDraft(previewId, slug) : blog().findPublishedBySlug(slug)),
    blogPostExists: (slug) => blog().isVisibleSlug(slug),
    news: async () => JSON.parse((await (strapi.service('api::news-item.news-item') as NewsItemService).listActiveJson()).toString('utf8')) as unknown[],
    run: (id) => gameScores(strapi).history.publicRun(id),
    search: (params) => (strapi.service('api::search.search') as unknown as SearchService).search(params),
  });
  const publicContent = contentSource(null);

  /** A page for this browser alone (a preview, the shell when rendering failed): it asks again before reusing it. */
  const sendHtml = (ctx: Context, page: Page) => {
    ctx.status = page.status;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', cachePolicy.revalidate());
    ctx.set('Content-Security-Policy', SITE_CSP);
    ctx.body = page.html;
  };

  /**
   * A page that is the same for everyone, from the response cache: shareable, its tags, a validator (304 when
   * the client holds it), the brotli or gzip copy; once sent, the edge sends it to the next ones.
   */
  const sendShared = (ctx: Context, page: Copy, url: string) => {
    ctx.status = page.status;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', SITE_CSP);
    markShared(ctx, { etag: page.etag, tags: page.tags });
    ctx.lastModified = new Date(page.lastModified!);
    ctx.body = page.identity;
    cache.keep(ctx, url, {
      identity: page.identity,
      br: page.br,
      gzip: page.gzip,
      etag: page.etag,
      lastModified: page.lastModified,
      tags: page.tags,
      route: page.route,
      content: true,
      lifetime: LIFETIMES.content,
      page: true,
    });
    if (page.status === 200 && holdsCurrentCopy(ctx.headers, page.etag, page.lastModified)) {
      ctx.status = 304;
      ctx.body = null;
      return;
    }
    const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
    if (encoding === 'br' || encoding === 'gzip') {
      ctx.set('Content-Encoding', encoding);
      ctx.body = page[encoding];
    }
  };

  // The edge sends kept pages by the same address: the path, the query parameters the page reads, or its kind's
  // 404 page; never a preview, and never a path of the chain's own areas.
  // Site paths that name a page, with the query parameters the page reads, under the content version they were read at.
  const existing = new LRUCache<string, { version: number; params: readonly string[] }>({ max: MEMO_ENTRIES });
  let notFoundUrl: string | null = null;
  cache.name('pages', (path, query, headers) => {
    const renderer = site?.renderer;
    if (!renderer || (query && /(^|&)preview=/.test(query))) return null;
    const named = (missing: string | null, params: readonly string[]) => missing ?? `${path}${keptQuery(query, params)}`;
    // That a site path names a page is known at once while the content is the one it was read under.
    const version = contentVersionNow();
    const known = version === null ? undefined : existing.get(path);
    if (known && known.version === version) return named(null, known.params);
    if (isChainArea(path) || (path !== '/' && path.slice(path.lastIndexOf('/') + 1).includes('.'))) return null;
    if (!renderer.isSiteRoute(path)) {
      if (wantsOnlyData(String(headers.accept ?? ''))) return null;
      // Every path that is no page shares the site's one 404 address.
      return notFoundUrl ?? renderer.missingPageUrl(path, publicContent).then((missing) => (notFoundUrl = missing));
    }
    const params = renderer.pageQuery(path);
    return renderer.missingPageUrl(path, publicContent).then((missing) => {
      // Only pages that exist are remembered: a flood of made-up addresses would only churn the memo.
      if (version !== null && missing === null && path.length <= MEMO_MAX_PATH) existing.set(path, { version, params });
      return named(missing, params);
    });
  });

  return async function renderPage(ctx: Context) {
    if (!site) throw serviceUnavailable('The site has not been built yet. Run "npm run build" or "npm start".', 60);
    const { renderer, template } = site;
    if (!renderer) return sendHtml(ctx, { status: 200, html: template });
    const origin = siteOrigin();
    const render = (url: string, content: ContentSource, preview = false) => {
      shedIfOverloaded('render');
      return renderer.render({ url, origin, template, manifests: renderer.manifests, styles: renderer.styles, content, preview });
    };
    try {
      const previewId = ctx.querystring ? await previewDocumentId(ctx) : null;
      if (previewId) {
        sendHtml(ctx, await render(`${ctx.path}${ctx.search}`, contentSource(previewId), true));
        ctx.set('Cache-Control', cachePolicy.private());
        ctx.set('X-Robots-Tag', 'noindex');
        return;
      }
      // The same for everyone: the path and the query parameters the page reads make its key.
      const url = `${ctx.path}${keptQuery(ctx.querystring, renderer.pageQuery(ctx.path))}`;
      const cached = await cache.page(url);
      if (cached) return sendShared(ctx, cached, url);
      const missing = await renderer.missingPageUrl(ctx.path, publicContent);
      if (missing) return sendShared(ctx, await cache.fillPage(missing, pageTags(missing), () => render(missing, publicContent)), missing);
      sendShared(
        ctx,
        await cache.fillPage(
          url,
          pageTags(url),
          () => render(url, publicContent),
          (rendered) => rendered.status === 200,
        ),
        url,
      );
    } catch (error) {
      if ((error as { status?: number }).status === 503) throw error;
      // The browser can still render the page itself.
      strapi.log.error(`[site] server rendering of ${ctx.path} failed: ${(error as Error).stack ?? error}`);
      sendHtml(ctx, { status: 200, html: template });
    }
  };
}
