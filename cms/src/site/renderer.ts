/**
 * The site's server renderer: web's Vite SSR build (web/dist-server/entry-server.cjs beside
 * web/dist), loaded once. Its API is declared here as the CMS uses it.
 */
import fs from 'fs';
import path from 'path';
import type { Core } from '@strapi/strapi';
import type { ContentSource } from '@haic/contract';

/** Vite's client and SSR manifests (web/dist/.vite): the renderer finds each page's chunks and CSS in them. */
interface SiteManifests {
  client: Record<string, unknown>;
  ssr: Record<string, string[]>;
}

interface ServerBundle {
  render(options: {
    url: string;
    origin: string;
    template: string;
    manifests: SiteManifests;
    styles?: Record<string, string>;
    content: ContentSource;
    preview?: boolean;
  }): Promise<{ status: number; html: string }>;
  isSiteRoute(pathname: string): boolean;
  /** The query parameters the page at pathname reads while it renders. */
  pageQuery(pathname: string): readonly string[];
  /** null when pathname is a page whose content exists, else the address of its kind's one 404 page. */
  missingPageUrl(pathname: string, content: ContentSource): Promise<string | null>;
  sitemapPaths(): string[];
}

export interface SiteBuild {
  /** index.html as built: the page template (served as it is when there is no renderer). */
  template: string;
  /** When the site was built (sitemap lastmod of the fixed pages). */
  builtAt: Date;
  renderer: (ServerBundle & { manifests: SiteManifests; styles: Record<string, string> }) | null;
}

export function loadSiteBuild(strapi: Core.Strapi, distDir: string): SiteBuild | null {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const template = fs.readFileSync(indexFile, 'utf8');
  const builtAt = fs.statSync(indexFile).mtime;
  const bundleFile = path.join(`${distDir}-server`, 'entry-server.cjs');
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const ssrManifestFile = path.join(distDir, '.vite', 'ssr-manifest.json');
  if (![bundleFile, manifestFile, ssrManifestFile].every((file) => fs.existsSync(file))) {
    strapi.log.warn(`Server renderer not found at ${bundleFile}: pages are rendered in the browser only.`);
    return { template, builtAt, renderer: null };
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle's path is known at run time only
  const bundle = require(bundleFile) as ServerBundle;
  const manifests: SiteManifests = {
    client: JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as SiteManifests['client'],
    ssr: JSON.parse(fs.readFileSync(ssrManifestFile, 'utf8')) as SiteManifests['ssr'],
  };
  return { template, builtAt, renderer: { ...pick(bundle), manifests, styles: readStyles(distDir) } };
}

const pick = ({ render, isSiteRoute, pageQuery, missingPageUrl, sitemapPaths }: ServerBundle): ServerBundle => ({
  render,
  isSiteRoute,
  pageQuery,
  missingPageUrl,
  sitemapPaths,
});

/** The built CSS files' text, by the name the manifests give them ('assets/index-abc.css'); the renderer inlines them. */
function readStyles(distDir: string): Record<string, string> {
  const assetsDir = path.join(distDir, 'assets');
  if (!fs.existsSync(assetsDir)) return {};
  const styles: Record<string, string> = {};
  for (const name of fs.readdirSync(assetsDir)) {
    if (name.endsWith('.css')) styles[`assets/${name}`] = fs.readFileSync(path.join(assetsDir, name), 'utf8');
  }
  return styles;
}
