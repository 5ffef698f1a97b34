import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from '../../common/messages';
import { databaseTargets } from '../testing/databases';
import { register, uniqueEmail } from '../testing/members';
import { secondApiProcess, type SecondProcess } from '../testing/second-process';
import { createTestServer, type TestServer } from '../testing/server';

const targets = await databaseTargets();
const MAX = 3;
const LOGIN_IP_MAX = 4;

const forgot = (app: FastifyInstance, email: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email }, remoteAddress });
const login = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });

describe.each(targets)('rate limits on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target, {
      RATE_LIMIT_MAX: String(MAX),
      RATE_LIMIT_REFERRAL_MAX: String(MAX),
      RATE_LIMIT_LOGIN_IP_MAX: String(LOGIN_IP_MAX),
    });
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
    await exhaust(post('/api/verify-otp', { email: uniqueEmail(), otp: '123456', password: 'secret12' }));
  });

  it('limits resend-otp', async () => {
    // No pending sign up: the resend cooldown (otp-limits.test.ts) does not get in the way.
    await exhaust(post('/api/resend-otp', { email: uniqueEmail() }));
  });

  it('limits forgot-password', async () => {
    await exhaust(post('/api/forgot-password', { email: uniqueEmail() }));
  });

  it('limits the referral check', async () => {
    await exhaust((remoteAddress) => server.app.inject({ url: '/api/referralIdcheck/ABCDEF', remoteAddress }));
  });

  it('limits failed logins from one client across e-mails; successful logins do not count', async () => {
    const remoteAddress = '10.3.0.1';
    for (const who of [await register(server), await register(server)]) {
      expect((await login(server.app, who.email, who.password, remoteAddress)).statusCode).toBe(200);
    }
    for (let i = 0; i < LOGIN_IP_MAX; i += 1) {
      expect((await login(server.app, uniqueEmail(), 'wrong-password', remoteAddress)).statusCode).toBe(401);
    }
    const limited = await login(server.app, uniqueEmail(), 'wrong-password', remoteAddress);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: SERVER.tooManyRequests, reason: 'request.too_many' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(server.app, uniqueEmail(), 'wrong-password', '10.3.0.2')).statusCode).toBe(401);
  });

  it('counts an IPv6 client by its /64', async () => {
    const email = uniqueEmail();
    for (let i = 1; i <= MAX; i += 1) expect((await forgot(server.app, email, `2001:db8:7:7::${i}`)).statusCode).toBe(404);
    const limited = await forgot(server.app, email, '2001:db8:7:7:ffff:1:2:3');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: SERVER.tooManyRequests });
    expect((await forgot(server.app, email, '2001:db8:7:8::1')).statusCode).toBe(404);
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

describe.each(targets.filter((t) => t.name === 'postgres'))('rate limits shared by two API processes on $name', (target) => {
  let server: TestServer;
  let other: SecondProcess;
  beforeAll(async () => {
    server = await createTestServer(target, { RATE_LIMIT_MAX: String(MAX) });
    other = await secondApiProcess(server);
  });
  afterAll(async () => {
    await other?.close();
    await server?.close();
  });

  it("counts a client's calls to either process against one budget", async () => {
    const email = uniqueEmail();
    const remoteAddress = '10.4.0.1';
    for (const app of [server.app, other.app, server.app]) expect((await forgot(app, email, remoteAddress)).statusCode).toBe(404);
    expect((await forgot(other.app, email, remoteAddress)).statusCode).toBe(429);
    expect((await forgot(server.app, email, remoteAddress)).statusCode).toBe(429);
  });

  it('makes an account wait after its failed logins on either process', async () => {
    const member = await register(server);
    const free = server.config.loginThrottle.freeFailures;
    for (let i = 0; i < free; i += 1) {
      const app = i % 2 === 0 ? server.app : other.app;
      expect((await login(app, member.email, 'wrong-password', `10.5.${i}.1`)).statusCode).toBe(401);
    }
    expect((await login(other.app, member.email, member.password, '10.5.99.1')).statusCode).toBe(429);
    expect((await login(server.app, member.email, member.password, '10.5.99.2')).statusCode).toBe(429);
  });
});
