/**
 * The key two news items are "the same article" by: the url with the scheme folded to https, the host
 * lower-cased and without www. or a default port, no fragment, no trailing slash, and without tracking
 * parameters (utm_*, fbclid, gclid and the like); the remaining parameters are sorted. A unique index on
 * this key (news_items.url_key) makes "first stored wins" hold under concurrent writers too.
 */
const TRACKING_PARAMS = new Set([
  'fbclid',
  'gclid',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'ito',
  'cmpid',
  'ocid',
  'ref_src',
  'spm',
  'wt_mc',
  'wt_zmc',
]);
const TRACKING_PREFIXES = ['utm_', 'ns_', 'pk_', 'mtm_', 'at_'];

const isTrackingParam = (name: string) => {
  const lower = name.toLowerCase();
  return TRACKING_PARAMS.has(lower) || TRACKING_PREFIXES.some((prefix) => lower.startsWith(prefix));
};

/** The normalised key of an absolute http(s) url, or null when it is not one. */
export function urlKey(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const port = url.port && url.port !== '80' && url.port !== '443' ? `:${url.port}` : '';
  let path = url.pathname;
  while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  if (path === '/') path = '';
  const params = [...url.searchParams.entries()].filter(([name]) => !isTrackingParam(name));
  params.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : '';
  return `https://${host}${port}${path}${query}`;
}
