/** Per-address limits: an IPv6 client counts as its /64 network, IPv4 (also when mapped) as its address. */
import { acceptForwarding, clientAddress, limitKeyOfAddress, trustedProxies } from '../src/utils/client-address';

describe('the address a limit counts', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s counts as %s', (address, key) => {
    expect(limitKeyOfAddress(address)).toBe(key);
  });

  it('two addresses of one /64 share a count; the next /64 does not', () => {
    expect(limitKeyOfAddress('2001:db8:aa:bb::1')).toBe(limitKeyOfAddress('2001:db8:aa:bb:dead:beef:1:2'));
    expect(limitKeyOfAddress('2001:db8:aa:bc::1')).not.toBe(limitKeyOfAddress('2001:db8:aa:bb::1'));
  });
});

describe("the client's address behind trusted proxies (nginx's real_ip_recursive)", () => {
  const proxies = trustedProxies(['10.0.0.0/8', '192.0.2.10', '2001:db8:ffff::/48'], false);

  it.each([
    ['a peer that is no trusted proxy: its own address, whatever it forwards', '203.0.113.9', '198.51.100.1', '203.0.113.9'],
    ['a trusted peer: the entry it vouches for', '10.1.2.3', '198.51.100.1', '198.51.100.1'],
    ['two trusted hops (TLS proxy, then a cache): the right-most untrusted entry', '10.0.0.2', '198.51.100.1, 192.0.2.10', '198.51.100.1'],
    ['entries the client prepended are never read', '10.0.0.2', '6.6.6.6, 7.7.7.7, 198.51.100.1, 10.0.0.9', '198.51.100.1'],
    ['every hop trusted: the left-most entry', '10.0.0.2', '10.9.9.9, 10.0.0.3', '10.9.9.9'],
    ['no header from a trusted peer: the peer', '10.0.0.2', undefined, '10.0.0.2'],
    ['a port a proxy added is dropped', '10.0.0.2', '198.51.100.1:51234', '198.51.100.1'],
    ['a bracketed IPv6 entry with a port', '10.0.0.2', '[2001:db8:1::7]:443', '2001:db8:1::7'],
    ['an IPv6 chain', '2001:db8:ffff::1', '2001:db8:1::7, 2001:db8:ffff:1::2', '2001:db8:1::7'],
    ['an IPv4-mapped peer counts as its IPv4 address', '::ffff:10.0.0.2', '198.51.100.1', '198.51.100.1'],
    ['an entry that is no address ends the walk at the proxy that passed it', '10.0.0.2', '198.51.100.1, unknown', '10.0.0.2'],
    ['an empty entry too', '10.0.0.2', '198.51.100.1, ', '10.0.0.2'],
  ])('%s', (_name, peer, forwardedFor, client) => {
    expect(clientAddress(peer, forwardedFor, proxies)).toBe(client);
  });

  it('trusts nobody without TRUSTED_PROXIES or TRUST_PROXY', () => {
    expect(trustedProxies([], false)).toBeNull();
    expect(clientAddress('127.0.0.1', '198.51.100.1', null)).toBe('127.0.0.1');
  });

  it('TRUST_PROXY=true stands for loopback and the private ranges; TRUSTED_PROXIES, when set, is the whole list', () => {
    const shorthand = trustedProxies([], true)!;
    for (const address of ['127.0.0.1', '10.1.1.1', '172.20.0.5', '192.168.1.1', '::1', 'fd00::1', '::ffff:172.17.0.1'])
      expect(shorthand.has(address)).toBe(true);
    for (const address of ['203.0.113.1', '172.32.0.1', '2001:db8::1', '8.8.8.8']) expect(shorthand.has(address)).toBe(false);
    const listed = trustedProxies(['192.0.2.10'], true)!;
    expect(listed.has('192.0.2.10')).toBe(true);
    expect(listed.has('127.0.0.1')).toBe(false);
  });

  it('from an untrusted peer, every forwarding header is dropped; from a trusted one, X-Forwarded-For becomes the one client address', () => {
    const forged: Record<string, string | undefined> = {
      'x-forwarded-for': '1.2.3.4',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'attacker.example',
      forwarded: 'for=1.2.3.4',
      host: 'site',
    };
    acceptForwarding(forged, '203.0.113.9', proxies);
    expect(forged).toEqual({ host: 'site' });
    const relayed: Record<string, string | undefined> = { 'x-forwarded-for': '6.6.6.6, 198.51.100.1, 192.0.2.10', 'x-forwarded-proto': 'https' };
    acceptForwarding(relayed, '10.0.0.2', proxies);
    expect(relayed).toEqual({ 'x-forwarded-for': '198.51.100.1', 'x-forwarded-proto': 'https' });
  });
});
