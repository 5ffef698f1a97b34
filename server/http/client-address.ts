/**
 * The client a rate limit counts: an IPv4 address as is, an IPv6 address by its /64 prefix. One
 * IPv6 subscriber is routinely handed a whole /64 (2^64 addresses), so counting single addresses
 * would give an attacker a fresh budget per request.
 *
 * The address is request.ip, which behind a TRUST_PROXY proxy is text the proxy forwarded: some
 * proxies and load balancers append `ip:port`, and any text a trusted hop passes on ends up
 * there. Kept as the key, every port (or any made-up word) would be a fresh budget (issue 34,
 * item 8), so a port is stripped, and a value that still names no address counts as the peer
 * that sent it (the proxy): all such clients then share one budget instead of each minting one.
 */
import { isIP, isIPv4, isIPv6 } from 'node:net';

/** `a.b.c.d:port` and `[v6]:port` (or `[v6]`) as the address alone; null when `text` names none. */
function addressOf(text: string): string | null {
  const trimmed = text.trim();
  if (isIP(trimmed) !== 0) return trimmed;
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(trimmed);
  if (v4 && isIPv4(v4[1]!)) return v4[1]!;
  const v6 = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(trimmed);
  if (v6 && isIPv6(v6[1]!)) return v6[1]!;
  return null;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0]!; // a zone id (fe80::1%eth0) names the interface, not the host
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The client's address as a session records it: `ip` (request.ip) without a forwarded port, or
 * the peer when `ip` names no address; null when neither does.
 */
export function clientAddress(ip: string, peer?: string): string | null {
  return addressOf(ip) ?? (peer === undefined ? null : addressOf(peer));
}

/**
 * The rate-limit key of the client at `ip` (request.ip), falling back to `peer` (the socket's
 * address) when `ip` names no address even without a port; 'unknown' when neither does (a unix
 * socket), one budget for all of them.
 */
export function clientKey(ip: string, peer?: string): string {
  const address = clientAddress(ip, peer);
  if (address === null) return 'unknown';
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  // ::ffff:a.b.c.d is an IPv4 client reaching a dual-stack socket: count it as that IPv4 address.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
