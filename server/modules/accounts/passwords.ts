/**
 * Password hashing: argon2id at OWASP's first recommended cost, m=19 MiB, t=2, p=1
 * (DEFAULT_ARGON2 in config.ts; ARGON2_* may raise it, never lower it in production). Cheaper
 * would make offline guessing of a leaked hash cheaper; dearer would cost every login and stall
 * the desktop's embedded server on small machines.
 *
 * What it costs (npm run bench:login: 2 cores, 50 concurrent clients, Node 20, bundled server on
 * PGlite): ~25 ms of one core per verify on a quiet machine, a ceiling of ~80 verifies/s, and
 * login measured 77.9 req/s (p50 605 ms, p99 909 ms), i.e. at that ceiling; the rest is
 * queueing (measured before issue 10's shared limits). @node-rs/argon2's async verify runs on
 * libuv's pool, never on the event loop. What does run on the event loop is PGlite (wasm), so a
 * login is kept to small statements: the shared rate-limit counters and the account's failure
 * row (one upsert each), one query (member and subscription expiry together), the session
 * insert and, on success, two one-row writes (the client's failure hit given back, the
 * account's failures cleared); under CPU contention those, not the hash, become the second
 * ceiling. The bench prints loginToArgon2Ceiling, the ratio to bare verifies on the same
 * machine in the same run.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { Argon2Cost } from '../../config/config';

// Algorithm is an ambient const enum, which isolatedModules cannot inline; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

export function hashPassword(password: string, cost: Argon2Cost): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...cost });
}

/** The parameters travel inside the PHC string, so old hashes verify after a cost change. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
