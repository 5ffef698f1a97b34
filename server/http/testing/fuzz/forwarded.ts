/**
 * X-Forwarded-For values a client or a chain of proxies may send: addresses with ports, IPv6 in
 * brackets and with zones, garbage, empty hops and long chains. The deep-path fuzz sends them
 * through a server that trusts the inject's peer (127.0.0.1) as its proxy, so each value reaches
 * the client-address rules (rate-limit keys, the session's address) as a proxy would pass it on.
 */
import fc from 'fast-check';

/** The peer light-my-request's inject connects from, named in the test server's TRUST_PROXY. */
export const INJECT_PEER = '127.0.0.1';

const HOPS: readonly string[] = [
  '8.8.8.8',
  '8.8.8.8:1001',
  '8.8.8.8:65536',
  '203.0.113.7:0',
  '[2001:db8::1]:443',
  '2001:db8::1',
  '2001:db8::1%eth0',
  'fe80::1%25en0',
  '::ffff:198.51.100.4',
  '::',
  '0.0.0.0',
  '255.255.255.255',
  '127.0.0.1',
  '10.0.0.1',
  'unknown',
  '_hidden',
  'localhost',
  '999.999.999.999',
  '1.2.3',
  '01.02.03.004',
  '0x7f.1',
  '',
  ' ',
  'garbage; rm -rf /',
  '"quoted"',
  '\u0000',
  '😀',
  'a'.repeat(1_000),
];

const hop: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOPS) },
  { weight: 1, arbitrary: fc.ipV4().chain((ip) => fc.integer({ min: 0, max: 70_000 }).map((port) => `${ip}:${port}`)) },
  { weight: 1, arbitrary: fc.ipV6() },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

/** One header value: absent most often, else one hop, a few, or a very long chain. */
export const forwardedFor: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: hop },
  { weight: 2, arbitrary: fc.array(hop, { minLength: 2, maxLength: 6 }).map((hops) => hops.join(', ')) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 50, max: 400 })
      .map((n) => Array.from({ length: n }, (_, i) => `10.${i % 250}.0.${i % 200}`).join(',')),
  },
  { weight: 1, arbitrary: fc.constantFrom(',,,', ', ,', '8.8.8.8,,9.9.9.9', '8.8.8.8 9.9.9.9') },
);

/** The headers of one request with `forwarded` (nothing when it is undefined). */
export function forwardedHeaders(forwarded: string | undefined): Record<string, string> {
  return forwarded === undefined ? {} : { 'x-forwarded-for': forwarded };
}
