import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_SUCCESS_CODE } from '../../../common/constants';
import { SERVER } from '../../../common/messages';
import { post } from '../../modules/ledger/post';
import { addPlan } from '../../modules/subscriptions/plans';
import { grant } from '../../modules/subscriptions/subscriptions';
import { databaseTargets } from '../../testing/databases';
import { createBillingServer, type BillingServer } from '../../testing/billing-server';
import { register, type Registered } from '../../testing/members';

const targets = await databaseTargets();

describe.each(targets)('billing service: subscriptions and level income on $name', (target) => {
  let server: BillingServer;
  let sponsor: Registered;
  let buyer: Registered;
  let planId: string;
  beforeAll(async () => {
    server = await createBillingServer(target);
    sponsor = await register(server, { username: 'Sponsor' });
    await grant(server.database.db, sponsor.userId, 30, 'test'); // a sponsor must subscribe to refer
    buyer = await register(server, { username: 'Buyer', referralId: sponsor.userCode });
    planId = (await addPlan(server.database.db, '40', 30)).id;
  });
  afterAll(() => server?.close());

  const call = (who: Registered | null, url: string, payload?: object) => server.billing(who?.token ?? null, url, payload);
  const fund = (who: Registered, amount: string) =>
    post(server.database.db, { key: randomUUID(), kind: 'deposit', legs: [{ userId: who.userId, asset: 'USDT', amount }] });

  it('lists the plans on offer', async () => {
    const res = await call(buyer, '/subscription/plans');
    expect(res.statusCode).toBe(200);
    // Beside the default plans of a fresh database (migration 0019), shortest and cheapest first.
    expect(res.json()).toMatchObject({ code: BILLING_SUCCESS_CODE, msg: SERVER.accountOk });
    const plans = res.json().data.plans as { id: string; usdtToken: string; days: number }[];
    expect(plans.map((p) => [p.usdtToken, p.days])).toEqual([
      ['30', 30],
      ['40', 30],
      ['80', 90],
      ['300', 365],
    ]);
    expect(plans[1]).toEqual({ id: planId, usdtToken: '40', ifcNewToken: '40', days: 30 });
  });

  it('refuses bad input, unknown plans and a short balance in the envelope', async () => {
    expect((await call(buyer, '/subscription/create', {})).json()).toMatchObject({ code: '400', msg: 'planId is required.' });
    expect((await call(buyer, '/subscription/create', { planId: 'plan-1' })).json()).toMatchObject({
      code: '400',
      msg: 'planId is invalid.',
    });
    const unknown = await call(buyer, '/subscription/create', { planId: randomUUID() });
    expect([unknown.statusCode, unknown.json().msg]).toEqual([404, SERVER.planNotFound]);
    const short = await call(buyer, '/subscription/create', { planId });
    expect([short.statusCode, short.json().msg]).toEqual([400, SERVER.subscriptionUnaffordable('40', '40')]);
    expect((await call(buyer, '/subscription/list', { filters: {}, limit: 0, page: 1 })).json()).toMatchObject({
      code: '400',
      msg: 'limit must be at least 1',
    });
    expect((await call(null, '/subscription/plans')).statusCode).toBe(401);
  });

  it("buys a plan: the member's history shows it, the sponsor earns level 1's share", async () => {
    await fund(buyer, '100');
    const bought = await call(buyer, '/subscription/create', { planId });
    expect(bought.statusCode).toBe(200);
    expect(bought.json()).toMatchObject({
      code: BILLING_SUCCESS_CODE,
      msg: SERVER.subscriptionPurchased,
      data: { paidWith: 'USDT', amount: '40' },
    });
    const list = await call(buyer, '/subscription/list', { filters: {}, limit: 10, page: 1 });
    expect(list.json().data).toMatchObject({
      current: 1,
      pages: 1,
      total: 1,
      records: [{ usdtToken: '40', ifcNewToken: '0', ifcToken: '0', ifxToken: '0', days: 30, availableCredit: '60' }],
    });
    // Another member sees only their own purchases.
    expect((await call(sponsor, '/subscription/list', {})).json().data).toEqual({ records: [], current: 1, pages: 0, total: 0 });

    expect((await call(sponsor, '/level-income/level-reward')).json().data).toEqual({ rewards: '2' });
    const rewards = await call(sponsor, '/level-income/list', { filters: {}, limit: 10, page: 1 });
    expect(rewards.json().data).toMatchObject({ total: 1, records: [{ amount: '2', percentage: '5', fromUserName: 'Buyer' }] });
    expect((await call(buyer, '/level-income/list', {})).json().data.total).toBe(0);
    const profile = await call(sponsor, '/user-profile');
    expect(profile.json().data.usdtRewardToken).toBe('2');
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: buyer.email, password: buyer.password },
    });
    expect(login.json()).toMatchObject({ isActiveSubscription: true });
  });

  it('pages the history: 10 a page by default', async () => {
    await fund(buyer, '1000');
    for (let i = 0; i < 11; i += 1) expect((await call(buyer, '/subscription/create', { planId })).statusCode).toBe(200);
    const first = (await call(buyer, '/subscription/list', { filters: {}, page: 1 })).json().data;
    const second = (await call(buyer, '/subscription/list', { filters: {}, page: 2 })).json().data;
    expect([first.records.length, first.pages, first.total, second.records.length, second.current]).toEqual([10, 2, 12, 2, 2]);
  });
});
