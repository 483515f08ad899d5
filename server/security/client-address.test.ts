import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address.ts';

describe('addressKey', () => {
  it.each([
    { description: 'an IPv4 address as it is', ip: '192.0.2.7', key: '192.0.2.7' },
    { description: 'an IPv4-mapped IPv6 address as its IPv4 address', ip: '::ffff:192.0.2.7', key: '192.0.2.7' },
    { description: 'an IPv6 address by its /64', ip: '2001:db8:1:2:3:4:5:6', key: '2001:db8:1:2::/64' },
    { description: 'another address of the same /64 alike', ip: '2001:db8:1:2:ffff:ffff:ffff:ffff', key: '2001:db8:1:2::/64' },
    { description: 'a compressed address', ip: '2001:db8::1', key: '2001:db8:0:0::/64' },
    { description: 'leading zeros and capitals', ip: '2001:0DB8:0001:0002::abcd', key: '2001:db8:1:2::/64' },
    { description: 'the loopback', ip: '::1', key: '0:0:0:0::/64' },
    { description: 'a zone index', ip: 'fe80::1%eth0', key: 'fe80:0:0:0::/64' },
    { description: 'an embedded IPv4 tail', ip: '64:ff9b::192.0.2.7', key: '64:ff9b:0:0::/64' },
    { description: 'anything else as it is', ip: 'cli', key: 'cli' },
  ])('counts $description', ({ ip, key }) => {
    expect(addressKey(ip)).toBe(key);
  });

  it('tells two /64s apart', () => {
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
  });
});
