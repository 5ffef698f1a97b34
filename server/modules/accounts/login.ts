import { SERVER } from '../../../common/messages';
import type { Argon2Cost } from '../../config/config';
import { DomainError } from '../errors';
import { RetryLater } from '../limits/retry-later';
import type { AccountDeps } from './deps';
import { admitLoginAttempt, forgetLoginFailures } from './login-throttle';
import { hashPassword, verifyPassword } from './passwords';
import { findUserWithExpiryByEmail, normalizeEmail, type UserWithExpiry } from './users';

const dummyHashes = new Map<string, Promise<string>>();

/** A hash of the same cost, so an unknown email takes as long as a wrong password. */
function dummyHash(cost: Argon2Cost): Promise<string> {
  const key = JSON.stringify(cost);
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword('not-a-real-password', cost);
    dummyHashes.set(key, hash);
  }
  return hash;
}

/**
 * The account's growing delay first (one statement; a waiting account costs no hash), then one
 * query (member and subscription expiry together, so userData() needs none) and argon2 verify
 * on libuv's thread pool; a right password clears the run of failures. The route adds the
 * session insert.
 */
export async function login(deps: AccountDeps, rawEmail: string, password: string): Promise<UserWithExpiry> {
  const email = normalizeEmail(rawEmail);
  const admission = await admitLoginAttempt(deps.db, email, deps.clock(), deps.config.loginThrottle);
  if (!admission.admitted) {
    throw new RetryLater(SERVER.loginDelayed(Math.ceil(admission.retryAfterMs / 60_000)), admission.retryAfterMs);
  }
  const user = await findUserWithExpiryByEmail(deps.db, email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash(deps.config.argon2)), password);
  if (!user || !ok) throw new DomainError('auth.invalid_credentials', SERVER.invalidCredentials);
  await forgetLoginFailures(deps.db, email);
  return user;
}
