/**
 * Item 5 end to end on the real embedded server (PGlite): an older install's data folder with
 * its key in plain secrets.json and a secret sealed straight under it (format v1) is migrated,
 * still opens through the wrapped key, and a copy of the folder opens nothing.
 */
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeKeys } from '../../../server/db/schema';
import { isLegacySealed } from '../../../server/modules/keys/crypto';
import { storedKey } from '../../../server/modules/keys/keys';
import { legacySeal } from '../../../server/testing/legacy-seal';
import { startPlatformServer, type PlatformServer, type StartOptions } from '../../../server/start';
import { insertMember } from '../../../server/testing/members';
import { seedPgliteDataDir } from '../../../server/testing/pglite-templates';
import { fakeSafeStorage, noKeytar } from '../../testing/fake-os-keychains';
import { startPlatformTarget } from '../embedded-server';
import { desktopSecretsKey } from './desktop-secrets-key';
import { createWrappedKeyStore, WRAPPED_KEY_FILE } from './wrapped-key-store';

let root: string;
const env = { LOG_LEVEL: 'silent', SIM_PORT: '0', DEMO_TRADING: 'false', ARGON2_MEMORY_KIB: '64', ARGON2_TIME_COST: '1' };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'griddesk-key-e2e-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** The desktop's start: the key from a (fake) OS keychain, then the embedded server. */
async function desktopStart(dataDir: string, userData: string, machine: ReturnType<typeof fakeSafeStorage>, notes: string[]) {
  let server: PlatformServer | undefined;
  const store = createWrappedKeyStore({ file: join(userData, WRAPPED_KEY_FILE), safeStorage: machine, loadKeytar: noKeytar });
  const target = await startPlatformTarget({
    env,
    dataDir,
    port: '0',
    secretsKey: (dir) => desktopSecretsKey({ dataDir: dir, store, log: (n) => notes.push(n) }),
    start: async (options: StartOptions) => (server = await startPlatformServer(options)),
  });
  return { target, server: server! };
}

async function filesHolding(dir: string, key: Buffer): Promise<string[]> {
  const spellings = [key.toString('hex'), key.toString('base64')];
  const found: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const text = (await readFile(join(entry.parentPath, entry.name))).toString('latin1');
    if (spellings.some((s) => text.includes(s))) found.push(join(entry.parentPath, entry.name));
  }
  return found;
}

describe('the desktop SECRETS_KEY with the embedded server', () => {
  it(
    'migrates an older install: the secret still opens, re-sealed, and a copied folder opens nothing',
    { timeout: 120_000 },
    async () => {
      const userData = join(root, 'userData');
      const dataDir = join(userData, 'data');
      // An older GridDesk: the server made its own key into DATA_DIR/secrets.json. Its database
      // comes from the tests' migrated template, as a packaged app's first start unpacks its own.
      await seedPgliteDataDir(dataDir);
      const older = await startPlatformServer({ env: { ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' } });
      const legacyKey = older.config.secretsKey;
      const member = await insertMember(older.app.deps.db);
      await older.app.deps.db.insert(exchangeKeys).values({
        userId: member,
        apiKey: 'AK-old',
        keyVersion: 1,
        ipRestricted: true,
        secretCiphertext: legacySeal(legacyKey, member, 'SK-old'),
      });
      await older.close();
      expect(await filesHolding(dataDir, legacyKey)).toEqual([join(dataDir, 'secrets.json')]);

      const machine = fakeSafeStorage();
      const notes: string[] = [];
      const first = await desktopStart(dataDir, userData, machine, notes);
      try {
        expect(first.server.config.secretsKey.equals(legacyKey)).toBe(true);
        expect(await storedKey(first.server.app.deps, member)).toEqual({ apiKey: 'AK-old', secretKey: 'SK-old' });
        const [row] = await first.server.app.deps.db.select().from(exchangeKeys).where(eq(exchangeKeys.userId, member));
        expect(isLegacySealed(row!.secretCiphertext)).toBe(false);
      } finally {
        await first.target.close();
      }
      expect(notes.join('\n')).toMatch(/one-time migration/);
      expect(await filesHolding(userData, legacyKey)).toEqual([]);

      // The data folder alone, elsewhere (another user or machine): no key to find, and the
      // server started there cannot open the sealed secret.
      const copy = join(root, 'copied', 'data');
      await cp(dataDir, copy, { recursive: true });
      expect(await filesHolding(copy, legacyKey)).toEqual([]);
      const elsewhere = await desktopStart(copy, join(root, 'copied'), fakeSafeStorage(), notes);
      try {
        expect(elsewhere.server.config.secretsKey.equals(legacyKey)).toBe(false);
        await expect(storedKey(elsewhere.server.app.deps, member)).rejects.toThrow();
      } finally {
        await elsewhere.target.close();
      }

      // Back home, the wrapped key still opens the original folder.
      const again = await desktopStart(dataDir, userData, machine, notes);
      try {
        expect(await storedKey(again.server.app.deps, member)).toEqual({ apiKey: 'AK-old', secretKey: 'SK-old' });
      } finally {
        await again.target.close();
      }
    },
  );
});
