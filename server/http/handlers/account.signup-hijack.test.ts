/**
 * Issue 10, item 1: a stranger who knows an address must not be able to make its owner verify
 * an account with the stranger's password (nor spoil the owner's own code). Issue 20, items 4
 * and 9: nor lock the owner out for the day with resends, and a missing password cancels nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_RESEND_SECONDS, OTP_TTL_MINUTES } from '../../../common/constants';
import { SERVER, VALIDATION } from '../../../common/messages';
import { databaseTargets } from '../../testing/databases';
import { otpFrom, signupBody } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';

const targets = await databaseTargets();

describe.each(targets)('a pending sign up on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target);
  });
  afterAll(() => server?.close());

  const post = (url: string, payload: object) => server.app.inject({ method: 'POST', url, payload });
  const mailsTo = (email: string) => server.mailer.sent.filter((m) => m.to === email);
  const lastOtp = (email: string) => otpFrom(server.mailer.lastTo(email)!.text);
  const login = (email: string, password: string) => post('/api/login', { email, password });

  it('is kept as the first request made it: a stranger can neither replace its password nor spoil its code', async () => {
    const owner = signupBody({ password: 'owner-password' });
    expect((await post('/api/signup', owner)).statusCode).toBe(200);
    const otp = lastOtp(owner.email);

    const stranger = { ...owner, username: 'Mallory', password: 'stranger-password' };
    const refused = await post('/api/signup', stranger);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: SERVER.signupPending(OTP_TTL_MINUTES), reason: 'account.signup_pending' });
    expect(mailsTo(owner.email)).toHaveLength(1);

    // A resend (anyone may ask for one) mails a new code for the same, first, request.
    server.clock.advance(OTP_RESEND_SECONDS * 1000);
    expect((await post('/api/resend-otp', { email: owner.email, username: 'Mallory' })).statusCode).toBe(200);
    const resent = lastOtp(owner.email);
    if (resent !== otp) expect((await post('/api/verify-otp', { ...owner, otp })).statusCode).toBe(400);

    const verified = await post('/api/verify-otp', { ...owner, otp: resent });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ username: owner.username, email: owner.email });
    expect((await login(owner.email, stranger.password)).statusCode).toBe(401);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it("creates no account from a code mailed for a stranger's request: the owner's password must match it", async () => {
    const owner = signupBody({ password: 'owner-password' });
    // The stranger asks first (or after the owner's request expired); the code goes to the owner.
    const stranger = { ...owner, username: 'Mallory', password: 'stranger-password' };
    expect((await post('/api/signup', stranger)).statusCode).toBe(200);
    const otp = lastOtp(owner.email);

    const refused = await post('/api/verify-otp', { ...owner, otp });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      success: false,
      message: SERVER.signupPasswordMismatch,
      reason: 'account.password_mismatch',
    });
    expect((await login(owner.email, stranger.password)).statusCode).toBe(401);
    // The stranger's request is cancelled, so its code is spent and the owner can sign up now.
    expect((await post('/api/verify-otp', { ...stranger, otp })).json()).toEqual({
      success: false,
      message: SERVER.noPendingSignup,
      reason: 'account.no_pending_signup',
    });
    expect((await post('/api/signup', owner)).statusCode).toBe(200);
    const mine = await post('/api/verify-otp', { ...owner, otp: lastOtp(owner.email) });
    expect(mine.statusCode).toBe(200);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('asks for the password when the right code comes without one, and cancels nothing (issue 20, item 9)', async () => {
    const owner = signupBody();
    await post('/api/signup', owner);
    const otp = lastOtp(owner.email);
    for (const payload of [
      { email: owner.email, otp },
      { ...owner, otp, password: '' },
    ]) {
      const res = await post('/api/verify-otp', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: VALIDATION.otpPasswordRequired, reason: 'validation.required' });
    }
    // The sign up is still pending with its code and tries: the same code with the password verifies it.
    const verified = await post('/api/verify-otp', { ...owner, otp });
    expect(verified.statusCode).toBe(200);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('documents the password of verify-otp as required', async () => {
    const docs = (await server.app.inject({ url: '/docs/json' })).json();
    const body = docs.paths['/api/verify-otp'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['email', 'otp', 'password']));
  });

  it("lets the owner sign up at once after cancelling a stranger's request whose resends used up the daily cap (issue 20, item 4)", async () => {
    const owner = signupBody({ password: 'owner-password' });
    const stranger = { ...owner, username: 'Mallory', password: 'stranger-password' };
    expect((await post('/api/signup', stranger)).statusCode).toBe(200);
    for (let sent = 1; sent < server.config.otpDailyMax; sent += 1) {
      server.clock.advance(OTP_RESEND_SECONDS * 1000);
      expect((await post('/api/resend-otp', { email: owner.email })).statusCode).toBe(200);
    }
    server.clock.advance(OTP_RESEND_SECONDS * 1000);
    expect((await post('/api/resend-otp', { email: owner.email })).statusCode).toBe(429);
    expect(mailsTo(owner.email)).toHaveLength(server.config.otpDailyMax);

    // The owner cancels it with the code in their mailbox and their own password.
    const cancelled = await post('/api/verify-otp', { ...owner, otp: lastOtp(owner.email) });
    expect(cancelled.json()).toEqual({
      success: false,
      message: SERVER.signupPasswordMismatch,
      reason: 'account.password_mismatch',
    });

    const signup = await post('/api/signup', owner);
    expect(signup.statusCode).toBe(200);
    expect((await post('/api/verify-otp', { ...owner, otp: lastOtp(owner.email) })).statusCode).toBe(200);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('keeps the daily count when a wrong code comes with another password: nothing is cancelled', async () => {
    const stranger = signupBody({ password: 'stranger-password' });
    expect((await post('/api/signup', stranger)).statusCode).toBe(200);
    for (let sent = 1; sent < server.config.otpDailyMax; sent += 1) {
      server.clock.advance(OTP_RESEND_SECONDS * 1000);
      expect((await post('/api/resend-otp', { email: stranger.email })).statusCode).toBe(200);
    }
    const otp = lastOtp(stranger.email);
    const wrong = otp === '000000' ? '111111' : '000000';
    const res = await post('/api/verify-otp', { ...stranger, password: 'another-password', otp: wrong });
    expect(res.json()).toEqual({ success: false, message: SERVER.otpInvalid, reason: 'account.otp_invalid' });
    server.clock.advance(OTP_RESEND_SECONDS * 1000);
    expect((await post('/api/resend-otp', { email: stranger.email })).statusCode).toBe(429);
  });

  it('gives way to a new sign up once its code has expired', async () => {
    const first = signupBody({ password: 'first-password' });
    await post('/api/signup', first);
    server.clock.advance(OTP_TTL_MINUTES * 60_000 + 1_000);
    const second = { ...first, username: 'Second', password: 'second-password' };
    expect((await post('/api/signup', second)).statusCode).toBe(200);
    const verified = await post('/api/verify-otp', { ...second, otp: lastOtp(first.email) });
    expect(verified.json()).toMatchObject({ success: true, username: 'Second' });
    expect((await login(first.email, second.password)).statusCode).toBe(200);
  });
});
