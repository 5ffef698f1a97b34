import { describe, expect, it } from 'vitest';
import { createKeytarKeychain, secretAccount, type KeytarModule } from './keytar-keychain';
import { createMemoryKeychain } from './memory-keychain';
import type { Keychain } from './types';

function standInKeytar(): KeytarModule & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getPassword: async (s, a) => entries.get(`${s}/${a}`) ?? null,
    setPassword: async (s, a, p) => void entries.set(`${s}/${a}`, p),
    deletePassword: async (s, a) => entries.delete(`${s}/${a}`),
  };
}

describe.each<[string, () => Keychain]>([
  ['memory', () => createMemoryKeychain('token-1')],
  [
    'keytar',
    () => {
      const keychain = createKeytarKeychain(standInKeytar(), 'https://server.example');
      void keychain.setToken('token-1');
      return keychain;
    },
  ],
])('named secrets in the %s keychain', (_kind, make) => {
  it('stores, reads and deletes a secret without touching the token', async () => {
    const keychain = make();
    expect(await keychain.getSecret('exchange-secret')).toBeNull();
    await keychain.setSecret('exchange-secret', 's3cr3t');
    await keychain.setSecret('other', 'o');
    expect(await keychain.getSecret('exchange-secret')).toBe('s3cr3t');
    await keychain.deleteSecret('exchange-secret');
    expect(await keychain.getSecret('exchange-secret')).toBeNull();
    expect(await keychain.getSecret('other')).toBe('o');
    expect(await keychain.getToken()).toBe('token-1');
  });

  it('keeps the secret when the token goes (sign-out is not a disconnect)', async () => {
    const keychain = make();
    await keychain.setSecret('exchange-secret', 's3cr3t');
    await keychain.deleteToken();
    expect(await keychain.getSecret('exchange-secret')).toBe('s3cr3t');
  });
});

describe('keytar secret entries', () => {
  it('live beside the token entry of the same server', async () => {
    const keytar = standInKeytar();
    const keychain = createKeytarKeychain(keytar, 'https://server.example');
    await keychain.setSecret('exchange-secret', 's3cr3t');
    expect([...keytar.entries.keys()]).toEqual([`GridDesk/${secretAccount('https://server.example', 'exchange-secret')}`]);
  });
});
