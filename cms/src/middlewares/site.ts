/**
 * Serves the React site (web/dist) from the same origin as the CMS, rendered on the server.
 * - Files are served as they are; the sitemap files, /robots.txt and /blog/rss.xml are generated.
 * - Any GET of a site route is rendered by the site's server renderer, whatever its Accept
 *   header; so is a browser navigation (Accept: text/html) anywhere outside the API, GraphQL,
 *   the panel and uploads, as the site's 404 page. Everything else goes to Strapi first (the
 *   panel's JSON fetches to /admin/*), and only a path nobody answered gets the site's 404 page.
 * - Rendered pages are cached per content version (cms/src/utils/content-version.ts).
 */
import path from 'path';
import zlib from 'zlib';
import serve from 'koa-static';
import type { Core } from '@strapi/strapi';
import type { BlogPostRecord } from '@haic/contract';
import { configuredPublicUrl } from '../utils/public-url';
import {
  robotsTxt,
  ROBOTS_PATH,
  RSS_ITEMS,
  RSS_PATH,
  rssXml,
  SITEMAP_PAGES_PATH,
  SITEMAP_PATH,
  sitemapIndexXml,
  sitemapPagesXml,
  sitemapPostsFile,
  sitemapPostsXml,
  sitemapUrlsPerFile,
} from '../site/feeds';
import { loadSiteBuild, type ContentSource } from '../site/renderer';
import { createVersionedCache } from '../utils/versioned-cache';
import { serviceUnavailable } from '../utils/api-error';

const STRAPI_PREFIXES = ['/api', '/graphql', '/cms', '/uploads', '/_health'];

const isStrapiPath = (p: string) => STRAPI_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));

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

const wantsHtml = (accept: string) => accept.includes('text/html');
/** A client that asked for JSON (or another non-HTML type) only, e.g. the panel's fetches. */
const wantsOnlyData = (accept: string) => !!accept && !accept.includes('text/html') && !accept.includes('*/*');

type Page = { status: number; html: string };
/** A cached page, compressed once for all who ask for it. */
type StoredPage = Page & { br: Buffer; gzip: Buffer };

const compressPage = (page: Page): StoredPage => ({
  ...page,
  br: zlib.brotliCompressSync(page.html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: zlib.gzipSync(page.html, { level: 9 }),
});

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  const distDir = path.resolve(process.env.SITE_DIST_DIR || path.join(strapi.dirs.app.root, '..', 'web', 'dist'));
  const site = loadSiteBuild(strapi, distDir);
  if (!site) strapi.log.warn(`Site build not found at ${distDir}: run "npm run build" to serve the site.`);

  const serveFiles = serve(distDir, {
    index: false,
    defer: false,
    // The build wrote brotli and gzip copies of its text files (web/vite.config.ts): koa-send
    // serves the one the browser accepts, so the answer varies with Accept-Encoding.
    brotli: true,
    gzip: true,
    setHeaders(res, filePath) {
      res.setHeader('Vary', 'Accept-Encoding');
      // Vite puts a content hash in every file name under assets/.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('Cache-Control', 'public, max-age=3600');
      }
    },
  });

  const blog = () => strapi.service('api::blog-post.blog-post') as any;
  const pages = createVersionedCache<StoredPage>({ name: 'pages', maxEntries: 500, maxAgeMs: 5 * 60_000 });
  const documents = createVersionedCache<string>({ name: 'site-documents', maxEntries: 20, maxAgeMs: 5 * 60_000 });

  /** PUBLIC_URL when it is set; else the origin the request came to. */
  const publicOrigin = (ctx: any): string => {
    const configured = configuredPublicUrl();
    return /^https?:\/\//i.test(configured) ? configured : ctx.origin;
  };

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

  const renderPage = async (ctx: any) => {
    if (!site) throw serviceUnavailable('The site has not been built yet. Run "npm run build" or "npm start".', 60);
    const { renderer, template } = site;
    if (!renderer) return sendHtml(ctx, { status: 200, html: template });
    const origin = publicOrigin(ctx);
    const previewId = await previewDocumentId(ctx);
    const url = `${ctx.path}${ctx.search}`;
    const render = () => renderer.render({ url, origin, template, manifest: renderer.manifest, styles: renderer.styles, content: contentSource(previewId), preview: !!previewId });
    try {
      // Pages without a query string are the same for everyone: cached until the content changes.
      const cacheable = !ctx.querystring && renderer.isSiteRoute(ctx.path);
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

  const XML = 'application/xml; charset=utf-8';
  /** A generated document, cached per origin until the content changes; an empty one is not there (404). */
  const sendDocument = async (ctx: any, next: () => Promise<void>, type: string, key: string, make: (origin: string) => Promise<string>) => {
    const origin = publicOrigin(ctx);
    const body = await documents.get(`${key} ${origin}`, () => make(origin));
    if (!body) return next();
    ctx.status = 200;
    ctx.type = type;
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = body;
  };

  return async (ctx: any, next: () => Promise<void>) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isStrapiPath(ctx.path)) return next();

    if (ctx.path === ROBOTS_PATH) return sendDocument(ctx, next, 'text/plain; charset=utf-8', 'robots', async (origin) => robotsTxt(origin));
    if (ctx.path === SITEMAP_PATH) {
      return sendDocument(ctx, next, XML, 'sitemap', async (origin) => sitemapIndexXml(origin, Math.ceil((await blog().countVisible()) / sitemapUrlsPerFile())));
    }
    if (ctx.path === SITEMAP_PAGES_PATH) {
      return sendDocument(ctx, next, XML, 'sitemap-pages', async (origin) =>
        sitemapPagesXml(origin, site?.renderer?.sitemapPaths() ?? ['/'], await blog().newestEdit(), site?.builtAt ?? new Date()),
      );
    }
    const postsFile = sitemapPostsFile(ctx.path);
    if (postsFile !== null) {
      return sendDocument(ctx, next, XML, `sitemap-posts-${postsFile}`, async (origin) => {
        const perFile = sitemapUrlsPerFile();
        const posts = await blog().listSitemapPosts((postsFile - 1) * perFile, perFile);
        return posts.length ? sitemapPostsXml(origin, posts) : '';
      });
    }
    if (ctx.path === RSS_PATH) {
      return sendDocument(ctx, next, 'application/rss+xml; charset=utf-8', 'rss', async (origin) => rssXml(origin, await blog().listFeedEntries(RSS_ITEMS)));
    }

    if (ctx.path !== '/' && path.extname(ctx.path)) return serveFiles(ctx, next);

    const accept = ctx.get('Accept');
    const siteRoute = site?.renderer ? site.renderer.isSiteRoute(ctx.path) : wantsHtml(accept);
    if (siteRoute || wantsHtml(accept)) return renderPage(ctx);

    // Strapi's own paths (the panel's API under /admin/*, its plugins' routes) answer for themselves.
    await next();
    if (ctx.status === 404 && ctx.body == null && !wantsOnlyData(accept)) await renderPage(ctx);
  };
};
