/**
 * Rotating SECRETS_KEY: every stored exchange secret sealed under the previous master key is
 * opened and sealed again under the current one, all in one transaction so a failure leaves
 * every row as it was. Rows already under the current key are left alone, so a rotation that
 * was interrupted, or is run twice, is safe; a row that opens under neither key stops it.
 * A row in the old format (sealed straight under the current key) is re-sealed too.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { exchangeKeys } from '../../db/schema';
import { DomainError } from '../errors';
import { isLegacySealed, openSecret, SECRET_KEY_VERSION, sealSecret } from './crypto';

export interface RotationResult {
  rotated: number;
  alreadyCurrent: number;
}

function opens(key: Buffer, memberId: string, sealed: string): string | null {
  try {
    return openSecret(key, memberId, sealed);
  } catch {
    return null;
  }
}

export async function rotateSecretsKey(db: Db, previous: Buffer, current: Buffer): Promise<RotationResult> {
  if (previous.equals(current))
    throw new DomainError('keys.rotation_refused', 'PREVIOUS_SECRETS_KEY is the same as SECRETS_KEY: nothing to rotate.');
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ userId: exchangeKeys.userId, sealed: exchangeKeys.secretCiphertext })
      .from(exchangeKeys)
      .for('update');
    const result: RotationResult = { rotated: 0, alreadyCurrent: 0 };
    const unreadable: string[] = [];
    for (const row of rows) {
      const underCurrent = opens(current, row.userId, row.sealed);
      if (underCurrent !== null && !isLegacySealed(row.sealed)) {
        result.alreadyCurrent += 1;
        continue;
      }
      const secret = underCurrent ?? opens(previous, row.userId, row.sealed);
      if (secret === null) {
        unreadable.push(row.userId);
        continue;
      }
      await tx
        .update(exchangeKeys)
        .set({ secretCiphertext: sealSecret(current, row.userId, secret), keyVersion: SECRET_KEY_VERSION })
        .where(eq(exchangeKeys.userId, row.userId));
      result.rotated += 1;
    }
    if (unreadable.length > 0) {
      throw new DomainError(
        'keys.rotation_refused',
        `${unreadable.length} stored secret(s) open under neither key (members ${unreadable.join(', ')}); nothing was changed.`,
      );
    }
    return result;
  });
}
