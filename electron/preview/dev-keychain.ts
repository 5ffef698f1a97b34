/**
 * `npm run dev` only: the preview's sign-in kept in a file of its folder (DATA_DIR/preview), so
 * the restart after a server or main change does not sign the developer out. `npm start` and
 * `npm run preview` keep it in memory (a preview session lasts as long as the host). Owner-only,
 * like the data folder, whose database holds more than this does.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Keychain } from '../main/ports/types';

interface Stored {
  token: string | null;
  secrets: Record<string, string>;
}

function load(file: string): Stored {
  try {
    const { token, secrets } = JSON.parse(readFileSync(file, 'utf8')) as Partial<Stored>;
    return { token: typeof token === 'string' ? token : null, secrets: { ...secrets } };
  } catch {
    return { token: null, secrets: {} };
  }
}

export function createDevelopmentKeychain(file: string): Keychain {
  const stored = load(file);
  const save = async () => {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
  };
  return {
    kind: 'development file',
    getToken: async () => stored.token,
    setToken: async (value) => {
      stored.token = value;
      await save();
    },
    deleteToken: async () => {
      stored.token = null;
      await save();
    },
    getSecret: async (name) => stored.secrets[name] ?? null,
    setSecret: async (name, value) => {
      stored.secrets[name] = value;
      await save();
    },
    deleteSecret: async (name) => {
      delete stored.secrets[name];
      await save();
    },
    deleteSecretsStartingWith: async (prefix) => {
      for (const name of Object.keys(stored.secrets)) if (name.startsWith(prefix)) delete stored.secrets[name];
      await save();
    },
  };
}
