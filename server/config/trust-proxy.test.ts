import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from './trust-proxy';

const proxiesOf = (raw: string) => {
  const parsed = parseTrustProxy(raw);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.proxies;
};

describe('TRUST_PROXY', () => {
  it('is off when unset', () => {
    expect(parseTrustProxy(null)).toEqual({ ok: true, proxies: null });
  });

  it('reads addresses, CIDRs (IPv4 and IPv6) and the named ranges, separated by commas', () => {
    expect(proxiesOf('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(proxiesOf('10.0.0.0/8, ::1 ,fd00::/8,2001:db8::7')).toEqual(['10.0.0.0/8', '::1', 'fd00::/8', '2001:db8::7']);
    expect(proxiesOf('Loopback,linklocal,uniquelocal')).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(proxiesOf('192.168.1.10/32,::ffff:10.0.0.1')).toEqual(['192.168.1.10/32', '::ffff:10.0.0.1']);
  });

  it.each([['true'], ['TRUE'], ['*'], ['all'], ['0.0.0.0/0'], ['::/0'], ['127.0.0.1,*']])(
    'refuses %j, which would believe every client',
    (raw) => {
      const parsed = parseTrustProxy(raw);
      expect(parsed).toMatchObject({
        ok: false,
        problem: expect.stringContaining("would believe every client's X-Forwarded-For"),
      });
    },
  );

  it.each([
    ['false'],
    ['yes'],
    ['proxy.example.com'],
    ['10.0.0'],
    ['10.0.0.1/33'],
    ['10.0.0.1/8/1'],
    ['10.0.0.1/x'],
    ['2001:db8::/129'],
    ['fe80::1%eth0'],
    ['10.0.0.1,,10.0.0.2'],
    ['10.0.0.1,'],
    ['1'],
  ])('refuses %j with the rule', (raw) => {
    const parsed = parseTrustProxy(raw);
    expect(parsed).toMatchObject({ ok: false, problem: expect.stringMatching(/^must list proxy addresses or CIDRs/) });
  });

  it('yields only lists Fastify accepts as its trustProxy option, and believes only those peers', async () => {
    const app = Fastify({ trustProxy: proxiesOf('loopback,10.1.0.0/16,2001:db8::/32') ?? false });
    app.get('/ip', async (request) => ({ ip: request.ip }));
    const ipOf = async (remoteAddress: string) =>
      (await app.inject({ url: '/ip', remoteAddress, headers: { 'x-forwarded-for': '198.51.100.7' } })).json<{ ip: string }>().ip;
    expect(await ipOf('127.0.0.1')).toBe('198.51.100.7');
    expect(await ipOf('10.1.2.3')).toBe('198.51.100.7');
    expect(await ipOf('2001:db8::5')).toBe('198.51.100.7');
    expect(await ipOf('10.2.0.1')).toBe('10.2.0.1');
    await app.close();
  });
});
