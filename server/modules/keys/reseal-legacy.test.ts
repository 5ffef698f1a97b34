/**
 * The one-time re-seal of secrets an earlier version sealed straight under SECRETS_KEY, and
 * SECRETS_KEY rotation over such rows, on PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeKeys } from '../../db/schema';
import { databaseTargets } from '../../testing/databases';
import { insertMember } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';
import { isLegacySealed, openSecret, SECRET_KEY_VERSION, sealSecret } from './crypto';
import { legacySeal } from '../../testing/legacy-seal';
import { resealLegacySecrets } from './reseal-legacy';
import { rotateSecretsKey } from './rotate';

const targets = await databaseTargets();

describe.each(targets)('legacy exchange secrets on $name', (target) => {
  let server: TestServer;
  const key = () => server.config.secretsKey;

  beforeAll(async () => {
    server = await createTestServer(target);
  });
  afterAll(() => server?.close());

  async function storeKey(userId: string, sealed: string): Promise<void> {
    await server.database.db
      .insert(exchangeKeys)
      .values({ userId, apiKey: `ak-${userId}`, secretCiphertext: sealed, keyVersion: 1, ipRestricted: true });
  }
  async function rowOf(userId: string) {
    return (await server.database.db.select().from(exchangeKeys).where(eq(exchangeKeys.userId, userId)))[0]!;
  }

  it('re-seals every v1 secret under the derived key once and leaves current ones alone', async () => {
    const old = await insertMember(server.database.db);
    const current = await insertMember(server.database.db);
    const foreign = await insertMember(server.database.db);
    await storeKey(old, legacySeal(key(), old, 'old-secret'));
    const currentSealed = sealSecret(key(), current, 'current-secret');
    await storeKey(current, currentSealed);
    // Sealed under some other master key: nothing can open it; it is left as it was.
    const foreignSealed = legacySeal(Buffer.alloc(32, 7), foreign, 'lost');
    await storeKey(foreign, foreignSealed);

    expect(await resealLegacySecrets(server.database.db, key())).toEqual({ resealed: 1, unreadable: [foreign] });
    const resealed = await rowOf(old);
    expect(isLegacySealed(resealed.secretCiphertext)).toBe(false);
    expect(resealed.keyVersion).toBe(SECRET_KEY_VERSION);
    expect(openSecret(key(), old, resealed.secretCiphertext)).toBe('old-secret');
    expect((await rowOf(current)).secretCiphertext).toBe(currentSealed);
    expect((await rowOf(foreign)).secretCiphertext).toBe(foreignSealed);

    expect(await resealLegacySecrets(server.database.db, key())).toEqual({ resealed: 0, unreadable: [foreign] });
    await server.database.db.delete(exchangeKeys).where(eq(exchangeKeys.userId, foreign));
    expect(await resealLegacySecrets(server.database.db, key())).toEqual({ resealed: 0, unreadable: [] });
  });

  it('rotation also moves a v1 row already under the current key to the derived-key format', async () => {
    const member = await insertMember(server.database.db);
    await storeKey(member, legacySeal(key(), member, 'still-v1'));
    const previous = Buffer.alloc(32, 9);
    const result = await rotateSecretsKey(server.database.db, previous, key());
    expect(result.rotated).toBe(1);
    const row = await rowOf(member);
    expect(isLegacySealed(row.secretCiphertext)).toBe(false);
    expect(openSecret(key(), member, row.secretCiphertext)).toBe('still-v1');
    expect(await rotateSecretsKey(server.database.db, previous, key())).toMatchObject({ rotated: 0 });
  });
});
