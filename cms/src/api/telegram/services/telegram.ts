/**
 * The Telegram bot: receives Bot API updates on POST /api/telegram/webhook and answers through
 * sendMessage. Settings from env: TELEGRAM_BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET (Telegram sends it in
 * X-Telegram-Bot-Api-Secret-Token), TELEGRAM_API_BASE (default https://api.telegram.org; tests point
 * it at a local fake Bot API), TELEGRAM_REPLY_TIMEOUT_MS (default 5000: one sendMessage attempt).
 *
 * Telegram re-delivers an update whenever the webhook is slow or fails, so:
 * - each update_id is handled once: it is stored (unique) before the update is acted on, and a
 *   re-delivery is answered 200 with no reply;
 * - the webhook answers at once and the chat reply is sent after the answer, with a time limit and one
 *   retry, so a slow Bot API never holds the webhook (and never invites a re-delivery).
 * Linking happens in a private chat: `message` and `edited_message` (a corrected `/link CODE`) are read
 * alike; channel posts, group chats, callback queries and the rest are acknowledged and ignored. A text
 * with a NUL or another control character is refused: acknowledged, no reply, nothing stored.
 */
import type { Core } from '@strapi/strapi';
import type { TelegramWebhookOutcome } from '@haic/contract';
import { textProblem } from '../../../utils/text-rules';
import { isUniqueViolation } from '../../../utils/db-errors';
import { fieldsOf } from '../../../utils/fields';
import type { LinkingCodeService } from '../../linking-code/services/linking-code';
import { setting } from '../../../utils/settings';
import { sameSecret } from '../../../utils/signed-token';
import { callSendMessage, sendMessageUrl } from './outbox';

const REPLIES = {
  linked: (username: string) => `Your Telegram account is now linked to the HAIC account "${username}". You can unlink it from your profile at any time.`,
  invalid: 'Sorry, that linking code is not valid or has expired. Please generate a new code on your HAIC profile and send it here as /link CODE.',
  chatTaken: 'This Telegram account is already linked to another HAIC account. Please unlink it from that profile first.',
  help: 'Hello! To link your HAIC account, open your profile on the HAIC site, generate a linking code and send it here as /link CODE.',
};

const COMMAND = /^\/(start|link)(?:@[A-Za-z0-9_]+)?(?:\s+(.+))?$/s;
const UPDATE = 'api::telegram.telegram-update';
const RETRY_DELAY_MS = 1000;
/** Telegram gives up re-delivering an update after 24 hours; handled ids are kept a week. */
const KEEP_UPDATE_IDS_MS = 7 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

/** The one text rule (utils/text-rules): no NUL or other control character, no unpaired surrogate. */
const textRefused = (text: string) => textProblem(text) !== null;

/** The parts of a Bot API update read here: they come from outside, so each is checked before use. */
interface TelegramMessage {
  text?: unknown;
  caption?: unknown;
  chat?: { id?: unknown; type?: unknown };
  from?: { id?: unknown; is_bot?: unknown; username?: unknown };
}

interface TelegramUpdate {
  update_id?: unknown;
  message?: TelegramMessage;
  edited_message?: TelegramMessage;
}

interface UpdateOutcome {
  handled: TelegramWebhookOutcome;
  /** The chat reply to send once the webhook has answered. */
  reply?: { chatId: number | string; text: string };
}

const createTelegramService = ({ strapi }: { strapi: Core.Strapi }) => {
  let lastPrune = 0;

  /** Records the update_id; false when it was handled before (a re-delivery). */
  async function firstDelivery(updateId: number): Promise<boolean> {
    try {
      await strapi.db.query(UPDATE).create({ data: { updateId } });
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await strapi.db.query(UPDATE).deleteMany({ where: { createdAt: { $lt: new Date(Date.now() - KEEP_UPDATE_IDS_MS) } } });
    }
    return true;
  }

  /** One sendMessage call within the time limit; 'retry' when another attempt may succeed. */
  async function attempt(url: string, chatId: number | string, text: string): Promise<'sent' | 'failed' | 'retry'> {
    const outcome = await callSendMessage(url, chatId, text);
    if (outcome.kind === 'sent') return 'sent';
    strapi.log.warn(`telegram: sendMessage not sent: ${outcome.why}`);
    // A reply to a message the player just sent: a second try is worth more than the small risk of a repeat.
    return outcome.kind === 'failed' ? 'failed' : 'retry';
  }

  return {
    isConfigured: () => !!setting('TELEGRAM_WEBHOOK_SECRET'),

    secretMatches: (given: unknown) => sameSecret(setting('TELEGRAM_WEBHOOK_SECRET'), given),

    /** Sends a chat message: one attempt, and one retry after a timeout, network error, 429 or 5xx. Never throws. */
    async sendMessage(chatId: number | string, text: string): Promise<boolean> {
      const url = sendMessageUrl();
      if (!url) {
        strapi.log.warn('telegram: TELEGRAM_BOT_TOKEN is not set; reply not sent');
        return false;
      }
      const first = await attempt(url, chatId, text);
      if (first !== 'retry') return first === 'sent';
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      return (await attempt(url, chatId, text)) === 'sent';
    },

    /** Acts on one update and says what to reply; the caller sends the reply after answering Telegram. */
    async handleUpdate(body: unknown): Promise<UpdateOutcome> {
      const update: TelegramUpdate = fieldsOf(body);
      const updateId = update.update_id;
      if (typeof updateId !== 'number' || !Number.isSafeInteger(updateId) || updateId < 0) return { handled: 'ignored' };
      const message = update.message ?? update.edited_message;
      const chatId = message?.chat?.id;
      const from = message?.from;
      const fromId = from?.id;
      const relevant =
        message &&
        (typeof chatId === 'number' || typeof chatId === 'string') &&
        (typeof fromId === 'number' || typeof fromId === 'string') &&
        fromId &&
        !from?.is_bot &&
        (message.chat?.type ?? 'private') === 'private';
      if (!relevant) return { handled: 'ignored' };
      if ([message.text, message.caption, from?.username].some((text) => typeof text === 'string' && textRefused(text))) return { handled: 'refused' };
      if (!(await firstDelivery(updateId))) return { handled: 'duplicate' };

      // A photo's caption is read like a text; a sticker or voice note gets the same help as every other text.
      const said = typeof message.text === 'string' ? message.text : typeof message.caption === 'string' ? message.caption : '';
      const match = COMMAND.exec(said.trim());
      const code = match?.[2]?.trim();
      if (!match || !code) return { handled: 'help', reply: { chatId, text: REPLIES.help } };

      const result = await (strapi.service('api::linking-code.linking-code') as LinkingCodeService).redeem(code, {
        id: fromId,
        username: typeof from?.username === 'string' ? from.username : null,
      });
      if (result.kind === 'linked') return { handled: 'linked', reply: { chatId, text: REPLIES.linked(result.username) } };
      return { handled: result.kind, reply: { chatId, text: result.kind === 'chat-taken' ? REPLIES.chatTaken : REPLIES.invalid } };
    },
  };
};

export type TelegramService = ReturnType<typeof createTelegramService>;

export default createTelegramService;
