/**
 * The server renderer, built by Vite's SSR build into a CommonJS bundle that the CMS's site
 * middleware runs (no second server). It renders a request's page with react-router's static
 * handler with the data its routes declare (their handle's serverData, read from the CMS), sends
 * that data along for the browser to hydrate from, and returns the whole HTML document with its
 * status code. It knows no page by name.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type RouteObject } from 'react-router-dom';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import type { BlogPostRecord } from './features/blog/api';
import { HeadCollectorProvider, PreloadCollectorProvider, type PageHead, type PreloadImage } from './lib/head';
import { INITIAL_DATA_ELEMENT_ID, InitialDataProvider, type InitialData } from './lib/initialData';
import { routes, type RouteHandle } from './routes';
import { renderHead } from './ssr/head';
import { jsonForScript } from './ssr/html';
import type { ContentSource } from './ssr/serverData';
import { scriptPreloadHtml, stylesheetHtml, withInlineStylesAndQuietScripts } from './ssr/assets';

export type { BlogPostRecord, ContentSource };

/** Vite's client manifest: which files a source module's chunk needs. */
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;

interface RenderOptions {
  /** Path and query of the request. */
  url: string;
  /** The site's public origin, e.g. https://haic.example (canonical and Open Graph URLs). */
  origin: string;
  /** web/dist/index.html as Vite built it. */
  template: string;
  manifest: Manifest;
  /** The built CSS files' text by file name ('assets/index-abc.css'): inlined, so no stylesheet blocks the first paint. */
  styles?: Record<string, string>;
  content: ContentSource;
  /** A draft shown through a preview link: never indexed. */
  preview?: boolean;
}

interface RenderResult {
  status: number;
  html: string;
}

const handler = createStaticHandler(routes);

const PAGE_HEAD_START = '<!--app-head-->';
const PAGE_HEAD_END = '<!--/app-head-->';
const BODY_MARK = '<!--app-html-->';
const DATA_MARK = '<!--app-data-->';

const pathOf = (url: string) => new URL(url, 'http://site').pathname;

const leafOf = (tree: RouteObject[], pathname: string) => matchRoutes(tree, pathname)?.at(-1)?.route;
const handleOf = (route: RouteObject | undefined) => route?.handle as RouteHandle | undefined;

// Matching flattens and ranks the whole route tree each time (most of a cached page's cost), so
// answers are remembered; bounded, since anyone can ask about any path.
const SITE_ROUTE_MEMO_SIZE = 2000;
const siteRouteMemo = new Map<string, boolean>();

/** Whether a path is one of the site's pages (anything else only reaches the site's 404). */
export function isSiteRoute(pathname: string): boolean {
  const known = siteRouteMemo.get(pathname);
  if (known !== undefined) return known;
  const leaf = leafOf(routes, pathname);
  const answer = !!leaf && !handleOf(leaf)?.notFound;
  if (siteRouteMemo.size >= SITE_ROUTE_MEMO_SIZE) siteRouteMemo.clear();
  siteRouteMemo.set(pathname, answer);
  return answer;
}

/** Whether a site page is the same for everyone until the content changes (the server may keep it). */
export function isCachedPage(pathname: string): boolean {
  return isSiteRoute(pathname) && !handleOf(leafOf(routes, pathname))?.live;
}

/** The fixed public pages for the sitemap, as paths ('/', '/blog', ...). */
export function sitemapPaths(): string[] {
  const paths: string[] = [];
  const walk = (tree: RouteObject[]) => {
    for (const route of tree) {
      if (handleOf(route)?.sitemap) paths.push(route.index ? '/' : `/${route.path}`);
      if (route.children) walk(route.children);
    }
  };
  walk(routes);
  return paths;
}

/** The page chunk's JS and CSS (and the chunks it imports), minus what index.html already loads. */
function pageAssets(manifest: Manifest, modules: string[], styleSheets: Record<string, string>) {
  const entry = manifest['index.html'];
  const seen = new Set<string>();
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const skip = new Set<string>([entry?.file, ...(entry?.css ?? [])].filter(Boolean) as string[]);
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (!skip.has(chunk.file)) scripts.add(chunk.file);
    // What a chunk imports styles first and the chunk's own rules after, as Vite loads them in the
    // browser: a page's rule for a shared component (e.g. positioning it) must win over the component's.
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const css of chunk.css ?? []) if (!skip.has(css)) styles.add(css);
  };
  for (const entryImport of entry?.imports ?? []) seen.add(entryImport);
  modules.forEach(visit);
  return [
    ...[...styles].map((file) => stylesheetHtml(file, styleSheets)),
    ...[...scripts].map(scriptPreloadHtml),
  ].join('\n    ');
}

export async function render(options: RenderOptions): Promise<RenderResult> {
  const { url, origin, template, manifest, content, styles = {} } = options;
  const request = new Request(new URL(url, `${origin}/`));
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`unexpected response ${context.status} from the route handler`);

  const leaf = context.matches.at(-1);
  let status = context.statusCode;
  if (!leaf || handleOf(leaf.route)?.notFound) status = 404;

  // The page's data, as its routes declare it: rendered with and sent along in the page for
  // hydration (the blog's as the extract of an Apollo cache, which Apollo Client later restores).
  const data: InitialData = { renderedAt: Date.now() };
  const apolloClient = new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() });
  for (const match of context.matches) {
    const serverData = handleOf(match.route)?.serverData;
    const outcome = await serverData?.({ params: match.params, content, preview: !!options.preview, apollo: apolloClient, data });
    if (outcome?.notFound) status = 404;
  }
  const extract = apolloClient.extract() as InitialData['apollo'];
  if (extract && Object.keys(extract).length) data.apollo = extract;

  let head: PageHead = { title: 'HAIC' };
  const collect = (declared: PageHead) => {
    head = declared;
  };
  // The first picture the page declares is the one its first paint shows.
  let preload: PreloadImage | undefined;
  const collectPreload = (image: PreloadImage) => {
    preload ??= image;
  };
  const router = createStaticRouter(handler.dataRoutes, context);
  const body = renderToString(
    <StrictMode>
      <InitialDataProvider value={data}>
        <HeadCollectorProvider value={collect}>
          <PreloadCollectorProvider value={collectPreload}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </PreloadCollectorProvider>
        </HeadCollectorProvider>
      </InitialDataProvider>
    </StrictMode>,
  );
  if (options.preview) head = { ...head, noindex: true };

  const modules = context.matches.map((match) => handleOf(match.route)?.module).filter((m): m is string => !!m);
  const headHtml = renderHead(head, { origin, path: pathOf(url), preload });
  // The page's own CSS comes after the entry's (index.html's), as when its chunk loads it.
  const assetsHtml = `  ${pageAssets(manifest, modules, styles)}\n  </head>`;
  const dataHtml = `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${jsonForScript(data)}</script>`;
  const page = withInlineStylesAndQuietScripts(template, styles);
  // index.html's own head (between the marks) gives way to the page's.
  const headStart = page.indexOf(PAGE_HEAD_START);
  const headEnd = page.indexOf(PAGE_HEAD_END, headStart) + PAGE_HEAD_END.length;
  const html = `${page.slice(0, headStart)}${headHtml}${page.slice(headEnd)}`
    .replace('</head>', () => assetsHtml).replace(BODY_MARK, () => body).replace(DATA_MARK, () => dataHtml);
  return { status, html };
}
