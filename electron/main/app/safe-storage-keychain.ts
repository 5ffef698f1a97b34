/**
 * The keychain where keytar cannot load: the token encrypted with Electron's safeStorage
 * (DPAPI, macOS Keychain, libsecret/kwallet key) in a file under userData.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { safeStorage } from 'electron';
import type { Keychain } from '../ports/types';

/** Null when safeStorage would only obfuscate (Linux 'basic_text' backend, or unavailable). */
export async function createSafeStorageKeychain(
  userDataDir: string,
  account: string,
): Promise<Keychain | null> {
  if (!(await safeStorage.isAsyncEncryptionAvailable())) return null;
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text')
    return null;
  const dir = join(userDataDir, 'keychain');
  const file = join(dir, `${createHash('sha256').update(account).digest('hex').slice(0, 32)}.bin`);
  return {
    kind: 'safeStorage',
    async getToken() {
      let encrypted: Buffer;
      try {
        encrypted = await readFile(file);
      } catch {
        return null;
      }
      return (await safeStorage.decryptStringAsync(encrypted)).result;
    },
    async setToken(token) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeFile(file, await safeStorage.encryptStringAsync(token), { mode: 0o600 });
    },
    async deleteToken() {
      await rm(file, { force: true });
    },
  };
}
