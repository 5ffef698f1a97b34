/**
 * The embedded server's SECRETS_KEY, wrapped by the OS keychain in userData (logic and tests in
 * ../secrets-key/); this file only supplies Electron's safeStorage and keytar.
 */
import { join } from 'node:path';
import { loadKeytar } from '../ports/keytar-keychain';
import { desktopSecretsKey } from '../secrets-key/desktop-secrets-key';
import { createWrappedKeyStore, WRAPPED_KEY_FILE } from '../secrets-key/wrapped-key-store';
import { electronSafeStorage } from './safe-storage-port';

export function keychainSecretsKey(userDataDir: string): (dataDir: string) => Promise<Buffer> {
  const store = createWrappedKeyStore({
    file: join(userDataDir, WRAPPED_KEY_FILE),
    safeStorage: electronSafeStorage,
    loadKeytar,
  });
  return (dataDir) => desktopSecretsKey({ dataDir, store });
}
