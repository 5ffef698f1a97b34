/**
 * Credentials never reach a log line or a startup error. The rules are the one rule set in
 * common/redaction/ (the desktop's diagnostics export uses the same); which configuration values
 * are secrets is the configuration's to say (config/secret-variables.ts); this file finds their
 * values in an environment, so the logger redacts them wherever they appear (a driver's error
 * message may quote them).
 */
import { isKeyedPathScheme, isOpaqueSegment, isSecretName, MIN_SECRET_LENGTH, redactText } from '../../common/redaction';
import { PLAIN_SECRET_NAMES, URL_SECRET_NAMES } from '../config/secret-variables';

export { REDACTED, redactUrl } from '../../common/redaction';

/** `text` with every secret the rules recognise and every one of `secrets` (see secretsOf) redacted. */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  return redactText(text, { secrets });
}

type SecretSource = Record<string, string | null | undefined>;

/** The secret parts of a URL: its password and, for http/ws URLs, path keys and credential query values. */
function secretsInUrl(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const found: string[] = [];
  if (parsed.password) found.push(parsed.password, decodeURIComponent(parsed.password));
  if (isKeyedPathScheme(`${parsed.protocol}//`)) found.push(...parsed.pathname.split('/').filter(isOpaqueSegment));
  for (const [key, value] of parsed.searchParams) if (isSecretName(key) && value) found.push(value);
  return found;
}

/** Every secret value of an environment (or a configuration mapped onto its variable names). */
export function secretsOf(source: SecretSource): string[] {
  const found: string[] = [];
  for (const name of URL_SECRET_NAMES) {
    const value = source[name]?.trim();
    if (value) found.push(...secretsInUrl(value));
  }
  for (const name of PLAIN_SECRET_NAMES) {
    const value = source[name]?.trim();
    if (value) found.push(value);
  }
  return [...new Set(found)].filter((secret) => secret.length >= MIN_SECRET_LENGTH);
}
