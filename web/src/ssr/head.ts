/**
 * The head a page declared (usePageHead), written as HTML: title, description, canonical URL,
 * Open Graph, Twitter card and, for a blog post, article tags and JSON-LD BlogPosting.
 */
import { pageTitle, PRODUCT_NAME, SITE_DESCRIPTION, type PageHead, type PreloadImage } from '../lib/head';
import { escapeHtml, jsonForScript } from './html';

/** Shared links without a picture of their own show the home page's hero poster. */
const DEFAULT_IMAGE = { url: '/media/hero-poster.jpg', width: 854, height: 480, alt: 'HAIC: healthcare AI on the XRP Ledger' };

const absolute = (url: string, origin: string) => new URL(url, `${origin}/`).toString();

const meta = (attr: 'name' | 'property', key: string, value: string | number | undefined) =>
  value === undefined || value === '' ? '' : `<meta ${attr}="${key}" content="${escapeHtml(String(value))}" />`;

/** The page's main picture, asked for at the highest priority as soon as the head is read. */
const preloadLink = ({ src, srcSet, sizes }: PreloadImage) =>
  `<link rel="preload" as="image" href="${escapeHtml(src)}"${srcSet ? ` imagesrcset="${escapeHtml(srcSet)}"` : ''}${sizes ? ` imagesizes="${escapeHtml(sizes)}"` : ''} fetchpriority="high" />`;

/**
 * `origin` is the site's public origin (PUBLIC_URL), `path` the page's path without query,
 * `preload` the picture the first paint shows, if any.
 */
export function renderHead(head: PageHead, { origin, path, preload }: { origin: string; path: string; preload?: PreloadImage }): string {
  const title = pageTitle(head.title);
  const description = head.description ?? SITE_DESCRIPTION;
  const canonical = absolute(path, origin);
  const image = head.image ?? DEFAULT_IMAGE;
  const imageUrl = absolute(image.url, origin);
  const type = head.type ?? 'website';
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    preload ? preloadLink(preload) : '',
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:type', type),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', imageUrl),
    meta('property', 'og:image:width', image.width),
    meta('property', 'og:image:height', image.height),
    meta('property', 'og:image:alt', image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', imageUrl),
    ...(head.feeds ?? []).map(
      (feed) => `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(absolute(feed.href, origin))}" />`,
    ),
  ];
  if (type === 'article') {
    tags.push(meta('property', 'article:published_time', head.publishedTime), meta('property', 'article:author', head.author));
    const posting = {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: head.title,
      description,
      datePublished: head.publishedTime,
      author: head.author ? { '@type': 'Person', name: head.author } : undefined,
      image: head.image ? [imageUrl] : undefined,
      url: canonical,
      mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
      publisher: { '@type': 'Organization', name: PRODUCT_NAME, url: absolute('/', origin) },
    };
    tags.push(`<script type="application/ld+json">${jsonForScript(posting)}</script>`);
  }
  return tags.filter(Boolean).join('\n    ');
}
