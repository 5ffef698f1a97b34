import { describe, expect, it } from 'vitest';
import { createMemoryKeychain } from './memory-keychain';
import { pickKeychain } from './pick-keychain';
import type { KeytarModule } from './keytar-keychain';

const workingKeytar = (): KeytarModule => {
  const entries = new Map<string, string>();
  return {
    getPassword: async (s, a) => entries.get(`${s}/${a}`) ?? null,
    setPassword: async (s, a, p) => void entries.set(`${s}/${a}`, p),
    deletePassword: async (s, a) => entries.delete(`${s}/${a}`),
  };
};

describe('pickKeychain', () => {
  it('takes keytar when it loads and answers', async () => {
    const keychain = await pickKeychain({
      account: 'embedded',
      loadKeytar: async () => workingKeytar(),
    });
    expect(keychain.kind).toBe('keytar');
  });

  it('falls back to safeStorage when keytar does not load, with a warning', async () => {
    const warnings: string[] = [];
    const keychain = await pickKeychain({
      account: 'embedded',
      loadKeytar: () => Promise.reject(new Error('libsecret-1.so.0: cannot open shared object file')),
      fallback: async () => ({ ...createMemoryKeychain(), kind: 'safeStorage' }),
      warn: (m) => warnings.push(m),
    });
    expect(keychain.kind).toBe('safeStorage');
    expect(warnings.join('\n')).toContain('libsecret');
  });

  it('falls back when keytar loads but the keyring refuses to work', async () => {
    const locked: KeytarModule = {
      ...workingKeytar(),
      getPassword: () => Promise.reject(new Error('Cannot create an item in a locked collection')),
    };
    const warnings: string[] = [];
    const keychain = await pickKeychain({
      account: 'x',
      loadKeytar: async () => locked,
      warn: (m) => warnings.push(m),
    });
    expect(keychain.kind).toBe('memory');
    expect(warnings.at(-1)).toMatch(/in memory only/);
  });

  it('ends with memory when the fallback is unavailable', async () => {
    const keychain = await pickKeychain({
      account: 'x',
      loadKeytar: () => Promise.reject(new Error('no keytar')),
      fallback: async () => null,
      warn: () => undefined,
    });
    expect(keychain.kind).toBe('memory');
  });
});
