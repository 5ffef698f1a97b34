/**
 * OTPs and reset tokens are stored only as keyed hashes: a leaked table gives an attacker
 * nothing to replay, and without the key a 6-digit OTP hash cannot be brute-forced offline.
 */
import { createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '../../../common/constants';

export function generateOtp(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** HKDF's `info`: names the purpose, so no other use of the master key can yield this key. */
const OTP_KEY_INFO = 'griddesk otp hmac v1';
const otpKeys = new WeakMap<Buffer, Buffer>();

/**
 * The OTP HMAC key, derived from SECRETS_KEY with HKDF-SHA256: the master key itself also
 * encrypts exchange secrets, and one key should serve one purpose. OTPs hashed under the raw
 * master key (before this) no longer match; they expire within 10 minutes and Resend issues a
 * code that does.
 */
function otpHmacKey(masterKey: Buffer): Buffer {
  let key = otpKeys.get(masterKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), OTP_KEY_INFO, 32));
    otpKeys.set(masterKey, key);
  }
  return key;
}

export function hashOtp(masterKey: Buffer, email: string, otp: string): string {
  return createHmac('sha256', otpHmacKey(masterKey)).update(`otp:${email}:${otp}`).digest('hex');
}

export function otpMatches(masterKey: Buffer, email: string, otp: string, storedHash: string): boolean {
  const actual = Buffer.from(hashOtp(masterKey, email, otp), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * 24 random bytes = 32 base64url characters: 192 bits, and short enough that the reset link
 * stays on one mail line under 76 characters (no quoted-printable soft breaks in the link).
 */
export function generateResetToken(): string {
  return randomBytes(24).toString('base64url');
}

/** A reset token is already 192 random bits; a plain SHA-256 makes its row unguessable. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
