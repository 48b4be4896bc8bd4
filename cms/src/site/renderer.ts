/**
 * The site's server renderer: web's Vite SSR build (web/dist-server/entry-server.cjs beside
 * web/dist), loaded once. Its API is declared here as the CMS uses it.
 */
import fs from 'fs';
import path from 'path';
import type { Core } from '@strapi/strapi';
import type { ContentSource } from '@haic/contract';

interface ServerBundle {
  render(options: {
    url: string;
    origin: string;
    template: string;
    manifest: Record<string, unknown>;
    styles?: Record<string, string>;
    content: ContentSource;
    preview?: boolean;
  }): Promise<{ status: number; html: string }>;
  isSiteRoute(pathname: string): boolean;
  /** A site page the same for everyone until the content changes (a run's page is not: it leaves with its account). */
  isCachedPage(pathname: string): boolean;
  sitemapPaths(): string[];
}

export interface SiteBuild {
  /** index.html as built: the page template (served as it is when there is no renderer). */
  template: string;
  /** When the site was built (sitemap lastmod of the fixed pages). */
  builtAt: Date;
  renderer: (ServerBundle & { manifest: Record<string, unknown>; styles: Record<string, string> }) | null;
}

export function loadSiteBuild(strapi: Core.Strapi, distDir: string): SiteBuild | null {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const template = fs.readFileSync(indexFile, 'utf8');
  const builtAt = fs.statSync(indexFile).mtime;
  const bundleFile = path.join(`${distDir}-server`, 'entry-server.cjs');
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(bundleFile) || !fs.existsSync(manifestFile)) {
    strapi.log.warn(`Server renderer not found at ${bundleFile}: pages are rendered in the browser only.`);
    return { template, builtAt, renderer: null };
  }
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const bundle = require(bundleFile) as ServerBundle;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
  return { template, builtAt, renderer: { render: bundle.render, isSiteRoute: bundle.isSiteRoute, isCachedPage: bundle.isCachedPage, sitemapPaths: bundle.sitemapPaths, manifest, styles: readStyles(distDir) } };
}

/** The built CSS files' text, by the name the manifest gives them ('assets/index-abc.css'); the renderer inlines them. */
function readStyles(distDir: string): Record<string, string> {
  const assetsDir = path.join(distDir, 'assets');
  if (!fs.existsSync(assetsDir)) return {};
  const styles: Record<string, string> = {};
  for (const name of fs.readdirSync(assetsDir)) {
    if (name.endsWith('.css')) styles[`assets/${name}`] = fs.readFileSync(path.join(assetsDir, name), 'utf8');
  }
  return styles;
}
