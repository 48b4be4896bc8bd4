/**
 * How the page's own files are named in its HTML.
 *
 * Its stylesheets travel inside the HTML: a <link> would hold the first paint back for one
 * more round trip per file (on a phone's network, most of the time to the first paint).
 * Each inlined file keeps a disabled <link> to its URL: the browser does not fetch it, and Vite's
 * chunk loader, which looks for that link before it loads a chunk's CSS, knows the rules are there.
 */
import { escapeHtml } from './html';

/** Vite's client manifest (build.manifest): each chunk by its facade module or name, with the chunks and CSS it imports. */
export type ClientManifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;

/**
 * Vite's SSR manifest (build.ssrManifest): for every source module of the client build, the files of the
 * chunk it ended up in (that chunk's JS and CSS; nothing for the entry chunk, which index.html loads).
 */
export type SsrManifest = Record<string, string[]>;

export interface SiteManifests {
  client: ClientManifest;
  ssr: SsrManifest;
}

export interface PageAssetFiles {
  /** CSS files in the order the browser would apply them (what a chunk imports before its own). */
  styles: string[];
  /** JS chunks to preload. */
  scripts: string[];
}

/**
 * The files a page needs beyond index.html's, from the modules it rendered: Vite's SSR manifest says which
 * chunk holds each module, wherever the bundler put it (a page merged into a shared chunk included), and the
 * client manifest's chunk graph adds every chunk that chunk imports, with their CSS.
 */
export function pageAssetFiles({ client, ssr }: SiteManifests, modules: readonly string[]): PageAssetFiles {
  const chunks = Object.values(client);
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const byKey = (key: string) => client[key];
  const entry = chunks.find((chunk) => chunk.isEntry);
  const loaded = new Set<string>([...(entry?.css ?? [])]);
  // What index.html loads already: the entry chunk and everything it imports statically, with their CSS.
  const markLoaded = (chunk: ClientManifest[string] | undefined) => {
    if (!chunk || loaded.has(chunk.file)) return;
    loaded.add(chunk.file);
    chunk.css?.forEach((css) => loaded.add(css));
    chunk.imports?.forEach((key) => markLoaded(byKey(key)));
  };
  markLoaded(entry);

  const seen = new Set<string>();
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (chunk: ClientManifest[string] | undefined) => {
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    // What a chunk imports styles first and the chunk's own rules after, as Vite loads them in the
    // browser: a page's rule for a shared component (e.g. positioning it) must win over the component's.
    chunk.imports?.forEach((key) => visit(byKey(key)));
    if (!loaded.has(chunk.file)) scripts.add(chunk.file);
    chunk.css?.forEach((css) => loaded.has(css) || styles.add(css));
  };
  for (const module of modules) {
    for (const url of ssr[module] ?? []) {
      const file = url.replace(/^\//, '');
      if (file.endsWith('.css')) {
        if (!loaded.has(file)) styles.add(file);
      } else visit(byFile.get(file));
    }
  }
  return { styles: [...styles], scripts: [...scripts] };
}

/** A built stylesheet, inlined when its text is known (and cannot end the <style> element). */
export function stylesheetHtml(file: string, styles: Record<string, string>): string {
  const href = `/${escapeHtml(file)}`;
  const css = styles[file];
  if (css === undefined || css.includes('<')) return `<link rel="stylesheet" crossorigin href="${href}" />`;
  return `<style data-href="${href}">${css}</style><link rel="stylesheet" crossorigin href="${href}" disabled />`;
}

const TEMPLATE_STYLESHEET = '<link rel="stylesheet"';
const LINK_HREF = / href="\/([^"]+)"/;

/** Each stylesheet link of the template (found by position, not by a pattern scanning for its end) replaced. */
function replaceStylesheetLinks(html: string, replace: (link: string) => string): string {
  let out = '';
  let from = 0;
  for (let at = html.indexOf(TEMPLATE_STYLESHEET); at >= 0; at = html.indexOf(TEMPLATE_STYLESHEET, from)) {
    const end = html.indexOf('>', at);
    if (end < 0) break;
    out += html.slice(from, at) + replace(html.slice(at, end + 1));
    from = end + 1;
  }
  return out + html.slice(from);
}

const TEMPLATE_ENTRY_SCRIPT = /<script type="module"/g;

/**
 * The server's HTML is the whole page; its scripts only make it interactive. They load at low
 * priority, so on a slow network what the first paint needs (the HTML, the first picture) comes
 * first; the browser runs them once they are there.
 */
export const scriptPreloadHtml = (file: string) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${escapeHtml(file)}" />`;

/** index.html with its stylesheets (the entry's CSS) inlined and its entry script at low priority. */
export const withInlineStylesAndQuietScripts = (template: string, styles: Record<string, string>) =>
  replaceStylesheetLinks(template, (link) => {
    const file = LINK_HREF.exec(link)?.[1];
    return file && file in styles ? stylesheetHtml(file, styles) : link;
  }).replace(TEMPLATE_ENTRY_SCRIPT, '<script type="module" fetchpriority="low"');
