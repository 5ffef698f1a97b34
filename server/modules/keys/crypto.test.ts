import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isLegacySealed, openSecret, SEALING_KEY_INFO, sealSecret } from './crypto';

const master = Buffer.from('ab'.repeat(32), 'hex');
const member = '6f1c6a52-6a55-4c1e-9d0f-1f0f5c3f2b10';

/** AES-256-GCM of a sealed string's parts under `key`, as an attacker holding `key` would try. */
function decryptWith(key: Buffer, sealed: string): string {
  const [, nonce, tag, body] = sealed.split('.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce!, 'base64'));
  decipher.setAAD(Buffer.from(member, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag!, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body!, 'base64')), decipher.final()]).toString('utf8');
}

/** How secrets were sealed before the sealing key was derived: straight under the master key. */
function legacySeal(key: Buffer, secret: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(member, 'utf8'));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', nonce.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
}

describe('sealing exchange secrets', () => {
  it('seals under a key derived from SECRETS_KEY with HKDF, never under the master key itself', () => {
    const sealed = sealSecret(master, member, 'binance-secret');
    expect(sealed.startsWith('v2.')).toBe(true);
    expect(() => decryptWith(master, sealed)).toThrow();
    const derived = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), SEALING_KEY_INFO, 32));
    expect(decryptWith(derived, sealed)).toBe('binance-secret');
    expect(openSecret(master, member, sealed)).toBe('binance-secret');
  });

  it('still opens a secret sealed straight under the master key by an earlier version', () => {
    const legacy = legacySeal(master, 'old-secret');
    expect(isLegacySealed(legacy)).toBe(true);
    expect(openSecret(master, member, legacy)).toBe('old-secret');
    expect(isLegacySealed(sealSecret(master, member, 'new'))).toBe(false);
  });

  it('refuses another member id, another master key and an unknown format', () => {
    const sealed = sealSecret(master, member, 's');
    expect(() => openSecret(master, 'someone-else', sealed)).toThrow();
    expect(() => openSecret(Buffer.alloc(32, 1), member, sealed)).toThrow();
    expect(() => openSecret(master, member, `v9.${sealed.slice(3)}`)).toThrow('unknown secret format');
  });
});
