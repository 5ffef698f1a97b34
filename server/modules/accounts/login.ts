import { SERVER } from '../../../common/messages';
import type { Argon2Cost } from '../../config';
import { DomainError } from '../errors';
import type { AccountDeps } from './deps';
import { hashPassword, verifyPassword } from './passwords';
import { findUserWithExpiryByEmail, type UserWithExpiry } from './users';

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
 * One query (member and subscription expiry together, so userData() needs none), then argon2
 * verify on libuv's thread pool; the route adds the session insert. Nothing else runs per login.
 */
export async function login(deps: AccountDeps, email: string, password: string): Promise<UserWithExpiry> {
  const user = await findUserWithExpiryByEmail(deps.db, email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash(deps.config.argon2)), password);
  if (!user || !ok) throw new DomainError('unauthorized', SERVER.invalidCredentials);
  return user;
}
