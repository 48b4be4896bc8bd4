/**
 * Turns the bytes of a feed into candidate news items: decoding, parsing (RSS 0.9x/1.0/2.0 and Atom,
 * through rss-parser), plain text, links, images and dates. No database and no network here, so each rule
 * is testable on its own; the aggregator stores what this returns.
 */
import Parser from 'rss-parser';
import { Parser as HtmlParser } from 'htmlparser2';
import { compile } from 'html-to-text';
import { decode } from 'html-entities';
import { parseFeedDate } from './feed-dates';
import { urlKey } from '../../news-item/url-key';
import { fieldsOf } from '../../../utils/fields';

const TITLE_MAX = 300;
const SUMMARY_MAX = 1000;
/** A description cut from the article's full text (content:encoded) keeps its first 300 characters. */
const CONTENT_DESCRIPTION_MAX = 300;
const URL_MAX = 1000;

// ---------------------------------------------------------------------------------------------------
// Decoding: the HTTP charset, else the XML declaration, else UTF-8. A byte-order mark outranks both, as
// in every XML parser. Labels are resolved by the platform's TextDecoder (WHATWG Encoding: windows-1251,
// gb2312/gbk/gb18030, iso-8859-x, koi8-r, shift_jis, big5, ...; iso-8859-1 is read as its superset
// windows-1252). An unknown label falls through to the next source. A body that is not valid UTF-8 and
// declares nothing is read as windows-1252, the most common undeclared legacy encoding in feeds.

/** The charset parameter of a Content-Type header, if any. */
function charsetOfContentType(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  for (const part of contentType.split(';').slice(1)) {
    const [name, ...rest] = part.split('=');
    if (name.trim().toLowerCase() === 'charset') {
      const value = rest.join('=').trim().replace(/^["']|["']$/g, '');
      return value || null;
    }
  }
  return null;
}

/** The encoding named by the XML declaration at the start of the body, if any. */
function charsetOfXmlDeclaration(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 512)).toString('latin1');
  const declaration = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  return declaration ? declaration[1] : null;
}

function decoderFor(label: string | null): TextDecoder | null {
  if (!label) return null;
  try {
    return new TextDecoder(label.trim());
  } catch {
    return null;
  }
}

function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

interface DecodedFeed {
  text: string;
  encoding: string;
}

export function decodeFeed(bytes: Uint8Array, contentType?: string | null): DecodedFeed {
  const declared = decoderFor(bomEncoding(bytes)) ?? decoderFor(charsetOfContentType(contentType)) ?? decoderFor(charsetOfXmlDeclaration(bytes));
  if (declared) return { text: declared.decode(bytes), encoding: declared.encoding };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

// ---------------------------------------------------------------------------------------------------
// Parsing. An <rss> without a version is read as RSS 2.0 (its superset). A feed that is not well-formed
// XML (an unescaped & is the usual fault) gets a second, lenient reading, so its good items still count.

const MEDIA_FIELDS = [
  ['media:content', 'mediaContent', { keepArray: true }],
  ['media:group', 'mediaGroup', { keepArray: true }],
  ['media:thumbnail', 'mediaThumbnail', { keepArray: true }],
  ['itunes:image', 'itunesImage'],
  ['content:encoded', 'contentEncoded'],
] as const;

/** A feed's or an item's fields as xml2js reads them: each may be missing or of another shape than the spec says. */
type FeedNode = Record<string, unknown>;

const parserOptions: Parser.ParserOptions<FeedNode, FeedNode> = {
  defaultRSS: 2,
  customFields: { feed: ['language'], item: MEDIA_FIELDS.map((field) => [...field]) },
};
const strictParser = new Parser<FeedNode, FeedNode>(parserOptions);
const lenientParser = new Parser<FeedNode, FeedNode>({
  ...parserOptions,
  xml2js: {
    strict: false,
    // Lenient reading upper-cases names; feeds use lower case (RSS 2.0, Atom).
    tagNameProcessors: [(name: string) => name.toLowerCase()],
    attrNameProcessors: [(name: string) => name.toLowerCase()],
  },
});

interface ParsedFeed {
  title?: string;
  link?: string;
  language?: string;
  items: unknown[];
  /** Atom entries carry summary and full content apart; RSS has description and content:encoded. */
  atom: boolean;
}

export async function parseFeed(text: string): Promise<ParsedFeed> {
  const atom = /<feed[\s>]/.test(text.slice(0, 4096));
  try {
    return { ...(await strictParser.parseString(text)), atom };
  } catch (strictError) {
    try {
      const lenient = await lenientParser.parseString(text);
      if (lenient.items?.length) return { ...lenient, atom };
    } catch {
      // fall through to the strict reading's error, which says what is wrong
    }
    throw new Error(`not a readable RSS or Atom feed: ${firstLine((strictError as Error).message)}`, { cause: strictError });
  }
}

const firstLine = (message: string) => message.split('\n')[0].slice(0, 200);

// ---------------------------------------------------------------------------------------------------
// Text: HTML to plain text by html-to-text (which decodes every HTML entity); a second entity decoding
// catches feeds that escape twice (`&amp;#x0024;`). Control characters go; whitespace collapses.

const htmlToText = compile({
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'figure', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'style', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    { selector: 'ul', options: { itemPrefix: '• ' } },
  ],
});

