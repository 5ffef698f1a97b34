import type { Keychain } from './types';

export const KEYCHAIN_SERVICE = 'GridDesk';

/** The part of keytar we use, so tests and the picker can pass a stand-in. */
export interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  /** Lists the service's entries (keytar has it; stand-ins may leave it out). */
  findCredentials?(service: string): Promise<Array<{ account: string; password: string }>>;
}

/**
 * Loads keytar lazily: it is a native module that fails to load where libsecret is missing
 * or the binary was built for another ABI, and the app must still start then (the picker
 * falls back).
 */
export async function loadKeytar(): Promise<KeytarModule> {
  const mod = (await import('keytar')) as unknown as KeytarModule & { default?: KeytarModule };
  return mod.default ?? mod;
}

/**
 * The OS keychain via keytar: service 'GridDesk', one entry per server (`account`) for the
 * token and one per server and name (`account#name`) for each named secret.
 */
export function createKeytarKeychain(keytar: KeytarModule, account: string): Keychain {
  return {
    kind: 'keytar',
    getToken: () => keytar.getPassword(KEYCHAIN_SERVICE, account),
    setToken: (token) => keytar.setPassword(KEYCHAIN_SERVICE, account, token),
    deleteToken: async () => {
      await keytar.deletePassword(KEYCHAIN_SERVICE, account);
    },
    getSecret: (name) => keytar.getPassword(KEYCHAIN_SERVICE, secretAccount(account, name)),
    setSecret: (name, value) => keytar.setPassword(KEYCHAIN_SERVICE, secretAccount(account, name), value),
    deleteSecret: async (name) => {
      await keytar.deletePassword(KEYCHAIN_SERVICE, secretAccount(account, name));
    },
    ...(keytar.findCredentials && {
      deleteSecretsStartingWith: async (prefix: string) => {
        const start = secretAccount(account, prefix);
        for (const entry of await keytar.findCredentials!(KEYCHAIN_SERVICE)) {
          if (entry.account.startsWith(start)) await keytar.deletePassword(KEYCHAIN_SERVICE, entry.account);
        }
      },
    }),
  };
}

/** The keyring entry of a named secret; '#' cannot occur in a server URL's origin. */
export const secretAccount = (account: string, name: string): string => `${account}#${name}`;
