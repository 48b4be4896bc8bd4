// Telegram posts updates here; exempt from XSRF (middlewares/xsrf.ts), guarded by the secret header.
export default {
  routes: [{ method: 'POST', path: '/telegram/webhook', handler: 'telegram.webhook', config: { auth: false } }],
};
