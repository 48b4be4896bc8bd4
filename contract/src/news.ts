/** The categories a news item or feed has: the panel's choices, the aggregator's check and the site's filters. */
export const NEWS_CATEGORIES = ['health', 'finance', 'crypto', 'other'] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

/** The webhook Telegram posts its updates to: exempt from the XSRF check and the input guard (Telegram re-sends what is refused). */
export const TELEGRAM_WEBHOOK_PATH = '/api/telegram/webhook';
