import type { Keychain } from './types';

/** Keeps the token and named secrets for this process only: tests, and the last-resort fallback. */
export function createMemoryKeychain(initial: string | null = null): Keychain {
  let token = initial;
  const secrets = new Map<string, string>();
  return {
    kind: 'memory',
    getToken: async () => token,
    setToken: async (value) => {
      token = value;
    },
    deleteToken: async () => {
      token = null;
    },
    getSecret: async (name) => secrets.get(name) ?? null,
    setSecret: async (name, value) => {
      secrets.set(name, value);
    },
    deleteSecret: async (name) => {
      secrets.delete(name);
    },
    deleteSecretsStartingWith: async (prefix) => {
      for (const name of [...secrets.keys()]) if (name.startsWith(prefix)) secrets.delete(name);
    },
  };
}
