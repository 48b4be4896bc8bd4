/**
 * How the page's own files are named in its HTML.
 *
 * Its stylesheets travel inside the HTML: a <link> would hold the first paint back for one
 * more round trip per file (on a phone's network, most of the time to the first paint).
 * Each inlined file keeps a disabled <link> to its URL: the browser does not fetch it, and Vite's
 * chunk loader, which looks for that link before it loads a chunk's CSS, knows the rules are there.
 */
import { escapeHtml } from './html';

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
