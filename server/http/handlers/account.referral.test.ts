import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER, VALIDATION } from '../../../common/messages';
import { seedDemo, DEMO_MEMBER } from '../../modules/demo/seed';
import { setSetting } from '../../modules/settings/settings';
import { databaseTargets } from '../../testing/databases';
import { register } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';

const targets = await databaseTargets();

describe.each(targets)('referral calls on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target);
    await seedDemo(server.database.db, server.config.argon2);
  });
  afterAll(() => server?.close());

  const get = (url: string) => server.app.inject({ url });

  it('reports whether a referral ID is mandatory (default false)', async () => {
    expect((await get('/api/isreferralmendotory')).json()).toEqual({ mandatory: false });
    await setSetting(server.database.db, 'referralMandatory', true);
    expect((await get('/api/isreferralmendotory')).json()).toEqual({ mandatory: true });
    await setSetting(server.database.db, 'referralMandatory', false);
  });

  it('names a sponsor with an active subscription, in any letter case', async () => {
    for (const id of [DEMO_MEMBER.referralCode, DEMO_MEMBER.referralCode.toLowerCase()]) {
      const res = await get(`/api/referralIdcheck/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ exists: true, username: DEMO_MEMBER.username, message: SERVER.referralValid });
    }
  });

  it('refuses a sponsor without an active subscription', async () => {
    const member = await register(server);
    const res = await get(`/api/referralIdcheck/${member.userCode}`);
    expect(res.json()).toEqual({
      exists: false,
      username: null,
      message: SERVER.sponsorWithoutSubscription,
      reason: 'account.sponsor_inactive',
    });
  });

  it('reports an unknown referral ID', async () => {
    expect((await get('/api/referralIdcheck/QQQQQ1')).json()).toEqual({
      exists: false,
      username: null,
      message: SERVER.referralNotFound,
      reason: 'account.referral_not_found',
    });
  });

  it.each(['ABC', 'ABCDEFG'])('refuses %s with 400, never 500', async (id) => {
    const res = await get(`/api/referralIdcheck/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: VALIDATION.referralIdLength, reason: 'validation.invalid' });
  });

  it('seeds the demo member idempotently', async () => {
    expect(await seedDemo(server.database.db, server.config.argon2)).toEqual({ created: false, granted: false });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: DEMO_MEMBER.email, password: DEMO_MEMBER.password },
    });
    expect(res.json()).toMatchObject({ userCode: 'DEMO01', isActiveSubscription: true });
  });
});
