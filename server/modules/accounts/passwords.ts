import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { Argon2Cost } from '../../config';

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
