/**
 * The site's pages, rendered on the server with the content they show: cached per content version and
 * origin when the page is the same for everyone, sent in the brotli or gzip copy made once for all.
 * A draft preview (`?preview=<token>` on a post) is rendered for the one who holds the link, never cached.
 */
import zlib from 'zlib';
import type { Core } from '@strapi/strapi';
import type { BlogPostRecord, ContentSource } from '@haic/contract';
import { serviceUnavailable } from '../utils/api-error';
import { publicOrigin } from '../utils/public-url';
import { createVersionedCache } from '../utils/versioned-cache';
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

type Page = { status: number; html: string };
/** A cached page, compressed once for all who ask for it. */
type StoredPage = Page & { br: Buffer; gzip: Buffer };

const compressPage = (page: Page): StoredPage => ({
  ...page,
  br: zlib.brotliCompressSync(page.html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: zlib.gzipSync(page.html, { level: 9 }),
});

export function createPageRenderer(strapi: Core.Strapi, site: SiteBuild | null) {
  const blog = () => strapi.service('api::blog-post.blog-post') as any;
  const pages = createVersionedCache<StoredPage>({ name: 'pages', maxEntries: 500, maxAgeMs: 5 * 60_000 });

  /**
   * `?preview=<token>` on a post: the editors' preview service (api::blog-post.preview) names the
   * draft to show. Without the service, or with a bad token, there is no preview (a draft is 404).
   */
  const previewDocumentId = async (ctx: any): Promise<string | null> => {
    const token = ctx.query.preview;
    if (typeof token !== 'string' || !token || !/^\/blog\/[^/]+$/.test(ctx.path)) return null;
    const service = strapi.service('api::blog-post.preview' as any) as { verify?: (t: string) => unknown } | undefined;
    if (typeof service?.verify !== 'function') return null;
    try {
      const verified = (await service.verify(token)) as { documentId?: string } | null;
      return verified?.documentId ?? null;
    } catch {
      // A malformed token is no preview, not an error page.
      return null;
    }
  };

  const contentSource = (previewId: string | null): ContentSource => ({
    blogPage: (page, pageSize) => blog().listPublishedPosts(page, pageSize),
    blogPost: (slug): Promise<BlogPostRecord | null> => (previewId ? blog().findDraft(previewId, slug) : blog().findPublishedBySlug(slug)),
    news: async () => JSON.parse((await strapi.service('api::news-item.news-item').listActiveJson()).toString('utf8')),
    run: (id) => (strapi.service('api::game-score.runs') as any).publicRun(id),
  });

  const sendHtml = (ctx: any, page: Page | StoredPage) => {
    ctx.status = page.status;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Content-Security-Policy', SITE_CSP);
    ctx.body = page.html;
    if ('br' in page) {
      ctx.vary('Accept-Encoding');
      const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
      if (encoding === 'br' || encoding === 'gzip') {
        ctx.set('Content-Encoding', encoding);
        ctx.body = page[encoding];
      }
    }
  };

  return async function renderPage(ctx: any) {
    if (!site) throw serviceUnavailable('The site has not been built yet. Run "npm run build" or "npm start".', 60);
    const { renderer, template } = site;
    if (!renderer) return sendHtml(ctx, { status: 200, html: template });
    const origin = publicOrigin(ctx);
    const previewId = await previewDocumentId(ctx);
    const url = `${ctx.path}${ctx.search}`;
    const render = () => renderer.render({ url, origin, template, manifest: renderer.manifest, styles: renderer.styles, content: contentSource(previewId), preview: !!previewId });
    try {
      // Pages without a query string are the same for everyone: cached until the content changes.
      const cacheable = !ctx.querystring && renderer.isCachedPage(ctx.path);
      const page = cacheable ? await pages.get(`${origin} ${ctx.path}`, async () => compressPage(await render())) : await render();
      sendHtml(ctx, page);
      if (previewId) {
        ctx.set('Cache-Control', 'private, no-store');
        ctx.set('X-Robots-Tag', 'noindex');
      }
    } catch (error) {
      // The browser can still render the page itself.
      strapi.log.error(`[site] server rendering of ${ctx.path} failed: ${(error as Error).stack ?? error}`);
      sendHtml(ctx, { status: 200, html: template });
    }
  };
}
