/**
 * News aggregation: one pass reads every enabled feed and stores its new items with the feed's category.
 *
 * - Feeds are downloaded side by side (a few at a time), each with its own time limit and size cap, so a
 *   broken or slow feed only records its own error; they are read (decoded, parsed, turned into plain
 *   text) on a worker thread, so that the server keeps answering during a pass.
 * - Items are then stored feed by feed, in the order the feeds were created, so that when two feeds carry
 *   the same article in one pass the older feed keeps it, every time. Across passes the rule is "the first
 *   feed that stored it keeps it": items are never re-assigned. The unique index on news_items.url_key
 *   (see news-item/url-key.ts) makes this hold between processes too: an insert that meets an existing key
 *   is ignored.
 * - An item without a usable date takes the time this pass first saw it (less a millisecond per place in
 *   its feed, so the feed's order survives) and keeps it: stored items are never rewritten.
 * - Each feed records its last fetch time, items seen, items stored and last error ("no items",
 *   "N items skipped: no link", a download or parse error).
 */
import type { Core } from '@strapi/strapi';
import { NEWS_CATEGORIES, type FeedResult } from '@haic/contract';
import type { Candidate } from '../reader/feed-reader';
import { startFeedReaderThread, type FeedReaderThread } from '../reader/feed-workers';
import { secureImageUrl } from '../reader/secure-images';
import { outboundRequest } from '../../../utils/outbound';
import { feedLastSuccess } from '../../../utils/metrics';
import { isUniqueViolation } from '../../../utils/db-errors';
import { fieldsOf } from '../../../utils/fields';
import { setting } from '../../../utils/settings';

/** Large podcast feeds run to a few MB (Giant Bombcast: 1.6 MB); anything beyond this is refused. */
const MAX_FEED_BYTES = 4 * 1024 * 1024;
/** The newest entries of each feed are stored; /news is a digest, not an archive. */
const MAX_ITEMS_PER_FEED = 50;
const PARALLEL_DOWNLOADS = 4;
const MAX_REDIRECTS = 5;
const CATEGORIES = new Set<string>(NEWS_CATEGORIES);
const NEWS = 'api::news-item.news-item';
const FEED = 'api::news-feed.news-feed';

interface AggregationReport {
  startedAt: string;
  feeds: FeedResult[];
  created: number;
}

function feedTimeoutMs(): number {
  return setting('NEWS_FEED_TIMEOUT_MS');
}

const short = (message: string, max = 500) => (message.length > max ? `${message.slice(0, max - 1)}…` : message);

