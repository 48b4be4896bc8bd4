/**
 * The one client for requests made on an outsider's say-so (news feeds, their redirects, the images
 * their items name) and to the XRP Ledger's JSON-RPC servers (the HAIC holder check). A feed URL is
 * chosen by an editor and a redirect or an image URL by a third party, so each request is held to:
 * - http and https only, and a few redirects, each hop checked like the first;
 * - one deadline for the whole request (connect, headers and body), not an idle time-out a host could
 *   keep alive by dripping a byte at a time; and a cap on the body;
 * - public addresses only: no loopback, private, link-local, unique-local, CGNAT, multicast, reserved,
 *   documentation or unspecified address, in any spelling. A host name is resolved here and the
 *   connection goes to the address that was checked, so neither DNS nor a redirect can slip past.
 * A refusal names the rule and nothing is sent. OUTBOUND_ALLOW_PRIVATE=true allows loopback addresses
 * (the tests serve their feeds from this machine); it is off by default and never set in production.
 */
import dns from 'dns';
import http from 'http';
import https from 'https';
import net, { type LookupFunction } from 'net';
import zlib from 'zlib';
import { ipv6Groups } from './client-address';
import { setting } from './settings';

class OutboundRefusedError extends Error {
  constructor(message: string) {
    super(`refused: ${message}`);
    this.name = 'OutboundRefusedError';
  }
}

const RANGES: { rule: string; v4?: [string, number][]; v6?: [string, number][] }[] = [
  { rule: 'an unspecified address', v4: [['0.0.0.0', 8]], v6: [['::', 128]] },
  { rule: 'a loopback address', v4: [['127.0.0.0', 8]], v6: [['::1', 128]] },
  {
    rule: 'a private address',
    v4: [
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
    ],
  },
  { rule: 'a shared (CGNAT) address', v4: [['100.64.0.0', 10]] },
  { rule: 'a link-local address', v4: [['169.254.0.0', 16]], v6: [['fe80::', 10]] },
  {
    rule: 'a unique-local address',
    v6: [
      ['fc00::', 7],
      ['fec0::', 10],
    ],
  },
  { rule: 'a multicast address', v4: [['224.0.0.0', 4]], v6: [['ff00::', 8]] },
  {
    rule: 'a reserved or documentation address',
    v4: [
      ['192.0.0.0', 24],
      ['192.0.2.0', 24],
      ['192.88.99.0', 24],
      ['198.18.0.0', 15],
      ['198.51.100.0', 24],
      ['203.0.113.0', 24],
      ['240.0.0.0', 4],
    ],
    v6: [
      ['100::', 64],
      ['2001::', 23],
      ['2001:db8::', 32],
      ['3fff::', 20],
    ],
  },
  // Addresses that carry an IPv4 address inside (deprecated compatible form, NAT64, 6to4): judged as a whole.
  {
    rule: 'an IPv6 address that embeds an IPv4 one',
    v6: [
      ['::', 96],
      ['64:ff9b::', 96],
      ['64:ff9b:1::', 48],
      ['2002::', 16],
    ],
  },
];

const LISTS = RANGES.map(({ rule, v4 = [], v6 = [] }) => {
  const list = new net.BlockList();
  for (const [network, prefix] of v4) list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of v6) list.addSubnet(network, prefix, 'ipv6');
  return { rule, list };
});

const allowLoopback = () => setting('OUTBOUND_ALLOW_PRIVATE');

/** An IPv4-mapped IPv6 address ('::ffff:a.b.c.d' in any spelling) as IPv4; other addresses as they are. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  if (net.isIPv4(address)) return { address, family: 'ipv4' };
  const groups = ipv6Groups(address);
  if (groups && groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return { address: [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.'), family: 'ipv4' };
  }
  return { address: address.split('%')[0], family: 'ipv6' };
}

/** Why the server may not connect to this IP address, or null when it may. */
export function addressRefusal(address: string): string | null {
  if (!net.isIP(address.split('%')[0])) return `${address} is not an IP address`;
  const { address: plain, family } = unmapped(address);
  for (const { rule, list } of LISTS) {
    if (!list.check(plain, family)) continue;
    if (rule === 'a loopback address' && allowLoopback()) return null;
    return `${address} is ${rule}`;
  }
  return null;
}

// Host names are resolved by c-ares (dns.Resolver), not getaddrinfo: getaddrinfo runs on libuv's small
// thread pool, where a few unreachable hosts would hold up file reads and compression for a DNS time-out.
const resolver = new dns.promises.Resolver({ timeout: 1500, tries: 1 });

