export default ({ strapi }) => ({
  /** Answers Telegram at once; the chat reply (if any) goes out after the answer has been sent. */
  async webhook(ctx) {
    const bot = strapi.service('api::telegram.telegram');
    if (!bot.isConfigured()) return ctx.serviceUnavailable('The Telegram webhook is not configured');
    if (!bot.secretMatches(ctx.get('x-telegram-bot-api-secret-token'))) return ctx.unauthorized('Invalid webhook secret');
    const { handled, reply } = await bot.handleUpdate(ctx.request.body);
    if (reply) ctx.res.once('close', () => void bot.sendMessage(reply.chatId, reply.text));
    ctx.body = { ok: true, handled };
  },
});
