/** A feed item's links and image: absolute http(s) URLs, resolved against the item's or the feed's link. */
import { Parser as HtmlParser } from 'htmlparser2';
import { fieldsOf } from '../../../utils/fields';
import { attrs, listOf, text, type FeedNode } from './feed-nodes';

const URL_MAX = 1000;

/** An absolute http(s) url resolved against `base`, or null. */
export function absoluteUrl(value: unknown, base?: string | null): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  try {
    const url = base ? new URL(value.trim(), base) : new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = url.hash === '#' ? '' : url.hash;
    const href = url.href;
    return href.length <= URL_MAX ? href : null;
  } catch {
    return null;
  }
}

const isImageType = (type: string | undefined) => !type || type.toLowerCase().startsWith('image/');
const IMAGE_EXTENSION = /\.(jpe?g|png|gif|webp|avif|svg)(\?|$)/i;

/** media:content candidates in document order, the widest image of a set first. */
function mediaContents(item: FeedNode): string[] {
  const nodes = [...listOf(item.mediaContent), ...listOf(item.mediaGroup).flatMap((group) => listOf(fieldsOf(group)['media:content']))];
  const images = nodes
    .map((node) => attrs(node))
    .filter((a) => a.url && (a.medium ? a.medium.toLowerCase() === 'image' : isImageType(a.type) || IMAGE_EXTENSION.test(a.url)));
  const width = (a: Record<string, string>) => Number(a.width) || 0;
  return images.sort((a, b) => width(b) - width(a)).map((a) => a.url);
}

function mediaThumbnails(item: FeedNode): string[] {
  const nodes = [...listOf(item.mediaThumbnail), ...listOf(item.mediaGroup).flatMap((group) => listOf(fieldsOf(group)['media:thumbnail']))];
  return nodes.map((node) => attrs(node).url).filter(Boolean);
}

/** The src of the first real <img> of an HTML fragment (tracking pixels of 1×1 skipped). */
function firstImageInHtml(html: unknown): string | null {
  if (typeof html !== 'string' || !html.includes('<')) return null;
  let found: string | null = null;
  const parser = new HtmlParser(
    {
      onopentag(name, attributes) {
        if (found || name !== 'img') return;
        const src = attributes.src || attributes['data-src'];
        if (!src || attributes.width === '1' || attributes.height === '1') return;
        found = src;
        parser.pause();
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return found;
}

/**
 * The item's image, in order: enclosure, media:content / media:group, media:thumbnail, itunes:image,
 * the first <img> of the content or description; resolved against the item's link. Null when none.
 */
export function pickImage(item: FeedNode, base: string | null): string | null {
  const enclosure = fieldsOf(item.enclosure);
  const candidates: unknown[] = [];
  if (typeof enclosure.url === 'string' && enclosure.url && (enclosure.type ? isImageType(String(enclosure.type)) : IMAGE_EXTENSION.test(enclosure.url)))
    candidates.push(enclosure.url);
  candidates.push(...mediaContents(item), ...mediaThumbnails(item));
  candidates.push(attrs(item.itunesImage).href ?? fieldsOf(item.itunes).image);
  for (const html of [item.contentEncoded, item.content, item.summary]) candidates.push(firstImageInHtml(html));
  for (const candidate of candidates) {
    const url = absoluteUrl(candidate, base);
    if (url) return url;
  }
  return null;
}

/** The item's own link: <link>, else a permalink guid, else RSS 1.0's rdf:about. */
export function itemLink(item: FeedNode, base: string | null): string | null {
  const guid = typeof item.guid === 'string' ? item.guid : null;
  for (const candidate of [text(item.link), guid, item['rdf:about']]) {
    const url = absoluteUrl(candidate, base);
    if (url) return url;
  }
  return null;
}
