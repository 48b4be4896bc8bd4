export default ({ strapi }) => ({
  async webhook(ctx) {
    const bot = strapi.service('api::telegram.telegram');
    if (!bot.isConfigured()) return ctx.serviceUnavailable('The Telegram webhook is not configured');
    if (!bot.secretMatches(ctx.get('x-telegram-bot-api-secret-token'))) return ctx.unauthorized('Invalid webhook secret');
    const handled = await bot.handleUpdate(ctx.request.body);
    ctx.body = { ok: true, handled };
  },
});