/** Downloads a feed's bytes through the outbound client: its rules, the time limit, the size cap. */
async function download(url: string, timeoutMs: number): Promise<{ bytes: Uint8Array; contentType: string | null }> {
  try {
    const response = await outboundRequest(url, {
      deadlineMs: timeoutMs,
      maxRedirects: MAX_REDIRECTS,
      maxBytes: MAX_FEED_BYTES,
      headers: { Accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml;q=0.9, */*;q=0.5', 'User-Agent': 'HAIC-news-aggregator/1.0' },
    });
    if (response.status < 200 || response.status >= 300) throw new Error(`HTTP ${response.status}`);
    const contentType = response.headers['content-type'];
    return { bytes: response.body, contentType: typeof contentType === 'string' ? contentType : null };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ETOOLARGE') throw new Error(`feed is larger than ${MAX_FEED_BYTES / 1024 / 1024} MB`, { cause: error });
    // A dropped or reset connection is worth one more try; a refusal or a time-out is not.
    const network = code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNREFUSED' || code === 'UND_ERR_SOCKET';
    throw Object.assign(new Error(code && !(error as Error).message.includes(code) ? `${(error as Error).message}: ${code}` : (error as Error).message), {
      network,
    });
  }
}

/** A connection the server closed between two uses is the usual reason for a network error: try once more. */
async function downloadWithRetry(url: string, timeoutMs: number) {
  try {
    return await download(url, timeoutMs);
  } catch (error) {
    if (!(error as { network?: boolean }).network) throw error;
    return download(url, timeoutMs);
  }
}

interface FeedRow {
  id: number;
  documentId: string;
  name: string;
  url: string;
  category: string;
}

interface FeedRead {
  seen: number;
  candidates: Candidate[];
  problems: string[];
  error?: string;
}

async function readFeed(feed: FeedRow, reader: FeedReaderThread, timeoutMs: number, now: number): Promise<FeedRead> {
  try {
    const { bytes, contentType } = await downloadWithRetry(feed.url, timeoutMs);
    const items = await reader.read(bytes, contentType, feed.url, MAX_ITEMS_PER_FEED, now);
    const problems: string[] = [];
    if (!items.seen) problems.push('no items');
    if (items.skippedNoLink) problems.push(`${items.skippedNoLink} item${items.skippedNoLink === 1 ? '' : 's'} skipped: no link`);
    if (items.skippedNoTitle) problems.push(`${items.skippedNoTitle} item${items.skippedNoTitle === 1 ? '' : 's'} skipped: no title`);
    return { seen: items.seen, candidates: items.candidates, problems };
  } catch (error) {
    return { seen: 0, candidates: [], problems: [], error: short((error as Error).message || String(error)) };
  }
}

/** Runs `task` over `inputs` with at most `limit` at once, keeping the input order in the output. */
async function mapLimited<T, R>(inputs: T[], limit: number, task: (input: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(inputs.length);
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const index = next++;
      results[index] = await task(inputs[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, inputs.length) }, worker));
  return results;
}

/** A database error without the SQL statement knex puts in front of the reason. */
const reasonOf = (error: unknown) => {
  const message = String(fieldsOf(error).message ?? error);
  const cut = message.lastIndexOf(' - ');
  return cut >= 0 ? message.slice(cut + 3) : message;
};

const createAggregatorService = ({ strapi }: { strapi: Core.Strapi }) => {
  let running: Promise<AggregationReport> | null = null;

  /**
   * The feed's candidates not stored yet, with their images made safe (https or none). Runs for all feeds
   * side by side: the image checks are network round trips.
   */
  async function prepare(read: FeedRead): Promise<Array<{ candidate: Candidate; place: number; imageUrl: string | null }>> {
    if (!read.candidates.length) return [];
    const known: Array<{ urlKey: string | null; url: string }> = await strapi.db.query(NEWS).findMany({
      select: ['urlKey', 'url'],
      where: { $or: [{ urlKey: { $in: read.candidates.map((c) => c.urlKey) } }, { url: { $in: read.candidates.map((c) => c.url) } }] },
    });
    const stored = new Set<string | null>([...known.map((row) => row.urlKey), ...known.map((row) => row.url)]);
    const fresh = read.candidates
      .map((candidate, place) => ({ candidate, place }))
      .filter(({ candidate }) => !stored.has(candidate.urlKey) && !stored.has(candidate.url));
    const images = await Promise.all(fresh.map(({ candidate }) => secureImageUrl(candidate.imageUrl)));
    return fresh.map((entry, index) => ({ ...entry, imageUrl: images[index] }));
  }

  /** Stores one feed's new items (insert-or-ignore on the url key); returns how many were stored. */
  async function store(feed: FeedRow, fresh: Awaited<ReturnType<typeof prepare>>, firstSeen: number): Promise<number> {
    const category = CATEGORIES.has(feed.category) ? feed.category : 'other';
    let created = 0;
    for (const { candidate, place, imageUrl } of fresh) {
      try {
        await strapi.db.query(NEWS).create({
          data: {
            title: candidate.title,
            description: candidate.description,
            url: candidate.url,
            urlKey: candidate.urlKey,
            source: short(feed.name, 200),
            category,
            publishedDate: new Date(candidate.publishedMs ?? firstSeen - place),
            imageUrl,
            isActive: true,
            feed: feed.id,
          },
        });
        created += 1;
      } catch (error) {
        // Stored meanwhile by another process or an editor: the first one keeps it.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    return created;
  }

  async function runOnce(): Promise<AggregationReport> {
    const started = Date.now();
    const feeds: FeedRow[] = await strapi.db.query(FEED).findMany({
      select: ['id', 'documentId', 'name', 'url', 'category'],
      where: { enabled: true },
      orderBy: { id: 'asc' },
    });
    const timeoutMs = feedTimeoutMs();
    const reader = startFeedReaderThread();
    const reads = await mapLimited(feeds, PARALLEL_DOWNLOADS, (feed) => readFeed(feed, reader, timeoutMs, started)).finally(() => reader.close());
    const prepared = await Promise.allSettled(reads.map((read) => prepare(read)));

    const results: FeedResult[] = [];
    for (const [index, feed] of feeds.entries()) {
      const read = reads[index];
      const fresh = prepared[index];
      let created = 0;
      let error = read.error;
      try {
        if (fresh.status === 'rejected') throw fresh.reason;
        created = await store(feed, fresh.value, started);
      } catch (storeError) {
        error = short(`could not store items: ${reasonOf(storeError)}`);
      }
      const lastError = error ?? (read.problems.length ? read.problems.join('; ') : null);
      await strapi.db.query(FEED).update({
        where: { id: feed.id },
        data: { lastFetchedAt: new Date(), itemsSeen: read.seen, itemsStored: created, lastError },
      });
      if (error) strapi.log.warn(`[news] feed "${feed.name}" failed: ${error}`, { type: 'feed', feed: feed.name, error });
      else feedLastSuccess.set({ feed: feed.name }, Date.now() / 1000);
      results.push({ feed: feed.name, seen: read.seen, created, skipped: read.seen - created, ...(lastError ? { error: lastError } : {}) });
    }
    const created = results.reduce((sum, result) => sum + result.created, 0);
    if (feeds.length) strapi.log.info(`[news] aggregated ${feeds.length} feed(s): ${created} new item(s)`);
    return { startedAt: new Date(started).toISOString(), feeds: results, created };
  }

  return {
    /**
     * One aggregation pass over every enabled feed: the one entry point for the cron job, the panel's
     * Fetch now and `npm run fetch-news`. A pass already under way in this process is joined rather than
     * started twice. The cron job is made exclusive across instances where it is scheduled
     * (bootstrap/content.ts); a pass that overlaps another instance's stores nothing twice (unique urlKey).
     */
    run(): Promise<AggregationReport> {
      if (!running) running = runOnce().finally(() => (running = null));
      return running;
    },
  };
};

export type AggregatorService = ReturnType<typeof createAggregatorService>;

export default createAggregatorService;
