import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from '../../common/messages';
import { databaseTargets } from '../test/databases';
import { register, signupBody, uniqueEmail } from '../test/members';
import { createTestServer, type TestServer } from '../test/server';

const targets = await databaseTargets();
const MAX = 3;

describe.each(targets)('rate limits on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target, { RATE_LIMIT_MAX: String(MAX), RATE_LIMIT_REFERRAL_MAX: String(MAX) });
  });
  afterAll(() => server?.close());

  let ip = 0;
  /** Each case from its own client address, so cases do not share a budget. */
  async function exhaust(request: (remoteAddress: string) => Promise<{ statusCode: number; json(): unknown }>) {
    ip += 1;
    const remoteAddress = `10.0.0.${ip}`;
    for (let i = 0; i < MAX; i += 1) expect((await request(remoteAddress)).statusCode).not.toBe(429);
    const limited = await request(remoteAddress);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: SERVER.tooManyRequests });
    // Another client is not affected.
    expect((await request(`10.1.0.${ip}`)).statusCode).not.toBe(429);
  }

  const post = (url: string, payload: object) => (remoteAddress: string) =>
    server.app.inject({ method: 'POST', url, payload, remoteAddress });

  it('limits login', async () => {
    const member = await register(server);
    await exhaust(post('/api/login', { email: member.email, password: 'wrong-password' }));
  });

  it('limits verify-otp', async () => {
    await exhaust(post('/api/verify-otp', { email: uniqueEmail(), otp: '123456' }));
  });

  it('limits resend-otp', async () => {
    const body = signupBody();
    await server.app.inject({ method: 'POST', url: '/api/signup', payload: body, remoteAddress: '10.9.9.9' });
    await exhaust(post('/api/resend-otp', { email: body.email }));
  });

  it('limits forgot-password', async () => {
    await exhaust(post('/api/forgot-password', { email: uniqueEmail() }));
  });

  it('limits the referral check', async () => {
    await exhaust((remoteAddress) => server.app.inject({ url: '/api/referralIdcheck/ABCDEF', remoteAddress }));
  });

  it('counts each e-mail separately on the account calls', async () => {
    const remoteAddress = '10.2.0.1';
    for (let i = 0; i < MAX + 2; i += 1) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: uniqueEmail() },
        remoteAddress,
      });
      expect(res.statusCode).toBe(404);
    }
  });
});
