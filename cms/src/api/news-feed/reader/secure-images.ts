/**
 * The site's CSP only loads https: images. An http: image url from a feed is upgraded to https: when its
 * host answers the same url over https, else the item is stored without an image (its card shows the
 * category icon). The check is one HEAD request (no body read, no redirect followed, a short time
 * limit), made once per host and remembered for a few hours, so a pass costs at most one request per
 * image host; concurrent checks of one host share the request.
 */
import dns from 'dns';
import https from 'https';
import type { LookupFunction } from 'net';

const CHECK_TIMEOUT_MS = 3000;
const REMEMBER_MS = 6 * 3600_000;
const MAX_HOSTS = 1000;

const verdicts = new Map<string, { at: number; serves: Promise<boolean> }>();

// Host names are resolved by c-ares (dns.Resolver), not getaddrinfo: getaddrinfo runs on libuv's small
// thread pool, and a few unreachable image hosts would then hold up everything else that uses it (file
// reads, gzip of API responses) for the length of a DNS time-out.
const resolver = new dns.promises.Resolver({ timeout: 1500, tries: 1 });
const lookup: LookupFunction = (hostname, options, callback) => {
  const wantsAll = typeof options === 'object' && (options as { all?: boolean }).all;
  resolver
    .resolve4(hostname)
    .catch(() => resolver.resolve6(hostname).then((addresses) => addresses.map((address) => ({ address, family: 6 }))))
    .then((found) => {
      const addresses = (found as Array<string | { address: string; family: number }>).map((entry) => (typeof entry === 'string' ? { address: entry, family: 4 } : entry));
      if (!addresses.length) throw Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
      if (wantsAll) (callback as unknown as (error: null, all: typeof addresses) => void)(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    })
    .catch((error) => callback(error, '', 0));
};

function headOverHttps(url: URL): Promise<boolean> {
  return new Promise((resolve) => {
    const request = https.request(url, { method: 'HEAD', timeout: CHECK_TIMEOUT_MS, lookup, headers: { 'User-Agent': 'HAIC-news-aggregator/1.0' } }, (response) => {
      response.resume();
      const status = response.statusCode ?? 0;
      // 405: the host speaks https but refuses HEAD; it serves the image to a browser's GET.
      resolve((status >= 200 && status < 400) || status === 405);
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve(false));
    request.end();
  });
}

function hostServesHttps(url: URL): Promise<boolean> {
  const host = url.host.toLowerCase();
  const known = verdicts.get(host);
  if (known && Date.now() - known.at < REMEMBER_MS) return known.serves;
  if (verdicts.size >= MAX_HOSTS) verdicts.clear();
  const serves = headOverHttps(url);
  verdicts.set(host, { at: Date.now(), serves });
  return serves;
}

/** An https: image url the site can show, or null. */
export async function secureImageUrl(imageUrl: string | null): Promise<string | null> {
  if (!imageUrl) return null;
  const url = new URL(imageUrl);
  if (url.protocol === 'https:') return url.href;
  if (url.protocol !== 'http:') return null;
  url.protocol = 'https:';
  return (await hostServesHttps(url)) ? url.href : null;
}

/** Forgets every host's verdict (tests start each scenario afresh). */
export function forgetImageHosts() {
  verdicts.clear();
}
