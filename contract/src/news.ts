/** The categories a news item or feed has: the panel's choices, the aggregator's check and the site's filters. */
export const NEWS_CATEGORIES = ['health', 'finance', 'crypto', 'other'] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

/** A news item as GET /api/news/aggregate answers it (active items only, newest first). */
export interface NewsListItem {
  id: string;
  title: string;
  description: string;
  url: string;
  source: string;
  category: NewsCategory;
  /** The item's own publication time. */
  publishedAt: string;
  imageUrl?: string;
  isActive: true;
}

/** The webhook Telegram posts its updates to: exempt from the XSRF check and the input guard (Telegram re-sends what is refused). */
export const TELEGRAM_WEBHOOK_PATH = '/api/telegram/webhook';

/** One feed's outcome in an aggregation pass (the panel's Fetch now, `npm run fetch-news`, the schedule). */
export interface FeedResult {
  feed: string;
  /** Entries the feed held. */
  seen: number;
  /** New items stored by this pass. */
  created: number;
  /** Entries not stored: already known, beyond the per-feed limit, or unusable. */
  skipped: number;
  error?: string;
}
