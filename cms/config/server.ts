export default ({ env }) => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  url: env('PUBLIC_URL', ''),
  // Behind a reverse proxy (TRUST_PROXY=true): ctx.ip is the client's address from X-Forwarded-For
  // and ctx.secure follows X-Forwarded-Proto. Strapi 5 reads server.proxy.koa (core/services/server).
  // Never set it without a proxy in front: clients could then choose their own address.
  proxy: {
    koa: env.bool('TRUST_PROXY', false),
    // How many proxies append to X-Forwarded-For (0 = take the leftmost address).
    maxIpsCount: env.int('TRUST_PROXY_HOPS', 1),
  },
  app: {
    keys: env.array('APP_KEYS'),
  },
  cron: {
    enabled: env.bool('CRON_ENABLED', true),
  },
});
