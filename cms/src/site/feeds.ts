/**
 * The site's documents for crawlers and feed readers: /sitemap.xml, /robots.txt and
 * /blog/rss.xml (RSS 2.0). URLs are absolute, on the site's public origin.
 */
import type { BlogFeedEntry } from '../api/blog-post/services/blog-post';

export const SITEMAP_PATH = '/sitemap.xml';
export const ROBOTS_PATH = '/robots.txt';
export const RSS_PATH = '/blog/rss.xml';
/** RSS: the latest posts. */
export const RSS_ITEMS = 20;

/** Paths crawlers are asked to leave alone: sign-in, accounts, admin screens and the panel. */
const DISALLOWED = ['/admin', '/login', '/profile', '/cms'];

// Characters XML 1.0 does not allow at all, then the five it needs escaped.
const INVALID_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const xml = (text: string) => text.replace(INVALID_XML, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

const postUrl = (origin: string, slug: string) => `${origin}/blog/${encodeURIComponent(slug)}`;

/** A post's publication day as an RFC 822 date (RSS pubDate). */
const rfc822 = (day: string) => new Date(`${day}T00:00:00Z`).toUTCString();

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}${SITEMAP_PATH}`, ''].join('\n');
}

/**
 * `pages` are the site's fixed public paths (lastmod: when the site was built); the blog list
 * changes with its newest post, each post with its own last edit.
 */
export function sitemapXml(origin: string, pages: string[], posts: BlogFeedEntry[], builtAt: Date): string {
  const newest = posts.reduce<string | null>((latest, p) => (!latest || p.updatedAt > latest ? p.updatedAt : latest), null);
  const entry = (loc: string, lastmod: string) => `  <url><loc>${xml(loc)}</loc><lastmod>${lastmod}</lastmod></url>`;
  const built = builtAt.toISOString();
  const urls = [
    ...pages.map((p) => entry(`${origin}${p === '/' ? '/' : p}`, p === '/blog' && newest && newest > built ? newest : built)),
    ...posts.map((post) => entry(postUrl(origin, post.slug), post.updatedAt)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
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
