import { describe, expect, it } from 'vitest';
import { addressForLimits } from './address-ranges.ts';

describe('addressForLimits', () => {
  it('counts an IPv6 client by its /64, however the address is written', () => {
    for (const address of [
      '2001:db8:1:2:3:4:5:6',
      '2001:0DB8:0001:0002:ffff:0000:0000:0001',
      '2001:db8:1:2::9',
      '2001:db8:1:2::',
    ]) {
      expect(addressForLimits(address), address).toBe('2001:db8:1:2::/64');
    }
    expect(addressForLimits('2001:db8:1:3::9')).toBe('2001:db8:1:3::/64');
    expect(addressForLimits('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressForLimits('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressForLimits('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps an IPv4 client to its one address, also in the IPv6 form of IPv4 addresses', () => {
    expect(addressForLimits('203.0.113.9')).toBe('203.0.113.9');
    expect(addressForLimits('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressForLimits('::FFFF:cb00:7109')).toBe('203.0.113.9');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(addressForLimits('')).toBe('');
    expect(addressForLimits('not-an-address')).toBe('not-an-address');
  });
});
