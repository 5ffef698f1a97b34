import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER, VALIDATION } from '../../../common/messages';
import { passwordResets } from '../../db/schema';
import { EARLIER_LINKS_DEAD } from '../../mail/templates';
import { resetPassword } from '../../modules/accounts/password-reset';
import { generateResetToken, hashResetToken } from '../../modules/accounts/secrets';
import { databaseTargets } from '../../testing/databases';
import { bearer, register, resetTokenFrom, uniqueEmail } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';
import { anyReason } from '../../testing/refusals';

const targets = await databaseTargets();

describe.each(targets)('forgot and reset password on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target, { APP_WEB_URL: 'http://127.0.0.1:5173/' });
  });
  afterAll(() => server?.close());

  const post = (url: string, payload?: object) => server.app.inject({ method: 'POST', url, payload });

  async function requestToken(email: string): Promise<string> {
    const res = await post('/api/forgot-password', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SERVER.resetLinkSent });
    return resetTokenFrom(server.mailer.lastTo(email)!.text);
  }

  it('mails the app link and the web link', async () => {
    const member = await register(server);
    const token = await requestToken(member.email);
    const lines = server.mailer.lastTo(member.email)!.text.split('\n');
    expect(lines).toContain(`griddesk://resetpassword/${token}`);
    expect(lines).toContain(`http://127.0.0.1:5173/#/resetpassword/${token}`);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(76);
  });

  it('sets the new password once, signs every session out, and refuses the used token', async () => {
    const member = await register(server);
    const token = await requestToken(member.email);
    const res = await post(`/api/reset-password/${token}`, { password: 'brand-new-pw' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SERVER.passwordReset });
    expect((await server.app.inject({ url: '/api/email', headers: bearer(member.token) })).statusCode).toBe(401);
    const oldLogin = await post('/api/login', { email: member.email, password: member.password });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await post('/api/login', { email: member.email, password: 'brand-new-pw' });
    expect(newLogin.statusCode).toBe(200);
    const again = await post(`/api/reset-password/${token}`, { password: 'another-pw' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, message: SERVER.resetTokenInvalid, reason: 'account.reset_token_invalid' });
  });

  it('invalidates every earlier link when a newer one is requested', async () => {
    const member = await register(server);
    const older = await requestToken(member.email);
    const newer = await requestToken(member.email);
    const stale = await post(`/api/reset-password/${older}`, { password: 'brand-new-pw' });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ success: false, message: SERVER.resetTokenInvalid, reason: 'account.reset_token_invalid' });
    expect((await post(`/api/reset-password/${newer}`, { password: 'brand-new-pw' })).statusCode).toBe(200);
  });

  it('caps the reset mails to one member per hour across clients; a refused request leaves the last link working (issue 20, item 3)', async () => {
    const member = await register(server);
    const cap = server.config.resetMailHourlyMax;
    const forgot = (remoteAddress: string) =>
      server.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: member.email }, remoteAddress });
    const clients = ['10.20.0.1', '10.20.0.2'];
    for (let sent = 0; sent < cap; sent += 1) expect((await forgot(clients[sent % 2]!)).statusCode).toBe(200);
    const last = resetTokenFrom(server.mailer.lastTo(member.email)!.text);
    for (const client of clients) {
      const refused = await forgot(client);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ success: false, message: SERVER.resetMailHourlyLimit, reason: 'request.too_many' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    }
    expect(server.mailer.sent.filter((mail) => mail.to === member.email && mail.text.includes('resetpassword/'))).toHaveLength(
      cap,
    );
    expect((await post(`/api/reset-password/${last}`, { password: 'brand-new-pw' })).statusCode).toBe(200);
    expect((await post('/api/login', { email: member.email, password: 'brand-new-pw' })).statusCode).toBe(200);
  });

  it('lifts the cap when the hour is over', async () => {
    const member = await register(server);
    for (let sent = 0; sent < server.config.resetMailHourlyMax; sent += 1) await requestToken(member.email);
    expect((await post('/api/forgot-password', { email: member.email })).statusCode).toBe(429);
    server.clock.advance(3_600_000);
    await requestToken(member.email);
  });

  it('says in the mail that earlier links no longer work, only when it replaced one that still worked', async () => {
    const member = await register(server);
    const lastMail = () => server.mailer.lastTo(member.email)!.text;
    await requestToken(member.email);
    expect(lastMail()).not.toContain(EARLIER_LINKS_DEAD);
    const newer = await requestToken(member.email);
    expect(lastMail().split('\n')).toContain(EARLIER_LINKS_DEAD);
    // A used link is no live link to replace...
    expect((await post(`/api/reset-password/${newer}`, { password: 'brand-new-pw' })).statusCode).toBe(200);
    await requestToken(member.email);
    expect(lastMail()).not.toContain(EARLIER_LINKS_DEAD);
    // ... nor is an expired one.
    server.clock.advance(31 * 60_000);
    await requestToken(member.email);
    expect(lastMail()).not.toContain(EARLIER_LINKS_DEAD);
  });

  it('invalidates every other outstanding link of the member on a successful reset', async () => {
    const member = await register(server);
    const used = await requestToken(member.email);
    // A second live link, as an earlier release could leave behind.
    const other = generateResetToken();
    await server.database.db.insert(passwordResets).values({
      tokenHash: hashResetToken(other),
      userId: member.userId,
      expiresAt: new Date(server.clock().getTime() + 30 * 60_000),
    });
    expect((await post(`/api/reset-password/${used}`, { password: 'brand-new-pw' })).statusCode).toBe(200);
    const res = await post(`/api/reset-password/${other}`, { password: 'attacker-pw' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: SERVER.resetTokenInvalid, reason: 'account.reset_token_invalid' });
    expect((await post('/api/login', { email: member.email, password: 'brand-new-pw' })).statusCode).toBe(200);
  });

  it('checks the token before hashing the new password', async () => {
    // A cost argon2 refuses: any hash attempted would fail the call with a 500.
    const deps = {
      ...server.app.accountDeps,
      config: { ...server.config, argon2: { memoryCost: 1, timeCost: 1, parallelism: 1 } },
    };
    await expect(resetPassword(deps, generateResetToken(), 'brand-new-pw')).rejects.toMatchObject({
      reason: 'account.reset_token_invalid',
      message: SERVER.resetTokenInvalid,
    });
  });

  it('refuses a token older than 30 minutes', async () => {
    const member = await register(server);
    const token = await requestToken(member.email);
    server.clock.advance(31 * 60_000);
    const res = await post(`/api/reset-password/${token}`, { password: 'brand-new-pw' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: SERVER.resetTokenInvalid, reason: 'account.reset_token_invalid' });
  });

  it('answers an unknown email with 404 "User not found"', async () => {
    const res = await post('/api/forgot-password', { email: uniqueEmail() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: SERVER.userNotFound, reason: 'account.not_found' });
  });

  it.each([
    [{}, VALIDATION.emailRequired],
    [{ email: 'nope' }, VALIDATION.emailInvalid],
  ])('refuses forgot-password %j with 400 "%s"', async (payload, message) => {
    const res = await post('/api/forgot-password', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message, reason: anyReason });
  });

  it.each([
    ['A'.repeat(32), {}, VALIDATION.passwordRequired],
    ['A'.repeat(32), { password: '123' }, VALIDATION.passwordMin],
    ['A'.repeat(32), { password: 'x'.repeat(43) }, VALIDATION.passwordMax],
    ['short', { password: 'secret12' }, SERVER.resetTokenInvalid],
    ['A'.repeat(32), { password: 'secret12' }, SERVER.resetTokenInvalid],
  ])('refuses reset-password/%s %j with 400 "%s"', async (token, payload, message) => {
    const res = await post(`/api/reset-password/${token}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message, reason: anyReason });
  });
});
