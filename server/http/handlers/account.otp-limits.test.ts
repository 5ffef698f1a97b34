/**
 * Issue 10, item 3: the five-wrong-tries rule holds against parallel guesses, and the server
 * itself enforces the 30-second resend wait and a daily cap on OTP mails.
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_MINUTES } from '../../../common/constants';
import { SERVER } from '../../../common/messages';
import { pendingSignups } from '../../db/schema';
import { hashPassword } from '../../modules/accounts/passwords';
import { databaseTargets } from '../../testing/databases';
import { otpFrom, signupBody } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';

const targets = await databaseTargets();
const DAILY_MAX = 3;

describe.each(targets)('OTP tries and mails on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    // The per-client limit would stop a burst first; these tests are about the OTP's own rules.
    server = await createTestServer(target, { RATE_LIMIT_MAX: '1000', OTP_DAILY_MAX: String(DAILY_MAX) });
  });
  afterAll(() => server?.close());

  const post = (url: string, payload: object) => server.app.inject({ method: 'POST', url, payload });
  const mailsTo = (email: string) => server.mailer.sent.filter((m) => m.to === email);
  const lastOtp = (email: string) => otpFrom(server.mailer.lastTo(email)!.text);
  const resend = (email: string) => post('/api/resend-otp', { email });
  const waitOut = () => server.clock.advance(OTP_RESEND_SECONDS * 1000);

  async function signedUp() {
    const body = signupBody();
    expect((await post('/api/signup', body)).statusCode).toBe(200);
    return { body, otp: lastOtp(body.email) };
  }

  it('judges at most five of 20 parallel wrong guesses, and the right code is refused after them', async () => {
    const { body, otp } = await signedUp();
    const wrong = otp === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('/api/verify-otp', { ...body, otp: wrong })));
    const messages = answers.map((res) => res.json<{ message: string }>().message);
    expect(answers.every((res) => res.statusCode === 400)).toBe(true);
    expect(messages.filter((m) => m === SERVER.otpInvalid)).toHaveLength(OTP_MAX_ATTEMPTS - 1);
    expect(messages.filter((m) => m === SERVER.otpBurned)).toHaveLength(20 - (OTP_MAX_ATTEMPTS - 1));
    const [row] = await server.database.db.select().from(pendingSignups).where(eq(pendingSignups.email, body.email));
    expect(row!.otpAttempts).toBe(OTP_MAX_ATTEMPTS);
    const right = await post('/api/verify-otp', { ...body, otp });
    expect(right.json()).toEqual({ success: false, message: SERVER.otpBurned, reason: 'account.otp_burned' });
  });

  it('refuses a resend within 30 seconds of the last mail, with Retry-After', async () => {
    const { body } = await signedUp();
    const early = await resend(body.email);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({
      success: false,
      message: SERVER.otpResendTooSoon(OTP_RESEND_SECONDS),
      reason: 'request.too_many',
    });
    expect(early.headers['retry-after']).toBe(String(OTP_RESEND_SECONDS));
    server.clock.advance((OTP_RESEND_SECONDS - 1) * 1000);
    expect((await resend(body.email)).json()).toEqual({
      success: false,
      message: SERVER.otpResendTooSoon(1),
      reason: 'request.too_many',
    });
    server.clock.advance(1000);
    expect((await resend(body.email)).json()).toEqual({ success: true, message: SERVER.otpResent });
    expect(mailsTo(body.email)).toHaveLength(2);
  });

  it('mails one code for a burst of parallel resends', async () => {
    const { body } = await signedUp();
    waitOut();
    const answers = await Promise.all(Array.from({ length: 8 }, () => resend(body.email)));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(mailsTo(body.email)).toHaveLength(2);
  });

  it('caps the codes mailed to one address per day, signup included', async () => {
    const { body } = await signedUp();
    for (let sent = 1; sent < DAILY_MAX; sent += 1) {
      waitOut();
      expect((await resend(body.email)).statusCode).toBe(200);
    }
    waitOut();
    const capped = await resend(body.email);
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toEqual({ success: false, message: SERVER.otpDailyLimit, reason: 'request.too_many' });
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(OTP_RESEND_SECONDS);
    expect(mailsTo(body.email)).toHaveLength(DAILY_MAX);
    // The code mailed last keeps working: a refused resend does not replace it.
    expect((await post('/api/verify-otp', { ...body, otp: lastOtp(body.email) })).statusCode).toBe(200);
  });

  it('caps a new signup for the address too, and lifts the cap after a day', async () => {
    const { body } = await signedUp();
    for (let sent = 1; sent < DAILY_MAX; sent += 1) {
      waitOut();
      await resend(body.email);
    }
    server.clock.advance(OTP_TTL_MINUTES * 60_000 + 1_000);
    const capped = await post('/api/signup', body);
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toEqual({ message: SERVER.otpDailyLimit, reason: 'request.too_many' });
    server.clock.advance(24 * 3_600_000);
    expect((await post('/api/signup', body)).statusCode).toBe(200);
    expect((await post('/api/verify-otp', { ...body, otp: lastOtp(body.email) })).statusCode).toBe(200);
  });

  it('refuses a code hashed before the OTP key was derived (the raw master key); a resend issues one that works', async () => {
    // A pending sign up as the previous release stored it: HMAC under SECRETS_KEY itself.
    const body = signupBody();
    const email = body.email;
    const legacyOtp = '123456';
    const sentAt = new Date(server.clock().getTime() - 60_000);
    await server.database.db.insert(pendingSignups).values({
      email,
      username: body.username,
      contactNo: body.contactNo,
      passwordHash: await hashPassword(body.password, server.config.argon2),
      sponsorId: null,
      otpHash: createHmac('sha256', server.config.secretsKey).update(`otp:${email}:${legacyOtp}`).digest('hex'),
      otpExpiresAt: new Date(sentAt.getTime() + OTP_TTL_MINUTES * 60_000),
      otpAttempts: 0,
      lastSentAt: sentAt,
    });
    const legacy = await post('/api/verify-otp', { ...body, otp: legacyOtp });
    expect(legacy.json()).toEqual({ success: false, message: SERVER.otpInvalid, reason: 'account.otp_invalid' });
    expect((await resend(email)).statusCode).toBe(200);
    expect((await post('/api/verify-otp', { ...body, otp: lastOtp(email) })).statusCode).toBe(200);
  });
});
