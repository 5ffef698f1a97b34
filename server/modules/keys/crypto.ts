/**
 * Exchange secrets at rest (ARCHITECTURE section 8): AES-256-GCM under SECRETS_KEY, a fresh
 * 96-bit nonce per encryption, the member id as associated data (a ciphertext copied onto
 * another member's row does not decrypt), and a version byte naming the master key for rotation.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const SECRET_KEY_VERSION = 1;

/** "v1.<nonce b64>.<tag b64>.<ciphertext b64>" */
export function sealSecret(masterKey: Buffer, memberId: string, secret: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', masterKey, nonce);
  cipher.setAAD(Buffer.from(memberId, 'utf8'));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [`v${SECRET_KEY_VERSION}`, nonce, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64'))).join('.');
}

export function openSecret(masterKey: Buffer, memberId: string, sealed: string): string {
  const [version, nonce, tag, body] = sealed.split('.');
  if (version !== `v${SECRET_KEY_VERSION}` || !nonce || !tag || body === undefined) throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', masterKey, Buffer.from(nonce, 'base64'));
  decipher.setAAD(Buffer.from(memberId, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}