async function resolveChecked(hostname: string): Promise<{ address: string; family: number }> {
  const v4 = await resolver.resolve4(hostname).catch(() => [] as string[]);
  const v6 = v4.length ? [] : await resolver.resolve6(hostname).catch(() => [] as string[]);
  const found = [...v4.map((address) => ({ address, family: 4 })), ...v6.map((address) => ({ address, family: 6 }))];
  if (!found.length) throw Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
  // One refused address refuses the name: a host that answers with a private address is not a public one.
  for (const { address } of found) {
    const refusal = addressRefusal(address);
    if (refusal) throw new OutboundRefusedError(`${hostname} resolves to ${refusal.replace(`${address} is `, `${address}, `)}`);
  }
  return found[0];
}

/** The lookup the connection uses: the address it connects to is the one checked here. */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  resolveChecked(hostname)
    .then(({ address, family }) => {
      if (typeof options === 'object' && (options as { all?: boolean }).all)
        (callback as unknown as (e: null, all: object[]) => void)(null, [{ address, family }]);
      else callback(null, address, family);
    })
    .catch((error) => callback(error, '', 0));
};

/** Refuses a URL before anything is sent: its scheme, and its host when that is an IP address. */
export function urlRefusal(url: URL): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol.replace(/:$/, '')} URLs are not fetched (http and https only)`;
  if (url.username || url.password) return 'URLs with credentials are not fetched';
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return net.isIP(host) ? addressRefusal(host) : null;
}

interface OutboundOptions {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  /** A POST's body (sent with its Content-Length; a POST follows no redirect). */
  body?: string;
  /** The whole request, redirects included, must be done by then. */
  deadlineMs: number;
  /** Redirects followed (0: a redirect is the answer). */
  maxRedirects?: number;
  /** The largest body read (after decompression); beyond it the request fails. */
  maxBytes?: number;
}

interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  url: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function requestOnce(url: URL, options: OutboundOptions, signal: AbortSignal): Promise<OutboundResponse> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: {
          'Accept-Encoding': 'gzip, deflate, br',
          ...(options.body !== undefined ? { 'Content-Length': String(Buffer.byteLength(options.body)) } : {}),
          ...options.headers,
        },
        lookup: checkedLookup,
        signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (options.method === 'HEAD' || REDIRECTS.has(status)) {
          response.resume();
          resolve({ status, headers: response.headers, body: Buffer.alloc(0), url: url.href });
          return;
        }
        const encoding = String(response.headers['content-encoding'] ?? '')
          .trim()
          .toLowerCase();
        const decoder =
          encoding === 'gzip' || encoding === 'x-gzip'
            ? zlib.createGunzip()
            : encoding === 'deflate'
              ? zlib.createInflate()
              : encoding === 'br'
                ? zlib.createBrotliDecompress()
                : null;
        const body = decoder ? response.pipe(decoder) : response;
        const chunks: Buffer[] = [];
        let size = 0;
        const limit = options.maxBytes ?? Infinity;
        body.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limit) {
            request.destroy(Object.assign(new Error(`the answer is larger than ${limit / 1024 / 1024} MB`), { code: 'ETOOLARGE' }));
            return;
          }
          chunks.push(chunk);
        });
        body.on('end', () => resolve({ status, headers: response.headers, body: Buffer.concat(chunks), url: url.href }));
        body.on('error', reject);
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** A GET, HEAD or POST under the rules above. Throws OutboundRefusedError for a refused URL or address. */
export async function outboundRequest(target: string, options: OutboundOptions): Promise<OutboundResponse> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.deadlineMs);
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new OutboundRefusedError('not a URL');
  }
  try {
    for (let redirects = 0; ; redirects += 1) {
      const refusal = urlRefusal(url);
      if (refusal) throw new OutboundRefusedError(refusal);
      const response = await requestOnce(url, options, controller.signal);
      const location = response.headers.location;
      if (!REDIRECTS.has(response.status) || !location || !options.maxRedirects || options.method === 'POST') return response;
      if (redirects >= options.maxRedirects) throw new Error(`more than ${options.maxRedirects} redirects`);
      url = new URL(location, url);
    }
  } catch (error) {
    if (error instanceof OutboundRefusedError) throw error;
    if (controller.signal.aborted) throw new Error(`no answer within ${options.deadlineMs} ms`, { cause: error });
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
