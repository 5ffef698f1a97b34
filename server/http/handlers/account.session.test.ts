import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_SUCCESS_CODE } from '../../../common/constants';
import { SERVER, VALIDATION } from '../../../common/messages';
import { post } from '../../modules/ledger/post';
import { grant } from '../../modules/subscriptions/subscriptions';
import { databaseTargets } from '../../testing/databases';
import { bearer, register, type Registered } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';
import { anyReason } from '../../testing/refusals';

const targets = await databaseTargets();

describe.each(targets)('login, logout, email and user-profile on $name', (target) => {
  let server: TestServer;
  let member: Registered;
  beforeAll(async () => {
    server = await createTestServer(target);
    member = await register(server, { username: 'Bob' });
  });
  afterAll(() => server?.close());

  const login = (payload: object) => server.app.inject({ method: 'POST', url: '/api/login', payload });

  it('answers /healthz and serves the OpenAPI document', async () => {
    const health = await server.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const docs = await server.app.inject({ url: '/docs/json' });
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/signup', '/api/referralIdcheck/{referralId}', '/account/user-profile']),
    );
  });

  it('logs in with token, accessToken and the user data', async () => {
    const res = await login({ email: member.email.toUpperCase(), password: member.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toBe(body.accessToken);
    expect(body).toMatchObject({
      id: member.userId,
      email: member.email,
      username: 'Bob',
      userCode: member.userCode,
      isActiveSubscription: false,
      subscription: { expireDate: null, isExpire: true },
    });
    expect(body).not.toHaveProperty('passwordHash');
  });

  it.each([[{ email: 'nobody@example.com', password: 'secret12' }], [{ email: 'placeholder', password: 'wrong-password' }]])(
    'refuses wrong credentials with 401 %j',
    async (payload) => {
      const res = await login({ ...payload, email: payload.email === 'placeholder' ? member.email : payload.email });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SERVER.invalidCredentials, reason: 'auth.invalid_credentials' });
    },
  );

  it.each([
    [{ password: 'secret12' }, VALIDATION.emailRequired],
    [{ email: 'bad', password: 'secret12' }, VALIDATION.emailInvalid],
    [{ email: 'a@example.com' }, VALIDATION.passwordRequired],
    [{ email: 'a@example.com', password: '123' }, VALIDATION.passwordMin],
    [{ email: 'a@example.com', password: 'x'.repeat(43) }, VALIDATION.passwordMax],
  ])('refuses login %j with 400 "%s"', async (payload, message) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, reason: anyReason });
  });

  it.each([
    ['GET', '/api/email'],
    ['POST', '/api/logout'],
  ] as const)('refuses %s %s without a token, or with a bad one, with 401', async (method, url) => {
    for (const headers of [{}, bearer('not-a-jwt'), { authorization: 'Basic abc' }]) {
      const res = await server.app.inject({ method, url, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SERVER.unauthorized, reason: 'auth.unauthenticated' });
    }
  });

  it('returns the profile in the account envelope; the code shows only with a subscription', async () => {
    const fresh = await register(server);
    const before = await server.app.inject({ method: 'POST', url: '/account/user-profile', headers: bearer(fresh.token) });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      code: BILLING_SUCCESS_CODE,
      msg: SERVER.accountOk,
      data: {
        usdtRewardToken: '0',
        userCode: fresh.userCode,
        isShowUserCode: false,
        userCodeMsg: SERVER.noActiveSubscriptionCode,
      },
    });
    await grant(server.database.db, fresh.userId, 30, 'test');
    const after = await server.app.inject({
      method: 'POST',
      url: '/account/user-profile',
      headers: { ...bearer(fresh.token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(after.json().data).toMatchObject({ isShowUserCode: true, userCodeMsg: '' });
    // Rewards earned are the member's USDT reward account of the ledger.
    await post(server.database.db, {
      key: `test-reward-${fresh.userId}`,
      kind: 'level_reward',
      legs: [{ userId: fresh.userId, asset: 'USDT_REWARD', amount: '12.5' }],
    });
    const rewarded = await server.app.inject({ method: 'POST', url: '/account/user-profile', headers: bearer(fresh.token) });
    expect(rewarded.json().data).toMatchObject({ usdtRewardToken: '12.5' });
    const loggedIn = await login({ email: fresh.email, password: fresh.password });
    expect(loggedIn.json()).toMatchObject({ isActiveSubscription: true, subscription: { isExpire: false } });
  });

  it('refuses user-profile without a token with 401 in the envelope', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/account/user-profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: '401', msg: SERVER.unauthorized });
  });

  it('revokes the token server-side on logout: it then gets 401 everywhere', async () => {
    const { token } = (await login({ email: member.email, password: member.password })).json<{ token: string }>();
    const other = (await login({ email: member.email, password: member.password })).json<{ token: string }>().token;
    const out = await server.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: SERVER.loggedOut });
    for (const [method, url] of [
      ['GET', '/api/email'],
      ['POST', '/api/logout'],
      ['POST', '/account/user-profile'],
    ] as const) {
      expect((await server.app.inject({ method, url, headers: bearer(token) })).statusCode).toBe(401);
    }
    // Only that session ends; the member's other device stays signed in.
    expect((await server.app.inject({ url: '/api/email', headers: bearer(other) })).statusCode).toBe(200);
  });

  it('refuses an expired session', async () => {
    const { token } = (await login({ email: member.email, password: member.password })).json<{ token: string }>();
    server.clock.advance((server.config.sessionTtlHours + 1) * 3_600_000);
    const res = await server.app.inject({ url: '/api/email', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await server.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('message');
  });
});
