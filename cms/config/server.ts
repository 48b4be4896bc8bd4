import { setting, validateSettings } from '../src/utils/settings';

export default () => {
  // Every setting is checked here, at start: the first bad one stops the server, named (src/utils/settings.ts).
  validateSettings();
  const trustProxy = setting('TRUST_PROXY');
  const hops = setting('TRUST_PROXY_HOPS');
  // 0 would make Koa take the leftmost X-Forwarded-For entry: the one the client writes itself.
  if (trustProxy && hops < 1) {
    throw new Error(`TRUST_PROXY_HOPS must be the number of proxies in front (1 or more), not "${hops}"`);
  }
  const publicUrl = setting('PUBLIC_URL');
  if (setting('REQUIRE_PUBLIC_URL') && !publicUrl) {
    throw new Error('PUBLIC_URL is required here (REQUIRE_PUBLIC_URL=true): set it to the public address, e.g. https://haic.example.com');
  }
  return {
    host: setting('HOST'),
    port: setting('PORT'),
    url: publicUrl,
    // Behind a reverse proxy (TRUST_PROXY=true): ctx.ip is the client's address from X-Forwarded-For
    // and ctx.secure follows X-Forwarded-Proto. Strapi 5 reads server.proxy.koa (core/services/server).
    // Never set it without a proxy in front: clients could then choose their own address.
    proxy: {
      koa: trustProxy,
      // How many proxies append to X-Forwarded-For: the address that many entries from the right is the client's.
      maxIpsCount: hops,
    },
    app: {
      keys: setting('APP_KEYS'),
    },
    cron: {
      enabled: setting('CRON_ENABLED'),
    },
  };
};
