/**
 * Serves the built React site (web/dist) from the same origin as the CMS.
 * Files are served as they are; a browser navigation (GET with Accept: text/html) to any
 * path that is not the API, GraphQL, the CMS panel or uploads gets index.html, so deep
 * links such as /admin/news or /profile/game-history reach the site and not Strapi.
 * The panel's own fetches to /admin/* ask for JSON and pass through to Strapi.
 */
import fs from 'fs';
import path from 'path';
import serve from 'koa-static';
import type { Core } from '@strapi/strapi';

const STRAPI_PREFIXES = ['/api', '/graphql', '/cms', '/uploads', '/_health'];

const isStrapiPath = (p: string) =>
  STRAPI_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));

// The site's pages: own scripts only, no inline script, framed price chart only.
// Images may come from news sources' own hosts.
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

const wantsHtml = (accept: string | undefined) => !!accept && accept.includes('text/html');

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  const distDir = path.resolve(
    process.env.SITE_DIST_DIR || path.join(strapi.dirs.app.root, '..', 'web', 'dist'),
  );
  const indexFile = path.join(distDir, 'index.html');
  const serveFiles = serve(distDir, {
    index: false,
    defer: false,
    setHeaders(res, filePath) {
      // Vite puts a content hash in every file name under assets/.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('Cache-Control', 'public, max-age=3600');
      }
    },
  });

  let indexHtml: string | null = null;
  const readIndex = () => {
    if (indexHtml === null && fs.existsSync(indexFile)) indexHtml = fs.readFileSync(indexFile, 'utf8');
    return indexHtml;
  };

  if (!readIndex()) {
    strapi.log.warn(`Site build not found at ${distDir}: run "npm run build" to serve the site.`);
  }

  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isStrapiPath(ctx.path)) {
      return next();
    }

    if (ctx.path !== '/' && path.extname(ctx.path)) {
      return serveFiles(ctx, next);
    }

    if (!wantsHtml(ctx.get('Accept'))) return next();

    const html = readIndex();
    if (!html) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The site has not been built yet. Run "npm run build" or "npm start".';
      return;
    }
    ctx.status = 200;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Content-Security-Policy', SITE_CSP);
    ctx.body = html;
  };
};
