/**
 * News aggregation: reads every enabled feed (RSS 2.0 or Atom), maps its entries to news
 * items with the feed's category and de-duplicates them by url. Feeds are fetched side by
 * side, each with its own time limit and size cap, so a broken or slow feed only records
 * its own lastError and never holds up the others or the server.
 */
import Parser from 'rss-parser';
import type { Core } from '@strapi/strapi';

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_FEED_BYTES = 2 * 1024 * 1024;
const MAX_ITEMS_PER_FEED = 50;
const CATEGORIES = new Set(['health', 'finance', 'crypto', 'other']);

export interface FeedResult {
  feed: string;
  created: number;
  skipped: number;
  error?: string;
}

export interface AggregationReport {
  startedAt: string;
  feeds: FeedResult[];
  created: number;
}

const parser = new Parser({ timeout: DEFAULT_TIMEOUT_MS });

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

export function feedTimeoutMs(): number {
  const value = Number(process.env.NEWS_FEED_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_TIMEOUT_MS;
}

/** Downloads a feed's text within the time limit and size cap. */
async function download(url: string, timeoutMs: number): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, {
      signal: controller.signal,
      redirect: 'follow',
      headers: { Accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml;q=0.9, */*;q=0.5', 'User-Agent': 'HAIC-news-aggregator/1.0' },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    if (!response.body) return '';
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_FEED_BYTES) {
        await reader.cancel();
        throw new Error('feed is larger than 2 MB');
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    if (controller.signal.aborted) throw new Error(`no answer within ${timeoutMs} ms`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  let running: Promise<AggregationReport> | null = null;

  async function fetchFeed(feed: any, seen: Set<string>, timeoutMs: number): Promise<FeedResult> {
    const result: FeedResult = { feed: feed.name, created: 0, skipped: 0 };
    try {
      const xml = await download(feed.url, timeoutMs);
      const parsed = await parser.parseString(xml);
      const category = CATEGORIES.has(feed.category) ? feed.category : 'other';
      const entries = (parsed.items ?? []).slice(0, MAX_ITEMS_PER_FEED);

      const candidates = entries
        .map((entry: any) => ({ entry, url: typeof entry.link === 'string' ? entry.link.trim() : entry.link }))
        .filter(({ entry, url }) => isHttpUrl(url) && typeof entry.title === 'string' && entry.title.trim());
      result.skipped += entries.length - candidates.length;

      const urls = candidates.map((c) => c.url as string);
      const existing = urls.length
        ? await strapi.db.query('api::news-item.news-item').findMany({ select: ['url'], where: { url: { $in: urls } } })
        : [];
      const stored = new Set(existing.map((row: any) => row.url));

      for (const { entry, url } of candidates) {
        if (stored.has(url) || seen.has(url)) {
          result.skipped += 1;
          continue;
        }
        seen.add(url);
        const published = new Date(entry.isoDate || entry.pubDate || Date.now());
        const description = stripTags(String(entry.contentSnippet || entry.summary || entry.content || ''));
        const image = entry.enclosure?.url && /^image\//.test(entry.enclosure.type ?? 'image/') ? entry.enclosure.url : undefined;
        try {
          await strapi.documents('api::news-item.news-item').create({
            data: {
              title: clip(stripTags(entry.title), 300),
              description: clip(description, 1000),
              url,
              source: clip(feed.name, 200),
              category,
              publishedDate: (Number.isNaN(published.getTime()) ? new Date() : published).toISOString(),
              imageUrl: isHttpUrl(image) && image.length <= 1000 ? image : null,
              isActive: true,
              feed: feed.documentId,
            } as any,
          });
          result.created += 1;
        } catch (error) {
          // Another run or an editor stored the same url meanwhile: unique constraint.
          result.skipped += 1;
          strapi.log.debug(`[news] skipped ${url}: ${(error as Error).message}`);
        }
      }
    } catch (error) {
      result.error = clip((error as Error).message || String(error), 500);
    }

    await strapi.db.query('api::news-feed.news-feed').update({
      where: { id: feed.id },
      data: { lastFetchedAt: new Date(), lastError: result.error ?? null },
    });
    if (result.error) strapi.log.warn(`[news] feed "${feed.name}" failed: ${result.error}`);
    return result;
  }

  async function runOnce(): Promise<AggregationReport> {
    const startedAt = new Date().toISOString();
    const feeds = await strapi.db.query('api::news-feed.news-feed').findMany({
      select: ['id', 'documentId', 'name', 'url', 'category'],
      where: { enabled: true },
    });
    const seen = new Set<string>();
    const timeoutMs = feedTimeoutMs();
    const settled = await Promise.allSettled(feeds.map((feed: any) => fetchFeed(feed, seen, timeoutMs)));
    const results = settled.map((outcome, i) =>
      outcome.status === 'fulfilled' ? outcome.value : { feed: feeds[i].name, created: 0, skipped: 0, error: String(outcome.reason) },
    );
    const created = results.reduce((sum, r) => sum + r.created, 0);
    if (feeds.length) strapi.log.info(`[news] aggregated ${feeds.length} feed(s): ${created} new item(s)`);
    return { startedAt, feeds: results, created };
  }

  return {
    /** One aggregation pass; a pass already under way is joined rather than started twice. */
    run(): Promise<AggregationReport> {
      if (!running) running = runOnce().finally(() => (running = null));
      return running;
    },
  };
};
