/** Per-address limits: an IPv6 client counts as its /64 network, IPv4 (also when mapped) as its address. */
import { limitKeyOfAddress } from '../src/utils/client-address';

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
