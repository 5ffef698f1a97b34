import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEYCHAIN_SERVICE, loadKeytar } from '../ports/keytar-keychain';
import { createWrappedKeyStore, KEYTAR_SECRETS_KEY_ACCOUNT, WRAPPED_KEY_FILE } from './wrapped-key-store';

// Runs under `npm run test:keyring` only (a private gnome-keyring on D-Bus).
describe('the wrapped SECRETS_KEY in the OS keyring (keytar fallback)', () => {
  it('keeps the key in the keyring and only a pointer in the file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'griddesk-wrapped-keyring-'));
    const key = randomBytes(32);
    const store = createWrappedKeyStore({ file: join(dir, WRAPPED_KEY_FILE), safeStorage: null, loadKeytar });
    try {
      expect(await store.save(key)).toBe('keytar');
      expect((await store.load())?.equals(key)).toBe(true);
      expect(await readFile(join(dir, WRAPPED_KEY_FILE), 'utf8')).not.toContain(key.toString('hex'));
    } finally {
      await (await loadKeytar()).deletePassword(KEYCHAIN_SERVICE, KEYTAR_SECRETS_KEY_ACCOUNT);
      await rm(dir, { recursive: true, force: true });
    }
  });
});
