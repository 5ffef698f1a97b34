import { randomInt } from 'node:crypto';
import { REFERRAL_ID_LENGTH } from '../../../common/constants';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A member's 6-character referral code, A-Z and 0-9 (36^6, about 2.2 billion codes). */
export function generateReferralCode(pick: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < REFERRAL_ID_LENGTH; i += 1) code += ALPHABET[pick(ALPHABET.length)];
  return code;
}

export function isReferralCode(value: string): boolean {
  return new RegExp(`^[A-Z0-9]{${REFERRAL_ID_LENGTH}}$`).test(value);
}

/** Members type codes in any case; codes are stored upper-case. */
export function normalizeReferralCode(value: string): string {
  return value.trim().toUpperCase();
}
