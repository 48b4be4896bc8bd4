/**
 * Turns a feed's text into candidate news items: parsing (RSS 0.9x/1.0/2.0 and Atom, through rss-parser),
 * then each item's title, description, link, image and date, from the reader's parts: decoding
 * (feed-decoding.ts), plain text (feed-text.ts), links and images (feed-links.ts), dates (feed-dates.ts).
 * No database and no network here, so each rule is testable on its own; the aggregator stores what this returns.
 */
import Parser from 'rss-parser';
import { urlKey } from '../../news-item/url-key';
import { fieldsOf } from '../../../utils/fields';
import { parseFeedDate } from './feed-dates';
import { absoluteUrl, itemLink, pickImage } from './feed-links';
import { text, type FeedNode } from './feed-nodes';
import { clip, plainText } from './feed-text';

const TITLE_MAX = 300;
const SUMMARY_MAX = 1000;
/** A description cut from the article's full text (content:encoded) keeps its first 300 characters. */
const CONTENT_DESCRIPTION_MAX = 300;

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
