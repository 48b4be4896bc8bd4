import { trustedProxies } from '../src/utils/client-address';
import { setting, validateSettings } from '../src/utils/settings';

export default () => {
  // Every setting is checked here, at start: the first bad one stops the server, named (src/utils/settings.ts).
  validateSettings();
  // A TRUSTED_PROXIES entry that is no address or range stops the server, named.
  const proxies = trustedProxies(setting('TRUSTED_PROXIES'), setting('TRUST_PROXY'));
  const publicUrl = setting('PUBLIC_URL');
  if (setting('REQUIRE_PUBLIC_URL') && !publicUrl) {
    throw new Error('PUBLIC_URL is required here (REQUIRE_PUBLIC_URL=true): set it to the public address, e.g. https://haic.example.com');
  }
  return {
    host: setting('HOST'),
    port: setting('PORT'),
    url: publicUrl,
    // Behind trusted proxies, Koa reads X-Forwarded-For, -Proto and -Host (Strapi 5 reads server.proxy.koa):
    // the front door has by then made them say only what a trusted proxy vouches for, X-Forwarded-For the
    // one client address (utils/client-address.ts, acceptForwarding).
    proxy: {
      koa: proxies !== null,
      maxIpsCount: 1,
    },
    app: {
      keys: setting('APP_KEYS'),
    },
    cron: {
      enabled: setting('CRON_ENABLED'),
    },
  };
};
