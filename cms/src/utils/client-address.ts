/**
 * The address a per-address limit counts. An IPv4 client is its address; an IPv6 client is its /64
 * network, because one subscriber is handed a whole /64 and could otherwise take a fresh address for
 * every request. IPv4-mapped IPv6 ('::ffff:1.2.3.4', how Node reports IPv4 on a dual-stack socket)
 * is the IPv4 address.
 */
import net from 'net';

/** The eight 16-bit groups of an IPv6 address (zone id dropped, '::' and a dotted IPv4 tail expanded), or null. */
export function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0];
  const dotted = text.lastIndexOf(':') >= 0 ? text.slice(text.lastIndexOf(':') + 1) : '';
  if (net.isIPv4(dotted)) {
    const [a, b, c, d] = dotted.split('.').map(Number);
    text = `${text.slice(0, text.length - dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const groups = tail === undefined ? left : [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

export function limitKeyOfAddress(address: string): string {
  if (!net.isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The request's client address as per-address limits count it (see limitKeyOfAddress). */
export const clientLimitKey = (ctx: { ip: string }): string => limitKeyOfAddress(ctx.ip);

/**
 * TRUST_PROXY=true stands for these: loopback, the private ranges (RFC 1918, IPv6 unique-local) and link-local,
 * where the proxies of one host or one private network (Docker's, a cloud VPC's) sit.
 */
const PRIVATE_RANGES = ['127.0.0.0/8', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '::1/128', 'fc00::/7', 'fe80::/10'];

/** An IPv4-mapped IPv6 address ('::ffff:1.2.3.4', how a dual-stack socket reports IPv4) as its IPv4 address. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1] : address;
}

/** One address or CIDR range of TRUSTED_PROXIES added to `list`; false when it is neither. */
function addProxy(list: net.BlockList, entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  const plain = plainAddress(address);
  const family = net.isIPv4(plain) ? 'ipv4' : net.isIPv6(plain) ? 'ipv6' : null;
  if (!family || extra !== undefined) return false;
  if (bits === undefined) {
    list.addAddress(plain, family);
    return true;
  }
  const prefix = /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
  if (!(prefix <= (family === 'ipv4' ? 32 : 128))) return false;
  list.addSubnet(plain, prefix, family);
  return true;
}

/** The proxies whose forwarding headers are read, or null when none is trusted. */
export interface TrustedProxies {
  has(address: string): boolean;
}

/**
 * The trusted proxies from TRUSTED_PROXIES (addresses and CIDR ranges, IPv4 and IPv6), else TRUST_PROXY=true's
 * loopback and private ranges, else none (null). Throws naming the entry that is no address or range.
 */
export function trustedProxies(listed: readonly string[], trustPrivate: boolean): TrustedProxies | null {
  const entries = listed.length ? listed : trustPrivate ? PRIVATE_RANGES : [];
  if (!entries.length) return null;
  const list = new net.BlockList();
  for (const entry of entries) {
    if (!addProxy(list, entry)) throw new Error(`TRUSTED_PROXIES must list IP addresses or CIDR ranges (e.g. 10.0.0.0/8, ::1), got "${entry}"`);
  }
  return {
    has(address) {
      const plain = plainAddress(address.split('%')[0]);
      return net.isIPv4(plain) ? list.check(plain, 'ipv4') : net.isIPv6(plain) ? list.check(plain, 'ipv6') : false;
    },
  };
}

/** An X-Forwarded-For entry as an address: a port some proxies add (`1.2.3.4:80`, `[::1]:80`) dropped; null when it is none. */
function forwardedAddress(entry: string): string | null {
  let text = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.indexOf(':'));
  return net.isIP(text) ? plainAddress(text) : null;
}

/**
 * The client's address, as nginx's real_ip_recursive finds it: the peer, when it is not a trusted proxy;
 * else the right-most X-Forwarded-For entry that is not one (each trusted proxy vouches for the entry on
 * its left, nobody for the ones further left, which the client may have written). An entry that is no
 * address ends the walk at the proxy that passed it. `Forwarded` (RFC 7239) is not read.
 */
export function clientAddress(peer: string, forwardedFor: string | undefined, trusted: TrustedProxies | null): string {
  let client = plainAddress(peer);
  if (!trusted || !forwardedFor) return client;
  const entries = forwardedFor.split(',');
  for (let i = entries.length - 1; i >= 0 && trusted.has(client); i -= 1) {
    const entry = forwardedAddress(entries[i]);
    if (entry === null) break;
    client = entry;
  }
  return client;
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port', 'forwarded'] as const;

/**
 * Makes a request's forwarding headers say only what a trusted proxy vouches for, before anything reads them
 * (the edge calls it first, edge/dispatch.ts): from a peer that is not a trusted proxy they are all dropped; from one that
 * is, X-Forwarded-For becomes the one client address (clientAddress), which Koa's ctx.ip then reads, and the
 * forwarded scheme and host are kept. So every per-address limit, log line and metric sees one address.
 */
export function acceptForwarding(headers: Record<string, string | string[] | undefined>, peer: string, trusted: TrustedProxies | null): void {
  if (!trusted || !trusted.has(peer)) {
    for (const name of FORWARDING_HEADERS) delete headers[name];
    return;
  }
  const forwardedFor = headers['x-forwarded-for'];
  headers['x-forwarded-for'] = clientAddress(peer, Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor, trusted);
}
