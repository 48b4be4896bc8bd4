import { serviceUnavailable, unauthorized } from '../../../utils/api-error';

export default ({ strapi }) => ({
  /** Answers Telegram at once; the chat reply (if any) goes out after the answer has been sent. */
  async webhook(ctx) {
    const bot = strapi.service('api::telegram.telegram');
    if (!bot.isConfigured()) throw serviceUnavailable('The Telegram webhook is not configured', 60);
    if (!bot.secretMatches(ctx.get('x-telegram-bot-api-secret-token'))) throw unauthorized('Invalid webhook secret');
    const { handled, reply } = await bot.handleUpdate(ctx.request.body);
    if (reply) ctx.res.once('close', () => void bot.sendMessage(reply.chatId, reply.text));
    ctx.body = { ok: true, handled };
  },
});
