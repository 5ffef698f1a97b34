/** Electron's safeStorage as the SafeStoragePort the plain-Node modules take. */
import { safeStorage } from 'electron';
import type { SafeStoragePort } from '../secrets-key/wrapped-key-store';

/** False where safeStorage would only obfuscate (Linux 'basic_text' backend) or is unavailable. */
async function protects(): Promise<boolean> {
  if (!(await safeStorage.isAsyncEncryptionAvailable())) return false;
  return !(process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text');
}

export const electronSafeStorage: SafeStoragePort = {
  isAvailable: protects,
  encrypt: (plainText) => safeStorage.encryptStringAsync(plainText),
  decrypt: (encrypted) => safeStorage.decryptStringAsync(encrypted),
};
