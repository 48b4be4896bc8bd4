/**
 * The site's documents for crawlers and feed readers: /sitemap.xml (an index of /sitemap-pages.xml
 * and /sitemap-posts-N.xml), /robots.txt and /blog/rss.xml (RSS 2.0). URLs are absolute, on the
 * site's public origin.
 */
import type { BlogFeedEntry, SitemapPost } from '../api/blog-post/services/blog-post';
import { PANEL_PATHS } from '../edge/areas';
import { setting } from '../utils/settings';

export const SITEMAP_PATH = '/sitemap.xml';
export const ROBOTS_PATH = '/robots.txt';
export const RSS_PATH = '/blog/rss.xml';
/** RSS: the latest posts. */
export const RSS_ITEMS = 20;

/** Paths crawlers are asked to leave alone: the panel and its API, sign-in and accounts. */
const DISALLOWED = [...PANEL_PATHS, '/login', '/profile'];

// Characters XML 1.0 does not allow at all, then the five it needs escaped.
const INVALID_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const xml = (text: string) => text.replace(INVALID_XML, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

const postUrl = (origin: string, slug: string) => `${origin}/blog/${encodeURIComponent(slug)}`;

/** A post's publication day as an RFC 822 date (RSS pubDate). */
const rfc822 = (day: string) => new Date(`${day}T00:00:00Z`).toUTCString();

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}${SITEMAP_PATH}`, ''].join('\n');
}

/** The sitemap protocol's limit on the URLs of one file. */
const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_PAGES_PATH = '/sitemap-pages.xml';
const SITEMAP_POSTS_FILE = /^\/sitemap-posts-([1-9]\d{0,5})\.xml$/;
const sitemapPostsPath = (file: number) => `/sitemap-posts-${file}.xml`;

/** The number of a posts file from its path ('/sitemap-posts-3.xml' is 3), or null for any other path. */
export function sitemapPostsFile(path: string): number | null {
  const match = SITEMAP_POSTS_FILE.exec(path);
  return match ? Number(match[1]) : null;
}

/**
 * Posts per sitemap file unless SITEMAP_URLS_PER_FILE says otherwise (up to the protocol's limit). Files
 * of a thousand keep each one as quick to build after an edit as the seeded site's (a few milliseconds);
 * a crawler reads the index and then only the files whose content changed.
 */
export function sitemapUrlsPerFile(): number {
  return Math.min(setting('SITEMAP_URLS_PER_FILE'), SITEMAP_MAX_URLS);
}

const urlset = (entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
const urlEntry = (loc: string, lastmod: string) => `  <url><loc>${xml(loc)}</loc><lastmod>${lastmod}</lastmod></url>`;

/** /sitemap.xml: an index of the fixed pages' file and the posts' files. */
export function sitemapIndexXml(origin: string, postFiles: number): string {
  const files = [SITEMAP_PAGES_PATH, ...Array.from({ length: postFiles }, (_, i) => sitemapPostsPath(i + 1))];
  const entries = files.map((file) => `  <sitemap><loc>${xml(`${origin}${file}`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/**
 * The site's fixed public paths (lastmod: when the site was built); the blog list changes with the
 * last edit of a post it shows (`newestEdit`).
 */
export function sitemapPagesXml(origin: string, pages: string[], newestEdit: string | null, builtAt: Date): string {
  const built = builtAt.toISOString();
  return urlset(pages.map((p) => urlEntry(`${origin}${p}`, p === '/blog' && newestEdit && newestEdit > built ? newestEdit : built)));
}

/** One file of posts, each with its own last edit. */
export function sitemapPostsXml(origin: string, posts: SitemapPost[]): string {
  return urlset(posts.map((post) => urlEntry(postUrl(origin, post.slug), post.updatedAt)));
}

export function rssXml(origin: string, posts: BlogFeedEntry[]): string {
  const items = posts.map((post) =>
    [
      '    <item>',
      `      <title>${xml(post.title)}</title>`,
      `      <link>${xml(postUrl(origin, post.slug))}</link>`,
      `      <guid isPermaLink="true">${xml(postUrl(origin, post.slug))}</guid>`,
      `      <pubDate>${rfc822(post.publishedDate)}</pubDate>`,
      `      <dc:creator>${xml(post.authorName)}</dc:creator>`,
      `      <description>${xml(post.summary)}</description>`,
      '    </item>',
    ].join('\n'),
  );
  const lastBuild = posts.length ? rfc822(posts[0].publishedDate) : new Date(0).toUTCString();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    '    <title>HAIC Blog</title>',
    `    <link>${xml(`${origin}/blog`)}</link>`,
    '    <description>Research, product progress and community news from the HAIC team.</description>',
    '    <language>en</language>',
    `    <lastBuildDate>${lastBuild}</lastBuildDate>`,
    `    <atom:link href="${xml(`${origin}${RSS_PATH}`)}" rel="self" type="application/rss+xml" />`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
