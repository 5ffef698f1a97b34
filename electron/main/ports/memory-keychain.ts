import type { Keychain } from './types';

/** Keeps the token for this process only: tests, and the last-resort fallback. */
export function createMemoryKeychain(initial: string | null = null): Keychain {
  let token = initial;
  return {
    kind: 'memory',
    getToken: async () => token,
    setToken: async (value) => {
      token = value;
    },
    deleteToken: async () => {
      token = null;
    },
  };
}
