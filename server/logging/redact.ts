/**
 * Credentials never reach a log line or a startup error. The rules are the one rule set in
 * common/redaction/ (the desktop's diagnostics export uses the same); what is the server's own
 * is which configuration values are secrets: the password of a connection URL (DATABASE_URL,
 * SMTP_URL, REDIS_URL), an API key in an RPC URL's path or query (BSC_RPC_URL), and the secret
 * variables themselves, redacted wherever they appear (a driver's error message may quote them).
 */
import { isKeyedPathScheme, isOpaqueSegment, isSecretName, MIN_SECRET_LENGTH, redactText, redactUrl } from '../../common/redaction';

export { REDACTED, redactUrl } from '../../common/redaction';

/** `text` with every secret the rules recognise and every one of `secrets` (see secretsOf) redacted. */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  return redactText(text, { secrets });
}

/** Connection URLs whose credentials are secrets. */
export const URL_SECRET_NAMES = ['DATABASE_URL', 'SMTP_URL', 'REDIS_URL', 'BSC_RPC_URL', 'SIM_URL'] as const;
/** Variables that are secrets as a whole. */
export const PLAIN_SECRET_NAMES = ['JWT_SECRET', 'SECRETS_KEY', 'PREVIOUS_SECRETS_KEY', 'HOT_WALLET_PRIVATE_KEY', 'DEPOSIT_MNEMONIC',
  'METRICS_TOKEN'] as const;

/**
 * A configuration value as an error may show it: connection URLs redacted (path keys included,
 * whatever the scheme, as a wrong scheme is what the error is about), anything else by the rules.
 */
export function redactConfigValue(name: string, value: string): string {
  return (URL_SECRET_NAMES as readonly string[]).includes(name) ? redactUrl(value, { pathKeys: true }) : redactSecrets(value);
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
