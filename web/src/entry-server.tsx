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
import { ApolloClient, ApolloLink } from '@apollo/client';
import type { BlocksContent } from '@strapi/blocks-react-renderer';
import type { ContentSource } from '@haic/contract';
import { createCache, extractOf } from './lib/apolloCache';
import { HeadCollectorProvider, PreloadCollectorProvider, type PageHead, type PreloadImage } from './lib/head';
import { INITIAL_DATA_ELEMENT_ID, InitialDataProvider, type InitialData } from './lib/initialData';
import { routes, type RouteHandle } from './routes';
import { renderHead } from './ssr/head';
import { jsonForScript } from './ssr/html';
import { pageAssetFiles, scriptPreloadHtml, stylesheetHtml, withInlineStylesAndQuietScripts, type PageAssetFiles, type SiteManifests } from './ssr/assets';

interface RenderOptions {
  /** Path and query of the request. */
  url: string;
  /** The site's public origin, e.g. https://haic.example (canonical and Open Graph URLs). */
  origin: string;
  /** web/dist/index.html as Vite built it. */
  template: string;
  /** Vite's client and SSR manifests of web/dist (.vite/manifest.json, .vite/ssr-manifest.json). */
  manifests: SiteManifests;
  /** The built CSS files' text by file name ('assets/index-abc.css'): inlined, so no stylesheet blocks the first paint. */
  styles?: Record<string, string>;
  content: ContentSource<BlocksContent>;
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

const handleOf = (route: RouteObject | undefined) => route?.handle as RouteHandle | undefined;

/** The router's leaf routes, walked once: each with its full path pattern ('/', '/blog/:slug', '/*'). */
const leafRoutes: { route: RouteObject; path: string }[] = [];
(function walk(tree: RouteObject[], parent: string) {
  for (const route of tree) {
    const path = [parent, route.path ?? ''].filter(Boolean).join('/');
    if (route.children?.length) walk(route.children, path);
    else leafRoutes.push({ route, path: `/${path}` });
  }
})(routes, '');

/** A leaf route as matched here: its full path pattern, for react-router's matchRoutes, and the route itself. */
type FlatRoute = { path: string; caseSensitive?: boolean; leaf: RouteObject };

/**
 * The leaf routes grouped by their first segment ('' for the home page, lower case): a path is matched by
 * react-router's own matchRoutes, which ranks the routes and compiles their patterns on every call, against its
 * group and the routes whose first segment is a param or a splat only. So a match costs a few routes' work,
 * whatever the size of the table, and a path whose first segment names no page costs none.
 */
const dynamicFirst: FlatRoute[] = [];
const byFirstSegment = new Map<string, FlatRoute[]>();
for (const { route, path } of leafRoutes) {
  const first = path.split('/')[1];
  const flat = { path, caseSensitive: route.caseSensitive, leaf: route };
  if (first.startsWith(':') || first === '*') dynamicFirst.push(flat);
  else byFirstSegment.set(first.toLowerCase(), [...(byFirstSegment.get(first.toLowerCase()) ?? []), flat]);
}
for (const [first, group] of byFirstSegment) byFirstSegment.set(first, [...group, ...dynamicFirst]);
/** A first segment that names no page reaches only the catch-all 404 page, unless some page's first segment is a param. */
const onlyNotFoundBeyond = dynamicFirst.every(({ leaf }) => handleOf(leaf)?.notFound);

/** The page a path names: its leaf route, the leaf's full path pattern ('blog/:slug') and its params. */
type PageMatch = { route: RouteObject; path: string; params: Record<string, string> };

/** The page route a path matches (by react-router's matching), or null when only the catch-all 404 page matches it. */
function pageMatch(pathname: string): PageMatch | null {
  const path = pathname || '/';
  const end = path.indexOf('/', 1);
  const candidates = byFirstSegment.get((end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase());
  if (!candidates && onlyNotFoundBeyond) return null;
  const leaf = matchRoutes(candidates ?? dynamicFirst, path)?.at(-1);
  if (!leaf || handleOf((leaf.route as FlatRoute).leaf)?.notFound) return null;
  const params = Object.fromEntries(Object.entries(leaf.params).map(([name, value]) => [name, value ?? '']));
  return { route: (leaf.route as FlatRoute).leaf, path: leaf.route.path!.slice(1), params };
}

/** Whether a path is one of the site's pages (anything else only reaches the site's 404). */
export function isSiteRoute(pathname: string): boolean {
  return pageMatch(pathname) !== null;
}

/** The query parameters a page reads while it renders (its route's `query`): the rest change nothing the server sends. */
export function pageQuery(pathname: string): readonly string[] {
  return handleOf(pageMatch(pathname)?.route)?.query ?? [];
}

/** The address the one 404 page of every unknown path is rendered from. */
const NOT_FOUND_URL = '/404';

/**
 * null when the path is a page whose content exists; otherwise the address of its kind's one 404 page:
 * the site's for an unknown path, a route's own (its params as '-', e.g. /blog/-) when what its
 * params name does not exist. Every missing address of a kind is answered with that one page.
 */
export async function missingPageUrl(pathname: string, content: ContentSource<BlocksContent>): Promise<string | null> {
  const match = pageMatch(pathname);
  if (!match) return NOT_FOUND_URL;
  const exists = handleOf(match.route)?.exists;
  if (!exists || (await exists({ params: match.params, content }))) return null;
  return `/${match.path}`.replace(/:[^/]+/g, '-');
}

/** Every route of the router as its path pattern ('/', '/blog/:slug', '/*'), with whether a sign-in guards it. */
export const routePaths = (): { path: string; signedIn: boolean }[] => leafRoutes.map(({ route, path }) => ({ path, signedIn: !!handleOf(route)?.signedIn }));

/** The fixed public pages for the sitemap, as paths ('/', '/blog', ...). */
export const sitemapPaths = (): string[] => leafRoutes.filter(({ route }) => handleOf(route)?.sitemap).map(({ path }) => path);

/** The pages' own files by their modules: the same few route combinations are rendered again and again. */
const assetsByModules = new WeakMap<SiteManifests, Map<string, PageAssetFiles>>();

function pageAssetsHtml(manifests: SiteManifests, modules: string[], styleSheets: Record<string, string>): string {
  let known = assetsByModules.get(manifests);
  if (!known) assetsByModules.set(manifests, (known = new Map()));
  const key = modules.join('\n');
  let files = known.get(key);
  if (!files) known.set(key, (files = pageAssetFiles(manifests, modules)));
  return [...files.styles.map((file) => stylesheetHtml(file, styleSheets)), ...files.scripts.map(scriptPreloadHtml)].join('\n    ');
}

export async function render(options: RenderOptions): Promise<RenderResult> {
  const { url, origin, template, manifests, content, styles = {} } = options;
  const request = new Request(new URL(url, `${origin}/`));
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`unexpected response ${context.status} from the route handler`);

  const leaf = context.matches.at(-1);
  let status = context.statusCode;
  if (!leaf || handleOf(leaf.route)?.notFound) status = 404;

  // The page's data, as its routes declare it: rendered with and sent along in the page for
  // hydration (the blog's as the extract of Apollo's cache, which the browser restores).
  const data: InitialData = { renderedAt: Date.now() };
  const cache = createCache();
  const apolloClient = new ApolloClient({ link: ApolloLink.empty(), cache });
  for (const match of context.matches) {
    const serverData = handleOf(match.route)?.serverData;
    const outcome = await serverData?.({
      params: match.params,
      query: new URL(request.url).searchParams,
      content,
      preview: !!options.preview,
      apollo: apolloClient,
      data,
    });
    if (outcome?.notFound) {
      status = 404;
      data.notFound = true;
    }
  }
  const extract = extractOf(cache);
  if (Object.keys(extract).length) data.apollo = extract;

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
  const assetsHtml = `  ${pageAssetsHtml(manifests, modules, styles)}\n  </head>`;
  const dataHtml = `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${jsonForScript(data)}</script>`;
  const page = withInlineStylesAndQuietScripts(template, styles);
  // index.html's own head (between the marks) gives way to the page's.
  const headStart = page.indexOf(PAGE_HEAD_START);
  const headEnd = page.indexOf(PAGE_HEAD_END, headStart) + PAGE_HEAD_END.length;
  const html = `${page.slice(0, headStart)}${headHtml}${page.slice(headEnd)}`
    .replace('</head>', () => assetsHtml)
    .replace(BODY_MARK, () => body)
    .replace(DATA_MARK, () => dataHtml);
  return { status, html };
}
