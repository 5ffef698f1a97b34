import { createKeytarKeychain, loadKeytar, type KeytarModule } from './keytar-keychain';
import { createMemoryKeychain } from './memory-keychain';
import type { Keychain } from './types';

export interface PickKeychainOptions {
  /** The keychain entry name, one per server. */
  account: string;
  /** Defaults to importing keytar; tests pass a stand-in or a failing loader. */
  loadKeytar?: () => Promise<KeytarModule>;
  /** Electron's safeStorage keychain, built by electron/main/app (absent in plain Node). */
  fallback?: () => Promise<Keychain | null>;
  warn?: (message: string) => void;
}

/**
 * keytar when it loads and a round trip through the keyring works (a locked or missing
 * Secret Service only shows up on use), else the safeStorage keychain, else memory with a
 * warning: the member then signs in again after every start, which beats not starting.
 */
export async function pickKeychain(options: PickKeychainOptions): Promise<Keychain> {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  try {
    const keychain = createKeytarKeychain(await (options.loadKeytar ?? loadKeytar)(), options.account);
    await keychain.getToken();
    return keychain;
  } catch (error) {
    warn(`GridDesk: the OS keychain (keytar) is not usable: ${describe(error)}`);
  }
  try {
    const fallback = await options.fallback?.();
    if (fallback) return fallback;
  } catch (error) {
    warn(`GridDesk: the safeStorage keychain is not usable: ${describe(error)}`);
  }
  warn('GridDesk: keeping the session token in memory only; you will sign in again after a restart.');
  return createMemoryKeychain();
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
