import { describe, expect, it } from 'vitest';
import { clientKey } from './client-address';

describe('clientKey', () => {
  it('keeps an IPv4 address as is', () => {
    expect(clientKey('10.0.0.7')).toBe('10.0.0.7');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientKey('::ffff:10.0.0.7')).toBe('10.0.0.7');
    expect(clientKey('::ffff:a00:7')).toBe('10.0.0.7');
  });

  it('keys IPv6 addresses by their /64, however they are written', () => {
    const key = '2001:db8:0:1::/64';
    expect(clientKey('2001:db8:0:1::1')).toBe(key);
    expect(clientKey('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientKey('2001:DB8:0:1:abcd::9')).toBe(key);
    expect(clientKey('2001:db8:0:1::1%eth0')).toBe(key);
    expect(clientKey('2001:db8:0:2::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('passes anything else through (a unix socket, an unparsable proxy value)', () => {
    expect(clientKey('')).toBe('');
    expect(clientKey('unknown')).toBe('unknown');
  });
});
