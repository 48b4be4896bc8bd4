/** The chat-messenger (Telegram) link of an account, and the bot's notices to it. */

/** GET /api/users/{id}/telegram-link. */
export interface TelegramLinkStatus {
  isLinked: boolean;
  telegramUsername: string | null;
  /** Whether the bot tells the player when someone takes their place in this week's top 10 and when a season ends (never without a link). */
  notices: boolean;
}

/** PUT /api/users/{id}/telegram-notices: the switch on /profile. */
export interface TelegramNoticesRequest {
  enabled: boolean;
}

export interface TelegramNoticesStatus {
  notices: boolean;
}

export const telegramNoticesPath = (userId: number | string) => `/api/users/${encodeURIComponent(String(userId))}/telegram-notices`;
