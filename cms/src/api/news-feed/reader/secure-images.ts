/**
 * The site's CSP only loads https: images. An http: image url from a feed is upgraded to https: when its
 * host answers the same url over https, else the item is stored without an image (its card shows the
 * category icon). The check is one HEAD request (no body read, no redirect followed, one deadline for
 * the whole check, public addresses only), made once per host and remembered for a few hours, so a
 * pass costs at most one request per image host; concurrent checks of one host share the request.
 */
import { LRUCache } from 'lru-cache';
import { outboundRequest } from '../../../utils/outbound';

const CHECK_TIMEOUT_MS = 3000;
const REMEMBER_MS = 6 * 3600_000;
const MAX_HOSTS = 1000;

/** Host -> whether it serves https (a pending check is shared); the least recently used hosts give way. */
const verdicts = new LRUCache<string, Promise<boolean>>({ max: MAX_HOSTS, ttl: REMEMBER_MS });

/** One HEAD over https through the outbound client (its address rules, one deadline for the whole check). */
async function headOverHttps(url: URL): Promise<boolean> {
  try {
    const { status } = await outboundRequest(url.href, { method: 'HEAD', deadlineMs: CHECK_TIMEOUT_MS, headers: { 'User-Agent': 'HAIC-news-aggregator/1.0' } });
    // 405: the host speaks https but refuses HEAD; it serves the image to a browser's GET.
    return (status >= 200 && status < 400) || status === 405;
  } catch {
    return false;
  }
}

function hostServesHttps(url: URL): Promise<boolean> {
  const host = url.host.toLowerCase();
  const known = verdicts.get(host);
  if (known) return known;
  const serves = headOverHttps(url);
  verdicts.set(host, serves);
  return serves;
}

/** An https: image url the site can show, or null. */
export async function secureImageUrl(imageUrl: string | null): Promise<string | null> {
  if (!imageUrl) return null;
  let url: URL;
  try {
    url = new URL(imageUrl);
  } catch {
    return null;
  }
  if (url.protocol === 'https:') return url.href;
  if (url.protocol !== 'http:') return null;
  url.protocol = 'https:';
  return (await hostServesHttps(url)) ? url.href : null;
}
