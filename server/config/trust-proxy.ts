/**
 * TRUST_PROXY: the reverse proxies whose X-Forwarded-For is believed, so that behind one each
 * client is itself and not the proxy (the per-client limits, the logs and /metrics' loopback
 * rule read that address). A comma-separated list of addresses, CIDRs and the words loopback,
 * linklocal and uniquelocal; unset, no header is believed. Anything that would believe every
 * peer (`true`, `*`, a /0) is refused: then any client could name itself whatever address it
 * likes and spend someone else's limits.
 */
import { isIP } from 'node:net';

/** Ranges Fastify (@fastify/proxy-addr) knows by name. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'] as const;

export type TrustProxyParse = { ok: true; proxies: string[] | null } | { ok: false; problem: string };

const RULE = `must list proxy addresses or CIDRs (IPv4 or IPv6) or ${NAMED_RANGES.join(', ')}, separated by commas`;
const EVERYONE = "true, * or a /0 would believe every client's X-Forwarded-For";

/** Why `entry` cannot be trusted, or null when it is a proxy Fastify can match. */
function entryProblem(entry: string): string | null {
  if (entry === '') return `${RULE}; an entry is empty`;
  if (['*', 'true', 'all'].includes(entry.toLowerCase())) return `${RULE}; ${EVERYONE}`;
  if ((NAMED_RANGES as readonly string[]).includes(entry.toLowerCase())) return null;
  const [address = '', prefix, ...rest] = entry.split('/');
  // A zone id (fe80::1%eth0) names an interface, which a list of proxies cannot match on.
  const family = address.includes('%') ? 0 : isIP(address);
  if (family === 0 || rest.length > 0) return RULE;
  if (prefix === undefined) return null;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  if (bits < 0 || bits > (family === 4 ? 32 : 128)) return `${RULE}; a CIDR prefix is 1-${family === 4 ? 32 : 128}`;
  if (bits === 0) return `${RULE}; ${EVERYONE}`;
  return null;
}

/** The proxies TRUST_PROXY lists (`raw` already trimmed; null when unset), or what is wrong with it. */
export function parseTrustProxy(raw: string | null): TrustProxyParse {
  if (raw === null) return { ok: true, proxies: null };
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const problem = entryProblem(entry);
    if (problem !== null) return { ok: false, problem };
  }
  const named = (entry: string) => (NAMED_RANGES as readonly string[]).includes(entry.toLowerCase());
  return { ok: true, proxies: entries.map((entry) => (named(entry) ? entry.toLowerCase() : entry)) };
}
