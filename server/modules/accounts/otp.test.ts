import { createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OTP_MAX_ATTEMPTS } from '../../../common/constants';
import { addMinutes } from '../clock';
import { canClaimTry, judgeClaimedTry, refusalWithoutTry } from './otp';
import { generateOtp, generateResetToken, hashOtp, hashResetToken, otpMatches } from './secrets';

const sentAt = new Date('2030-01-01T00:00:00Z');
const state = (attempts = 0) => ({ otpExpiresAt: addMinutes(sentAt, 10), otpAttempts: attempts });

describe('the OTP rules', () => {
  it('lets a try be claimed within 10 minutes while tries are left', () => {
    expect(canClaimTry(state(), addMinutes(sentAt, 9.9))).toBe(true);
    expect(canClaimTry(state(), addMinutes(sentAt, 10))).toBe(true);
    expect(canClaimTry(state(), addMinutes(sentAt, 10.01))).toBe(false);
    expect(canClaimTry(state(OTP_MAX_ATTEMPTS - 1), sentAt)).toBe(true);
    expect(canClaimTry(state(OTP_MAX_ATTEMPTS), sentAt)).toBe(false);
  });

  it('accepts the right code on any claimed try, the last one included', () => {
    for (let attempt = 1; attempt <= OTP_MAX_ATTEMPTS; attempt += 1) expect(judgeClaimedTry(attempt, true)).toBe('ok');
  });

  it('counts wrong tries and burns the code on the fifth', () => {
    for (let attempt = 1; attempt < OTP_MAX_ATTEMPTS; attempt += 1) expect(judgeClaimedTry(attempt, false)).toBe('invalid');
    expect(judgeClaimedTry(OTP_MAX_ATTEMPTS, false)).toBe('burned');
  });

  it('says why no try could be claimed: burned before expired', () => {
    expect(refusalWithoutTry(state(OTP_MAX_ATTEMPTS), sentAt)).toBe('burned');
    expect(refusalWithoutTry(state(OTP_MAX_ATTEMPTS), addMinutes(sentAt, 11))).toBe('burned');
    expect(refusalWithoutTry(state(), addMinutes(sentAt, 10.01))).toBe('expired');
    expect(refusalWithoutTry(state(), sentAt)).toBe('invalid');
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

  it('keys the OTP HMAC with a key derived from the master key by HKDF, never the master key itself', () => {
    const stored = hashOtp(key, 'a@example.com', '012345');
    const underMaster = createHmac('sha256', key).update('otp:a@example.com:012345').digest('hex');
    expect(stored).not.toBe(underMaster);
    const derived = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'griddesk otp hmac v1', 32));
    expect(stored).toBe(createHmac('sha256', derived).update('otp:a@example.com:012345').digest('hex'));
  });

  it('makes reset tokens of 32 url-safe characters and stores only their hash', () => {
    const token = generateResetToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(hashResetToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashResetToken(token)).not.toContain(token);
  });
});
