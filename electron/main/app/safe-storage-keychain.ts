/**
 * The keychain where keytar cannot load: the token and each named secret encrypted with
 * Electron's safeStorage (DPAPI, macOS Keychain, libsecret/kwallet key), one file per entry
 * under userData.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { safeStorage } from 'electron';
import type { Keychain } from '../ports/types';
import { electronSafeStorage } from './safe-storage-port';

/** Null when safeStorage would only obfuscate (Linux 'basic_text' backend, or unavailable). */
export async function createSafeStorageKeychain(userDataDir: string, account: string): Promise<Keychain | null> {
  if (!(await electronSafeStorage.isAvailable())) return null;
  const dir = join(userDataDir, 'keychain');
  // Hashed names: the files must not reveal the server or the secret's purpose.
  const fileFor = (entry: string) => join(dir, `${createHash('sha256').update(entry).digest('hex').slice(0, 32)}.bin`);

  async function read(file: string): Promise<string | null> {
    let encrypted: Buffer;
    try {
      encrypted = await readFile(file);
    } catch {
      return null;
    }
    return (await safeStorage.decryptStringAsync(encrypted)).result;
  }
  async function write(file: string, value: string): Promise<void> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeFile(file, await safeStorage.encryptStringAsync(value), { mode: 0o600 });
  }
  const tokenFile = fileFor(account);
  const secretFile = (name: string) => fileFor(`${account}#${name}`);

  return {
    kind: 'safeStorage',
    getToken: () => read(tokenFile),
    setToken: (token) => write(tokenFile, token),
    deleteToken: () => rm(tokenFile, { force: true }),
    getSecret: (name) => read(secretFile(name)),
    setSecret: (name, value) => write(secretFile(name), value),
    deleteSecret: (name) => rm(secretFile(name), { force: true }),
  };
}
