/**
 * Serves the React site (web/dist) from the same origin as the CMS, rendered on the server.
 * - Files are served as they are (site/files); the sitemap files, /robots.txt and /blog/rss.xml are
 *   generated (site/documents).
 * - Any GET of a site route is rendered by the site's server renderer (site/pages), whatever its Accept
 *   header; so is a browser navigation (Accept: text/html) anywhere outside the API, GraphQL,
 *   the panel and uploads, as the site's 404 page. Everything else goes to Strapi first (the
 *   panel's JSON fetches to /admin/*), and only a path nobody answered gets the site's 404 page.
 */
import path from 'path';
import type { Core } from '@strapi/strapi';
import { isStrapiArea } from '../edge/areas';
import { createDocumentServer } from '../site/documents';
import { serveSiteFiles } from '../site/files';
import { createPageRenderer, wantsOnlyData } from '../site/pages';
import { loadSiteBuild } from '../site/renderer';
import { setting } from '../utils/settings';

const wantsHtml = (accept: string) => accept.includes('text/html');

const siteMiddleware: Core.MiddlewareFactory = (_config, { strapi }) => {
  const distDir = path.resolve(setting('SITE_DIST_DIR') || path.join(strapi.dirs.app.root, '..', 'web', 'dist'));
  const site = loadSiteBuild(strapi, distDir);
  if (!site) strapi.log.warn(`Site build not found at ${distDir}: run "npm run build" to serve the site.`);

  const serveFiles = serveSiteFiles(distDir);
  const sendDocument = createDocumentServer(strapi, site);
  const renderPage = createPageRenderer(strapi, site);

  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isStrapiArea(ctx.path)) return next();

    if (await sendDocument(ctx)) return;
    if (ctx.path !== '/' && path.extname(ctx.path)) return serveFiles(ctx, next);

    const accept = ctx.get('Accept');
    const siteRoute = site?.renderer ? site.renderer.isSiteRoute(ctx.path) : wantsHtml(accept);
    if (siteRoute || wantsHtml(accept)) return renderPage(ctx);

    // Strapi's own paths (the panel's API under /admin/*, its plugins' routes) answer for themselves.
    await next();
    if (ctx.status === 404 && ctx.body == null && !wantsOnlyData(accept)) await renderPage(ctx);
  };
};

export default siteMiddleware;
