/**
 * The Telegram bot: receives Bot API updates on POST /api/telegram/webhook and answers through
 * sendMessage. Settings from env: TELEGRAM_BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET (Telegram sends it in
 * X-Telegram-Bot-Api-Secret-Token), TELEGRAM_API_BASE (default https://api.telegram.org; tests point
 * it at a local fake Bot API).
 */
import crypto from 'crypto';
import type { Core } from '@strapi/strapi';
import { findTextProblem } from '../../../utils/text-rules';

export const REPLIES = {
  linked: (username: string) => `Your Telegram account is now linked to the HAIC account "${username}". You can unlink it from your profile at any time.`,
  invalid: 'Sorry, that linking code is not valid or has expired. Please generate a new code on your HAIC profile and send it here as /link CODE.',
  chatTaken: 'This Telegram account is already linked to another HAIC account. Please unlink it from that profile first.',
  help: 'Hello! To link your HAIC account, open your profile on the HAIC site, generate a linking code and send it here as /link CODE.',
};

const COMMAND = /^\/(start|link)(?:@[A-Za-z0-9_]+)?(?:\s+(.+))?$/s;

export function secretMatches(expected: string | undefined, given: unknown): boolean {
  if (!expected || typeof given !== 'string' || !given) return false;
  const a = crypto.createHash('sha256').update(expected).digest();
  const b = crypto.createHash('sha256').update(given).digest();
  return crypto.timingSafeEqual(a, b);
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  isConfigured: () => !!process.env.TELEGRAM_WEBHOOK_SECRET,

  secretMatches: (given: unknown) => secretMatches(process.env.TELEGRAM_WEBHOOK_SECRET, given),

  /** Sends a chat message; failures are logged, never thrown (the update is still handled). */
  async sendMessage(chatId: number | string, text: string): Promise<boolean> {
    const token = process.env.TELEGRAM_BOT_TOKEN;
    if (!token) {
      strapi.log.warn('telegram: TELEGRAM_BOT_TOKEN is not set; reply not sent');
      return false;
    }
    const base = (process.env.TELEGRAM_API_BASE || 'https://api.telegram.org').replace(/\/+$/, '');
    try {
      const response = await fetch(`${base}/bot${token}/sendMessage`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ chat_id: chatId, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) strapi.log.warn(`telegram: sendMessage answered ${response.status}`);
      return response.ok;
    } catch (error) {
      strapi.log.warn(`telegram: sendMessage failed: ${(error as Error).message}`);
      return false;
    }
  },

  /** Handles one update; returns what it did (for logs and tests). */
  async handleUpdate(update: any): Promise<'ignored' | 'linked' | 'invalid' | 'chat-taken' | 'help'> {
    const message = update?.message;
    const chatId = message?.chat?.id;
    const from = message?.from;
    if (!message || chatId === undefined || typeof message.text !== 'string' || !from?.id) return 'ignored';
    // Telegram never sends malformed text; a forged update that does is ignored (the text rule, utils/text-rules).
    if (findTextProblem({ text: message.text, username: from.username, chat: chatId, from: from.id })) return 'ignored';
    if (typeof chatId !== 'number' && typeof chatId !== 'string') return 'ignored';
    if (typeof from.id !== 'number' && typeof from.id !== 'string') return 'ignored';
    // Linking is done in a private chat with the bot only.
    if (message.chat.type && message.chat.type !== 'private') return 'ignored';

    const match = COMMAND.exec(message.text.trim());
    const code = match?.[2]?.trim();
    if (!match || !code) {
      await this.sendMessage(chatId, REPLIES.help);
      return 'help';
    }

    const result = await strapi
      .service('api::linking-code.linking-code')
      .redeem(code, { id: from.id, username: typeof from.username === 'string' ? from.username : null });
    if (result.kind === 'linked') {
      await this.sendMessage(chatId, REPLIES.linked(result.username));
      return 'linked';
    }
    await this.sendMessage(chatId, result.kind === 'chat-taken' ? REPLIES.chatTaken : REPLIES.invalid);
    return result.kind;
  },
});
