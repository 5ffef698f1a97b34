/**
 * Main's start of the platform: the embedded server (its SECRETS_KEY wrapped by the OS
 * keychain, its log on the terminal in development or in server.log in a packaged app), the
 * settings that remember its address, and the keychain that holds the member's session.
 */
import { join } from 'node:path';
import { app } from 'electron';
import { openServerLogDestination } from '../diagnostics/log-file';
import { keychainAccount, startPlatformTarget, type PlatformTarget } from '../embedded-server';
import { forgetStaleExchangeSecrets } from '../ipc/exchange-secret';
import { pickKeychain } from '../ports/pick-keychain';
import type { Keychain, SettingsStore } from '../ports/types';
import { createSafeStorageKeychain } from './safe-storage-keychain';
import { keychainSecretsKey } from './secrets-key';
import { createElectronSettings } from './settings';

/**
 * The embedded server's log: the terminal in development; a packaged app has none, so
 * server.log beside main.log in the logs folder (where Export diagnostics looks).
 */
function embeddedServerLogger(): boolean | object {
  if (!app.isPackaged) return true;
  // Electron's default logs folder (support-tools set the same one for main.log).
  app.setAppLogsPath();
  return { stream: openServerLogDestination(app.getPath('logs')) };
}

export interface StartedPlatform {
  target: PlatformTarget;
  settings: SettingsStore;
  keychain: Keychain;
}

export async function startPlatform(env: Record<string, string | undefined>): Promise<StartedPlatform> {
  const userData = app.getPath('userData');
  const target = await startPlatformTarget({
    env,
    dataDir: join(userData, 'data'),
    port: '0',
    logger: embeddedServerLogger(),
    secretsKey: keychainSecretsKey(userData),
  });
  const settings = createElectronSettings();
  settings.set('serverUrl', target.url);
  const account = keychainAccount(target);
  const keychain = await pickKeychain({
    account,
    fallback: () => createSafeStorageKeychain(userData, account),
  });
  // Earlier versions kept a copy of the member's exchange secret here; the server has it.
  await forgetStaleExchangeSecrets(keychain, settings).catch((error: unknown) =>
    console.warn('GridDesk: could not remove an old copy of the exchange secret', error),
  );
  return { target, settings, keychain };
}
