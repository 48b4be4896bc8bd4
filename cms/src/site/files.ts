/** The site's built files (web/dist), served as the build wrote them. */
import path from 'path';
import serve from 'koa-static';
import { cachePolicy, LIFETIMES } from '../edge/cache-policy';

export const serveSiteFiles = (distDir: string) =>
  serve(distDir, {
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
        res.setHeader('Cache-Control', cachePolicy.immutable());
      } else {
        res.setHeader('Cache-Control', cachePolicy.browsers(LIFETIMES.siteFile));
      }
    },
  });
