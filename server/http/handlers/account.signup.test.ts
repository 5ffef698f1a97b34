import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_RESEND_SECONDS } from '../../../common/constants';
import { SERVER, VALIDATION } from '../../../common/messages';
import { setSetting } from '../../modules/settings/settings';
import { grant } from '../../modules/subscriptions/subscriptions';
import { databaseTargets } from '../../testing/databases';
import { otpFrom, register, signupBody, uniqueEmail } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';
import { anyReason } from '../../testing/refusals';

const targets = await databaseTargets();

describe.each(targets)('signup and OTP on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target);
  });
  afterAll(() => server?.close());

  const post = (url: string, payload: object) => server.app.inject({ method: 'POST', url, payload });
  const mailTo = (email: string) => server.mailer.lastTo(email.toLowerCase())!;

  it('mails a 6-digit OTP and answers with the SPEC message', async () => {
    const body = signupBody({ email: uniqueEmail('Mixed.Case') });
    const res = await post('/api/signup', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SERVER.otpSent });
    const mail = mailTo(body.email);
    expect(mail.subject).toContain('verification code');
    expect(otpFrom(mail.text)).toMatch(/^\d{6}$/);
  });

  it('creates the member on the right OTP and returns a working token', async () => {
    const body = signupBody({ email: uniqueEmail('Verify') });
    await post('/api/signup', body);
    const otp = otpFrom(mailTo(body.email).text);
    const res = await post('/api/verify-otp', { ...body, otp });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json).toMatchObject({ success: true, email: body.email.toLowerCase(), username: 'Alice' });
    expect(json.token).toBe(json.accessToken);
    expect(json.userCode).toMatch(/^[A-Z0-9]{6}$/);
    expect(json.isActiveSubscription).toBe(false);
    const email = await server.app.inject({ url: '/api/email', headers: { authorization: `Bearer ${json.token}` } });
    expect(email.json()).toEqual({ email: body.email.toLowerCase() });
  });

  it('refuses a wrong OTP with success false and burns the code after 5 wrong tries', async () => {
    const body = signupBody();
    await post('/api/signup', body);
    const otp = otpFrom(mailTo(body.email).text);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) {
      const res = await post('/api/verify-otp', { ...body, otp: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: SERVER.otpInvalid, reason: 'account.otp_invalid' });
    }
    expect((await post('/api/verify-otp', { ...body, otp: wrong })).json().message).toBe(SERVER.otpBurned);
    const right = await post('/api/verify-otp', { ...body, otp });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ success: false, message: SERVER.otpBurned, reason: 'account.otp_burned' });
  });

  it('refuses an OTP after 10 minutes', async () => {
    const body = signupBody();
    await post('/api/signup', body);
    const otp = otpFrom(mailTo(body.email).text);
    server.clock.advance(10 * 60_000 + 1_000);
    const res = await post('/api/verify-otp', { ...body, otp });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: SERVER.otpExpired, reason: 'account.otp_expired' });
  });

  it('resends a new OTP that replaces the old one', async () => {
    const body = signupBody();
    await post('/api/signup', body);
    const first = otpFrom(mailTo(body.email).text);
    server.clock.advance(OTP_RESEND_SECONDS * 1000); // the server enforces the client's 30-second wait
    const res = await post('/api/resend-otp', { email: body.email, username: body.username });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SERVER.otpResent });
    const second = otpFrom(mailTo(body.email).text);
    expect(server.mailer.sent.filter((m) => m.to === body.email)).toHaveLength(2);
    if (first !== second) {
      expect((await post('/api/verify-otp', { ...body, otp: first })).statusCode).toBe(400);
    }
    expect((await post('/api/verify-otp', { ...body, otp: second })).statusCode).toBe(200);
  });

  it('refuses resend and verify without a pending signup', async () => {
    const email = uniqueEmail();
    const resend = await post('/api/resend-otp', { email });
    expect(resend.statusCode).toBe(400);
    expect(resend.json()).toEqual({ success: false, message: SERVER.noPendingSignup, reason: 'account.no_pending_signup' });
    const verify = await post('/api/verify-otp', { email, otp: '123456', password: 'secret12' });
    expect(verify.json()).toEqual({ success: false, message: SERVER.noPendingSignup, reason: 'account.no_pending_signup' });
  });

  it('refuses a registered email with "User already exists"', async () => {
    const member = await register(server);
    const res = await post('/api/signup', signupBody({ email: member.email.toUpperCase() }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SERVER.userExists, reason: 'account.email_taken' });
  });

  it.each([
    [{ email: 'not-an-email' }, SERVER.invalidEmail],
    [{ email: 'a@b' }, SERVER.invalidEmail],
    [{ email: 'a..b@example.com' }, SERVER.invalidEmail],
    [{ email: 'a@-bad-.com' }, SERVER.invalidEmail],
    [{ email: '' }, VALIDATION.emailRequired],
    [{ email: `${'a'.repeat(40)}@example.com` }, VALIDATION.emailMax],
    [{ username: '' }, VALIDATION.usernameRequired],
    [{ username: 'x'.repeat(21) }, VALIDATION.usernameMax],
    [{ contactNo: '' }, VALIDATION.contactNoRequired],
    [{ contactNo: 'abc' }, VALIDATION.contactNoPhone],
    [{ contactNo: '12-34' }, VALIDATION.contactNoPhone],
    [{ password: '' }, VALIDATION.passwordRequired],
    [{ password: '12345' }, VALIDATION.passwordMin],
    [{ password: 'x'.repeat(43) }, VALIDATION.passwordMax],
    [{ referralId: 'ABC' }, VALIDATION.referralIdLength],
    [{ referralId: 'ZZZZZ9' }, SERVER.referralNotFound],
  ])('refuses signup %j with 400 "%s"', async (override, message) => {
    const res = await post('/api/signup', signupBody(override));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, reason: anyReason });
  });

  it('refuses a missing or non-JSON body with 400, never 500', async () => {
    const empty = await server.app.inject({ method: 'POST', url: '/api/signup' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: VALIDATION.usernameRequired, reason: 'validation.required' });
    const broken = await server.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(broken.statusCode).toBe(400);
    expect(typeof broken.json().message).toBe('string');
  });

  it.each([
    [{ otp: '' }, VALIDATION.otpRequired],
    [{ otp: '12345' }, VALIDATION.otpLength],
    [{ otp: '12a456' }, VALIDATION.otpLength],
    [{ email: 'nope' }, VALIDATION.emailInvalid],
    [{ password: undefined }, VALIDATION.otpPasswordRequired],
    [{ password: '' }, VALIDATION.otpPasswordRequired],
  ])('refuses verify-otp %j with 400 "%s"', async (override, message) => {
    const res = await post('/api/verify-otp', { email: uniqueEmail(), otp: '123456', password: 'secret12', ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message, reason: anyReason });
  });

  it('refuses resend-otp without an email', async () => {
    const res = await post('/api/resend-otp', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: VALIDATION.emailRequired, reason: 'validation.required' });
  });

  it('links the sponsor through a referral ID of a member with an active subscription', async () => {
    const sponsor = await register(server, { username: 'Sponsor' });
    const inactive = await post('/api/signup', signupBody({ referralId: sponsor.userCode }));
    expect(inactive.json()).toEqual({ message: SERVER.sponsorWithoutSubscription, reason: 'account.sponsor_inactive' });
    await grant(server.database.db, sponsor.userId, 30, 'test');
    const referred = await register(server, { referralId: sponsor.userCode.toLowerCase() });
    const { users } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    const [row] = await server.database.db.select().from(users).where(eq(users.id, referred.userId));
    expect(row?.sponsorId).toBe(sponsor.userId);
  });

  it('requires a referral ID while the setting is mandatory', async () => {
    await setSetting(server.database.db, 'referralMandatory', true);
    try {
      const res = await post('/api/signup', signupBody());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: VALIDATION.referralIdInvalid, reason: 'account.referral_invalid' });
    } finally {
      await setSetting(server.database.db, 'referralMandatory', false);
    }
  });
});
