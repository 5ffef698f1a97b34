/**
 * Which configuration variables are secrets, and how a refused value may be shown: the password
 * of a connection URL (DATABASE_URL, SMTP_URL, REDIS_URL), an API key in an RPC URL's path or
 * query (BSC_RPC_URL), and the secret variables as a whole. Part of the configuration (which
 * names its variables); the redaction rules themselves are common/redaction/'s, and the logger
 * (logging/redact.ts) redacts these values wherever they appear.
 */
import { redactText, redactUrl } from '../../common/redaction';

/** Connection URLs whose credentials are secrets. */
export const URL_SECRET_NAMES = ['DATABASE_URL', 'SMTP_URL', 'REDIS_URL', 'BSC_RPC_URL', 'SIM_URL'] as const;
/** Variables that are secrets as a whole. */
export const PLAIN_SECRET_NAMES = [
  'JWT_SECRET',
  'SECRETS_KEY',
  'PREVIOUS_SECRETS_KEY',
  'HOT_WALLET_PRIVATE_KEY',
  'DEPOSIT_MNEMONIC',
  'METRICS_TOKEN',
] as const;

/**
 * A configuration value as an error may show it: connection URLs redacted (path keys included,
 * whatever the scheme, as a wrong scheme is what the error is about), anything else by the rules.
 */
export function redactConfigValue(name: string, value: string): string {
  return (URL_SECRET_NAMES as readonly string[]).includes(name)
    ? redactUrl(value, { pathKeys: true })
    : redactText(value, { secrets: [] });
}
