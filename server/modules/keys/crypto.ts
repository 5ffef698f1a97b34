/**
 * Exchange secrets at rest (ARCHITECTURE section 8): AES-256-GCM under a sealing key derived
 * from SECRETS_KEY with HKDF, a fresh 96-bit nonce per encryption, the member id as associated
 * data (a ciphertext copied onto another member's row does not decrypt), and a version prefix
 * naming the format.
 *
 * The master key is used for other things too (OTP hashes), so it never keys AES directly: a
 * derived key with its own label keeps each use separate. Version 1 sealed under the master key
 * itself; it still opens, and the server re-seals such rows once at startup (reseal-legacy.ts).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** The format sealSecret writes (and the exchange_keys.key_version it stores). */
export const SECRET_KEY_VERSION = 2;
const LEGACY_VERSION = 1;

/** HKDF info label of the sealing key; a new use of SECRETS_KEY takes a new label. */
export const SEALING_KEY_INFO = 'griddesk/exchange-secret-sealing/v2';

// Derived once per master key: the dashboard's funds poll opens a secret every few seconds.
const derivedKeys = new WeakMap<Buffer, Buffer>();

/** HKDF-SHA256 without salt: the master key is already 32 uniformly random bytes. */
export function sealingKey(masterKey: Buffer): Buffer {
  let key = derivedKeys.get(masterKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), SEALING_KEY_INFO, 32));
    derivedKeys.set(masterKey, key);
  }
  return key;
}

/** True for a secret sealed by an earlier version straight under the master key. */
export function isLegacySealed(sealed: string): boolean {
  return sealed.startsWith(`v${LEGACY_VERSION}.`);
}

/** "v2.<nonce b64>.<tag b64>.<ciphertext b64>" */
export function sealSecret(masterKey: Buffer, memberId: string, secret: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(masterKey), nonce);
  cipher.setAAD(Buffer.from(memberId, 'utf8'));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [`v${SECRET_KEY_VERSION}`, nonce, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
    .join('.');
}

export function openSecret(masterKey: Buffer, memberId: string, sealed: string): string {
  const [version, nonce, tag, body] = sealed.split('.');
  if (!nonce || !tag || body === undefined) throw new Error('unknown secret format');
  let key: Buffer;
  if (version === `v${SECRET_KEY_VERSION}`) key = sealingKey(masterKey);
  else if (version === `v${LEGACY_VERSION}`) key = masterKey;
  else throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64'));
  decipher.setAAD(Buffer.from(memberId, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}
