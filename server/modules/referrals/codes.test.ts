import { describe, expect, it } from 'vitest';
import { generateReferralCode, isReferralCode, normalizeReferralCode } from './codes';

describe('referral codes', () => {
  it('are 6 characters of A-Z and 0-9', () => {
    for (let i = 0; i < 1000; i += 1) expect(isReferralCode(generateReferralCode())).toBe(true);
  });

  it('use the whole alphabet', () => {
    expect(generateReferralCode(() => 0)).toBe('AAAAAA');
    expect(generateReferralCode((max) => max - 1)).toBe('999999');
  });

  it('are compared upper-case', () => {
    expect(normalizeReferralCode(' demo01 ')).toBe('DEMO01');
    expect(isReferralCode('demo01')).toBe(false);
    expect(isReferralCode('DEMO0')).toBe(false);
  });
});
