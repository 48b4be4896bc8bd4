import type { Context } from 'koa';
import type { TelegramWebhookAnswer } from '@haic/contract';
import type { Core } from '@strapi/strapi';
import { serviceUnavailable, unauthorized } from '../../../utils/api-error';
import type { TelegramService } from '../services/telegram';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** Answers Telegram at once; the chat reply (if any) goes out after the answer has been sent. */
  async webhook(ctx: Context) {
    const bot = strapi.service('api::telegram.telegram') as TelegramService;
    if (!bot.isConfigured()) throw serviceUnavailable('The Telegram webhook is not configured', 60);
    if (!bot.secretMatches(ctx.get('x-telegram-bot-api-secret-token'))) throw unauthorized('Invalid webhook secret');
    const { handled, reply } = await bot.handleUpdate(ctx.request.body);
    if (reply) ctx.res.once('close', () => void bot.sendMessage(reply.chatId, reply.text));
    const answer: TelegramWebhookAnswer = { ok: true, handled };
    ctx.body = answer;
  },
});
