/**
 * Tests only: seals a secret in the v1 format (AES-256-GCM straight under the master key, before
 * the sealing key was derived with HKDF), as older versions stored it.
 */
import { createCipheriv, randomBytes } from 'node:crypto';

export function legacySeal(key: Buffer, memberId: string, secret: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(memberId, 'utf8'));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', nonce.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
}
