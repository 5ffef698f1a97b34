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

  it.each([
    ['8.8.8.8:1001', '8.8.8.8'],
    ['8.8.8.8:65535', '8.8.8.8'],
    [' 8.8.8.8:1002 ', '8.8.8.8'],
    ['[2001:db8:0:1::1]:443', '2001:db8:0:1::/64'],
    ['[2001:db8:0:1::1]', '2001:db8:0:1::/64'],
    ['[::ffff:10.0.0.7]:80', '10.0.0.7'],
  ])('strips the port a forwarded address carries: %s is %s', (forwarded, key) => {
    expect(clientKey(forwarded, '127.0.0.1')).toBe(key);
  });

  it.each([
    ['unknown', '127.0.0.1', '127.0.0.1'],
    ['', '127.0.0.1', '127.0.0.1'],
    ['8.8.8.8:port', '127.0.0.1', '127.0.0.1'],
    ['8.8.8.999:80', '127.0.0.1', '127.0.0.1'],
    ['[2001:db8::1]:x', '::1', '0:0:0:0::/64'],
    ['_hidden', '2001:db8:0:9::5', '2001:db8:0:9::/64'],
    ['_hidden', '[::1]:80', '0:0:0:0::/64'],
  ])('counts a value that names no address (%s) as the peer (%s)', (forwarded, peer, key) => {
    expect(clientKey(forwarded, peer)).toBe(key);
  });

  it('reads an unbracketed IPv6 address whole: its last group is no port', () => {
    expect(clientKey('2001:db8::1:443', '::1')).toBe('2001:db8:0:0::/64');
  });

  it('counts every client whose address and peer name none (a unix socket) as one', () => {
    expect(clientKey('', undefined)).toBe('unknown');
    expect(clientKey('other', '')).toBe('unknown');
  });
});
