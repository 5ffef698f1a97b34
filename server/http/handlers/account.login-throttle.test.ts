/**
 * Issue 10, item 2: one account guessed at from many client addresses gets a growing delay
 * (ASVS 6.3.1). Every try comes from its own address, so only the per-account rule can apply;
 * time moves on the server's injected clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from '../../../common/messages';
import { databaseTargets } from '../../testing/databases';
import { register, uniqueEmail, type Registered } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';

const targets = await databaseTargets();
const FREE = 3;
const BASE_MS = 60_000;
const MAX_MS = 240_000;

describe.each(targets)('the growing login delay per account on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target, {
      LOGIN_FREE_FAILURES: String(FREE),
      LOGIN_DELAY_BASE_MS: String(BASE_MS),
      LOGIN_DELAY_MAX_MS: String(MAX_MS),
    });
  });
  afterAll(() => server?.close());

  let address = 0;
  /** A login from an address never used before. */
  function login(email: string, password: string) {
    address += 1;
    const remoteAddress = `10.${Math.floor(address / 250) + 30}.${address % 250}.1`;
    return server.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });
  }
  const wrong = (who: { email: string }) => login(who.email, 'wrong-password');

  async function expectWait(who: Registered, ms: number) {
    const res = await login(who.email, who.password); // even the right password waits
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: SERVER.loginDelayed(Math.ceil(ms / 60_000)), reason: 'request.too_many' });
    expect(res.headers['retry-after']).toBe(String(ms / 1000));
  }

  it('lets FREE wrong passwords through, then waits 1, 2, 4 minutes and no longer than the cap', async () => {
    const member = await register(server);
    for (let i = 0; i < FREE; i += 1) expect((await wrong(member)).statusCode).toBe(401);
    await expectWait(member, BASE_MS);
    server.clock.advance(BASE_MS);
    expect((await wrong(member)).statusCode).toBe(401);
    await expectWait(member, 2 * BASE_MS);
    server.clock.advance(2 * BASE_MS);
    expect((await wrong(member)).statusCode).toBe(401);
    await expectWait(member, MAX_MS);
    server.clock.advance(MAX_MS);
    expect((await wrong(member)).statusCode).toBe(401);
    await expectWait(member, MAX_MS);
    server.clock.advance(MAX_MS);
    // The right password ends the run: the next typo is an ordinary 401 again.
    expect((await login(member.email, member.password)).statusCode).toBe(200);
    expect((await wrong(member)).statusCode).toBe(401);
    expect((await wrong(member)).statusCode).toBe(401);
  });

  it('admits only FREE of a burst of parallel guesses', async () => {
    const member = await register(server);
    const answers = await Promise.all(Array.from({ length: 12 }, () => wrong(member)));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 401)).toHaveLength(FREE);
    expect(codes.filter((code) => code === 429)).toHaveLength(12 - FREE);
  });

  it('treats an address without an account the same way (no hint that it is unregistered)', async () => {
    const nobody = { email: uniqueEmail(), password: 'whatever-1' };
    for (let i = 0; i < FREE; i += 1) expect((await wrong(nobody)).statusCode).toBe(401);
    const res = await login(nobody.email, nobody.password);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: SERVER.loginDelayed(1), reason: 'request.too_many' });
  });

  it('forgets failures a day old', async () => {
    const member = await register(server);
    for (let i = 0; i < FREE - 1; i += 1) expect((await wrong(member)).statusCode).toBe(401);
    server.clock.advance(24 * 3_600_000 + 1_000);
    for (let i = 0; i < FREE - 1; i += 1) expect((await wrong(member)).statusCode).toBe(401);
    expect((await login(member.email, member.password)).statusCode).toBe(200);
  });
});
