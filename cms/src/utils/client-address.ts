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
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** The request's client address as per-address limits count it (see limitKeyOfAddress). */
export const clientLimitKey = (ctx: { ip: string }): string => limitKeyOfAddress(ctx.ip);
