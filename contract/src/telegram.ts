/** Linking a site account to a Telegram chat: the account's status, a one-time code, the bot's notices to it, and the bot's webhook answer. */

/** Whether an account has a linked Telegram account (POST /api/users/{id}/unlink-telegram's answer). */
export interface TelegramLink {
  isLinked: boolean;
  telegramUsername: string | null;
}

/** GET /api/users/{id}/telegram-link. */
export interface TelegramLinkStatus extends TelegramLink {
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

/** POST /api/users/{id}/generate-linking-code: a code to send the bot as `${command} ${linkingCode}`. */
export interface LinkingCode {
  linkingCode: string;
  expiresAt: string;
  /** The bot's name, from the server's settings (the site needs no rebuild to change it). */
  botName: string;
  command: string;
}

/** A linking code: 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L), short enough to type. */
export const LINKING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const LINKING_CODE_LENGTH = 8;

/** What the webhook did with an update (it answers 200 whatever, so that Telegram does not re-send it). */
export const TELEGRAM_WEBHOOK_OUTCOMES = ['ignored', 'duplicate', 'refused', 'linked', 'invalid', 'chat-taken', 'help'] as const;
export type TelegramWebhookOutcome = (typeof TELEGRAM_WEBHOOK_OUTCOMES)[number];

/** POST /api/telegram/webhook's answer. */
export interface TelegramWebhookAnswer {
  ok: true;
  handled: TelegramWebhookOutcome;
}
