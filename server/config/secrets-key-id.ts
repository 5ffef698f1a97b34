/**
 * A SECRETS_KEY's id: which key a data folder's secrets are sealed with, without the key. The
 * desktop app keeps the key itself wrapped by the OS keychain and writes only this id into
 * DATA_DIR/secrets.json, so a copied folder names its key but cannot open anything.
 */
import { createHmac } from 'node:crypto';

const ID_LABEL = 'griddesk/secrets-key-id/v1';

/** HMAC-SHA256 of a fixed label under the key, first 16 bytes in hex: one-way, stable. */
export function secretsKeyId(key: Buffer): string {
  return createHmac('sha256', key).update(ID_LABEL).digest('hex').slice(0, 32);
}
