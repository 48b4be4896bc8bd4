import type { Core } from '@strapi/strapi';

export default ({ env }: Core.Config.Shared.ConfigParams) => {
  const trustProxy = env.bool('TRUST_PROXY', false);
  const hops = env('TRUST_PROXY_HOPS', '1');
  // 0 would make Koa take the leftmost X-Forwarded-For entry: the one the client writes itself.
  if (trustProxy && !/^[1-9]\d?$/.test(String(hops))) {
    throw new Error(`TRUST_PROXY_HOPS must be the number of proxies in front (1 or more), not "${hops}"`);
  }
  const publicUrl = env('PUBLIC_URL', '');
  if (publicUrl && !/^https?:\/\/[^/?#\s]+\/?$/i.test(publicUrl)) {
    throw new Error(`PUBLIC_URL must be the site's origin, e.g. https://haic.example.com, not "${publicUrl}"`);
  }
  if (env.bool('REQUIRE_PUBLIC_URL', false) && !publicUrl) {
    throw new Error('PUBLIC_URL is required here (REQUIRE_PUBLIC_URL=true): set it to the public address, e.g. https://haic.example.com');
  }
  return {
    host: env('HOST', '0.0.0.0'),
    port: env.int('PORT', 1337),
    url: publicUrl,
    // Behind a reverse proxy (TRUST_PROXY=true): ctx.ip is the client's address from X-Forwarded-For
    // and ctx.secure follows X-Forwarded-Proto. Strapi 5 reads server.proxy.koa (core/services/server).
    // Never set it without a proxy in front: clients could then choose their own address.
    proxy: {
      koa: trustProxy,
      // How many proxies append to X-Forwarded-For: the address that many entries from the right is the client's.
      maxIpsCount: Number(hops),
    },
    app: {
      keys: env.array('APP_KEYS'),
    },
    cron: {
      enabled: env.bool('CRON_ENABLED', true),
    },
  };
};
