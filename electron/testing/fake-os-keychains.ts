/**
 * Stand-ins for the OS keychains in Node tests: a safeStorage whose "OS key" belongs to one
 * machine (another machine's cannot decrypt), and a keytar kept in a Map.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { KeytarModule } from '../main/ports/keytar-keychain';
import type { SafeStoragePort } from '../main/secrets-key/wrapped-key-store';

export interface FakeSafeStorage extends SafeStoragePort {
  available: boolean;
  /** The next decrypt asks for a re-encryption (the OS rotated its key). */
  askReEncrypt: boolean;
  encryptions: number;
}

export function fakeSafeStorage(machineKey: Buffer = randomBytes(32)): FakeSafeStorage {
  const fake: FakeSafeStorage = {
    available: true,
    askReEncrypt: false,
    encryptions: 0,
    isAvailable: async () => fake.available,
    encrypt: async (plainText) => {
      if (!fake.available) throw new Error('safeStorage is not available');
      fake.encryptions += 1;
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', machineKey, nonce);
      const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
      return Buffer.concat([nonce, cipher.getAuthTag(), body]);
    },
    decrypt: async (encrypted) => {
      if (!fake.available) throw new Error('safeStorage is not available');
      const decipher = createDecipheriv('aes-256-gcm', machineKey, encrypted.subarray(0, 12));
      decipher.setAuthTag(encrypted.subarray(12, 28));
      const result = Buffer.concat([decipher.update(encrypted.subarray(28)), decipher.final()]).toString('utf8');
      const shouldReEncrypt = fake.askReEncrypt;
      fake.askReEncrypt = false;
      return { result, shouldReEncrypt };
    },
  };
  return fake;
}

export function fakeKeytar(): KeytarModule & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getPassword: async (service, account) => entries.get(`${service}/${account}`) ?? null,
    setPassword: async (service, account, password) => void entries.set(`${service}/${account}`, password),
    deletePassword: async (service, account) => entries.delete(`${service}/${account}`),
  };
}

export const noKeytar = (): Promise<KeytarModule> => Promise.reject(new Error('keytar did not load'));
