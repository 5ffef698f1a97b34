import { describe, expect, it } from 'vitest';
import { OTP_MAX_ATTEMPTS } from '../../../common/constants';
import { addMinutes } from '../clock';
import { judgeOtp } from './otp';
import { generateOtp, generateResetToken, hashOtp, hashResetToken, otpMatches } from './secrets';

const sentAt = new Date('2030-01-01T00:00:00Z');
const state = (attempts = 0) => ({ otpExpiresAt: addMinutes(sentAt, 10), otpAttempts: attempts });

describe('judgeOtp', () => {
  it('accepts the right code within 10 minutes', () => {
    expect(judgeOtp(state(), true, addMinutes(sentAt, 9.9))).toBe('ok');
    expect(judgeOtp(state(), true, addMinutes(sentAt, 10))).toBe('ok');
  });

  it('refuses the right code after 10 minutes', () => {
    expect(judgeOtp(state(), true, addMinutes(sentAt, 10.01))).toBe('expired');
  });

  it('counts wrong tries and burns the code on the fifth', () => {
    for (let attempts = 0; attempts < OTP_MAX_ATTEMPTS - 1; attempts += 1) {
      expect(judgeOtp(state(attempts), false, sentAt)).toBe('invalid');
    }
    expect(judgeOtp(state(OTP_MAX_ATTEMPTS - 1), false, sentAt)).toBe('burned');
  });

  it('refuses even the right code once burned', () => {
    expect(judgeOtp(state(OTP_MAX_ATTEMPTS), true, sentAt)).toBe('burned');
  });
});

describe('OTP and reset-token secrets', () => {
  const key = Buffer.alloc(32, 7);

  it('draws 6-digit codes, zero-padded', () => {
    const codes = Array.from({ length: 500 }, generateOtp);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(490);
  });

  it('matches a code only for the same email and key', () => {
    const stored = hashOtp(key, 'a@example.com', '012345');
    expect(stored).not.toContain('012345');
    expect(otpMatches(key, 'a@example.com', '012345', stored)).toBe(true);
    expect(otpMatches(key, 'a@example.com', '012346', stored)).toBe(false);
    expect(otpMatches(key, 'b@example.com', '012345', stored)).toBe(false);
    expect(otpMatches(Buffer.alloc(32, 8), 'a@example.com', '012345', stored)).toBe(false);
  });

  it('makes reset tokens of 32 url-safe characters and stores only their hash', () => {
    const token = generateResetToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(hashResetToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashResetToken(token)).not.toContain(token);
  });
});