const CONTROL_CHARS = /(?![\t\n\r])[\p{Cc}\uFFFD]/gu;

/**
 * Plain text of an HTML fragment. Only the start of a long fragment is read (`inputMax` characters; a tag
 * cut in two there is dropped by the parser): a description keeps at most 1000 characters.
 */
function plainText(value: unknown, inputMax = 40_000): string {
  if (typeof value !== 'string' || !value) return '';
  const text = decode(htmlToText(value.length > inputMax ? value.slice(0, inputMax) : value), { level: 'html5' });
  return text.replace(CONTROL_CHARS, ' ').split(/\s+/).filter(Boolean).join(' ');
}

/** Cuts at a word boundary when one is near, and marks the cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

// ---------------------------------------------------------------------------------------------------
// Links and images.

/** An absolute http(s) url resolved against `base`, or null. */
function absoluteUrl(value: unknown, base?: string | null): string | null {
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

/** A node's XML attributes (xml2js keeps them under `$`). */
const attrs = (node: unknown): Record<string, string> => {
  const attributes = fieldsOf(node).$;
  return attributes && typeof attributes === 'object' ? (attributes as Record<string, string>) : {};
};
/** A field that may hold one node or several, as a list. */
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value == null ? [] : [value]);
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
function pickImage(item: FeedNode, base: string | null): string | null {
  const enclosure = fieldsOf(item.enclosure);
  const candidates: unknown[] = [];
  if (typeof enclosure.url === 'string' && enclosure.url && (enclosure.type ? isImageType(String(enclosure.type)) : IMAGE_EXTENSION.test(enclosure.url))) candidates.push(enclosure.url);
  candidates.push(...mediaContents(item), ...mediaThumbnails(item));
  candidates.push(attrs(item.itunesImage).href ?? fieldsOf(item.itunes).image);
  for (const html of [item.contentEncoded, item.content, item.summary]) candidates.push(firstImageInHtml(html));
  for (const candidate of candidates) {
    const url = absoluteUrl(candidate, base);
    if (url) return url;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Items.

export interface Candidate {
  title: string;
  description: string;
  url: string;
  urlKey: string;
  /** Possibly http: — the aggregator upgrades it or drops it before storing. */
  imageUrl: string | null;
  /** Epoch milliseconds (a number crosses the worker boundary as itself); null when the feed gives no usable date. */
  publishedMs: number | null;
}

export interface FeedItems {
  /** Entries the feed holds. */
  seen: number;
  candidates: Candidate[];
  skippedNoLink: number;
  skippedNoTitle: number;
}

/** A node's text: a string, or the text xml2js keeps under `_` beside a node's attributes. */
const text = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const inner = fieldsOf(value)._;
  return typeof inner === 'string' ? inner : '';
};

/** The item's own link: <link>, else a permalink guid, else RSS 1.0's rdf:about. */
function itemLink(item: FeedNode, base: string | null): string | null {
  const guid = typeof item.guid === 'string' ? item.guid : null;
  for (const candidate of [text(item.link), guid, item['rdf:about']]) {
    const url = absoluteUrl(candidate, base);
    if (url) return url;
  }
  return null;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The feed's first `limit` usable items. Yields now and then, so that a big feed does not hold up requests. */
export async function feedItems(parsed: ParsedFeed, feedUrl: string, limit: number, now = Date.now()): Promise<FeedItems> {
  const entries = parsed.items ?? [];
  const feedLink = absoluteUrl(text(parsed.link), feedUrl) ?? feedUrl;
  const language = text(parsed.language) || null;
  const result: FeedItems = { seen: entries.length, candidates: [], skippedNoLink: 0, skippedNoTitle: 0 };
  const keys = new Set<string>();

  for (const [index, entry] of entries.entries()) {
    const item = fieldsOf(entry);
    if (result.candidates.length >= limit) break;
    if (index % 5 === 4) await yieldToEventLoop();
    const url = itemLink(item, feedLink);
    if (!url) {
      result.skippedNoLink += 1;
      continue;
    }
    const title = clip(plainText(text(item.title)), TITLE_MAX);
    if (!title) {
      result.skippedNoTitle += 1;
      continue;
    }
    const key = urlKey(url);
    // A feed listing one article twice (guid dupes) yields one candidate.
    if (!key || keys.has(key)) continue;
    keys.add(key);

    const summary = plainText(parsed.atom ? text(item.summary) : text(item.content) || text(item.summary) || text(fieldsOf(item.itunes).summary));
    const fullText = summary ? '' : plainText(parsed.atom ? text(item.content) : text(item.contentEncoded), 16_000);
    result.candidates.push({
      title,
      description: summary ? clip(summary, SUMMARY_MAX) : clip(fullText, CONTENT_DESCRIPTION_MAX),
      url,
      urlKey: key,
      imageUrl: pickImage(item, url),
      publishedMs: parseFeedDate(text(item.pubDate) || text(item.date) || text(item['dc:date']), text(item.language) || language, now)?.getTime() ?? null,
    });
  }
  return result;
}
