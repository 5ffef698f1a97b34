/**
 * Earlier versions copied the member's exchange secret into the desktop keychain on
 * `keys:save` and never read it back: the server holds it, sealed, and signs every exchange
 * call itself. The desktop keeps no copy now; these helpers remove the ones left behind.
 */
import type { Keychain, SettingsStore } from '../ports/types';

const PREFIX = 'exchange-secret:';

/** The keychain entry earlier versions used for a member's secret on this server. */
export function exchangeSecretName(email: string | null): string {
  return `${PREFIX}${email ?? 'member'}`;
}

/**
 * The member's copy, and the one saved while no email was known. Best effort: a keychain that
 * refuses must not block a login, logout or save; the next start or logout tries again.
 */
export async function forgetExchangeSecret(keychain: Keychain, email: string | null): Promise<void> {
  try {
    await keychain.deleteSecret(exchangeSecretName(email));
    if (email !== null) await keychain.deleteSecret(exchangeSecretName(null));
  } catch (error) {
    console.warn('GridDesk: could not remove an old copy of the exchange secret', error);
  }
}

/**
 * At start, once: every member's copy where the keychain can list its entries (keytar,
 * memory), else the copy of the member signed in last (safeStorage names its files by hash).
 */
export async function forgetStaleExchangeSecrets(keychain: Keychain, settings: SettingsStore): Promise<void> {
  if (keychain.deleteSecretsStartingWith) {
    await keychain.deleteSecretsStartingWith(PREFIX);
    return;
  }
  await forgetExchangeSecret(keychain, settings.get('email'));
}
