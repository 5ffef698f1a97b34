/**
 * Issue 10, item 1: a stranger who knows an address must not be able to make its owner verify
 * an account with the stranger's password (nor spoil the owner's own code).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_RESEND_SECONDS, OTP_TTL_MINUTES } from '../../../../../common/constants';
import { SERVER } from '../../../../../common/messages';
import { databaseTargets } from '../../../../testing/databases';
import { otpFrom, signupBody } from '../../../../testing/members';
import { createTestServer, type TestServer } from '../../../../testing/server';

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

  it('creates no account from a code mailed for a stranger\'s request: the owner\'s password must match it', async () => {
    const owner = signupBody({ password: 'owner-password' });
    // The stranger asks first (or after the owner's request expired); the code goes to the owner.
    const stranger = { ...owner, username: 'Mallory', password: 'stranger-password' };
    expect((await post('/api/signup', stranger)).statusCode).toBe(200);
    const otp = lastOtp(owner.email);

    const refused = await post('/api/verify-otp', { ...owner, otp });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ success: false, message: SERVER.signupPasswordMismatch, reason: 'account.password_mismatch' });
    expect((await login(owner.email, stranger.password)).statusCode).toBe(401);
    // The stranger's request is cancelled, so its code is spent and the owner can sign up now.
    expect((await post('/api/verify-otp', { ...stranger, otp })).json()).toEqual({ success: false, message: SERVER.noPendingSignup, reason: 'account.no_pending_signup' });
    expect((await post('/api/signup', owner)).statusCode).toBe(200);
    const mine = await post('/api/verify-otp', { ...owner, otp: lastOtp(owner.email) });
    expect(mine.statusCode).toBe(200);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('refuses the right code without the request\'s password', async () => {
    const owner = signupBody();
    await post('/api/signup', owner);
    const res = await post('/api/verify-otp', { email: owner.email, otp: lastOtp(owner.email) });
    expect(res.json()).toEqual({ success: false, message: SERVER.signupPasswordMismatch, reason: 'account.password_mismatch' });
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
