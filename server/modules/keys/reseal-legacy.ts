/**
 * One-time migration at startup: exchange secrets an earlier version sealed straight under
 * SECRETS_KEY (format v1) are opened and sealed again under the HKDF-derived sealing key
 * (crypto.ts). Rows already in the current format are never touched, so running it on every
 * start costs one small query and changes nothing after the first.
 * A v1 row that does not open under SECRETS_KEY is left as it was and reported: it needs the
 * key it was sealed with (rotate-secrets-key), not a guess.
 */
import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { exchangeKeys } from '../../db/schema';
import { openSecret, SECRET_KEY_VERSION, sealSecret } from './crypto';

export interface ResealResult {
  resealed: number;
  /** Members whose v1 secret does not open under SECRETS_KEY. */
  unreadable: string[];
}

const LEGACY_PATTERN = 'v1.%';

export async function resealLegacySecrets(db: Db, masterKey: Buffer): Promise<ResealResult> {
  const result: ResealResult = { resealed: 0, unreadable: [] };
  const legacy = exchangeKeys.secretCiphertext;
  // The common case (nothing left to migrate) takes no lock.
  const [any] = await db.select({ userId: exchangeKeys.userId }).from(exchangeKeys).where(like(legacy, LEGACY_PATTERN)).limit(1);
  if (!any) return result;
  await db.transaction(async (tx) => {
    // Locked, so two processes starting together re-seal each row once (the second sees v2).
    const rows = await tx
      .select({ userId: exchangeKeys.userId, sealed: legacy })
      .from(exchangeKeys)
      .where(like(legacy, LEGACY_PATTERN))
      .orderBy(exchangeKeys.userId)
      .for('update');
    for (const row of rows) {
      let secret: string;
      try {
        secret = openSecret(masterKey, row.userId, row.sealed);
      } catch {
        result.unreadable.push(row.userId);
        continue;
      }
      await tx
        .update(exchangeKeys)
        .set({ secretCiphertext: sealSecret(masterKey, row.userId, secret), keyVersion: SECRET_KEY_VERSION })
        .where(and(eq(exchangeKeys.userId, row.userId), eq(legacy, row.sealed)));
      result.resealed += 1;
    }
  });
  return result;
}
