/**
 * First run (issue 23, item 11): a fresh database offers the default subscription plans
 * (migration 0019_default_subscription_plans), so a new member can subscribe and get past the
 * subscription check of a bot start without support staff setting anything up first.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_SUCCESS_CODE } from '../../../common/constants';
import { SERVER } from '../../../common/messages';
import { KEY_MESSAGES } from '../../modules/keys/keys';
import { post } from '../../modules/ledger/post';
import { isActive } from '../../modules/subscriptions/subscriptions';
import { databaseTargets } from '../../testing/databases';
import { memberApi, register, type Registered } from '../../testing/members';
import { createBillingServer, type BillingServer } from '../../testing/billing-server';
import { SPOT_BOT_START } from '../testing/start-bodies';

const targets = await databaseTargets();

interface OfferedPlan {
  id: string;
  usdtToken: string;
  ifcNewToken: string;
  days: number;
}

describe.each(targets)('default subscription plans of a fresh server on $name', (target) => {
  let server: BillingServer;
  let member: Registered;
  beforeAll(async () => {
    server = await createBillingServer(target);
    member = await register(server, { username: 'Newcomer' });
  });
  afterAll(() => server?.close());

  const account = (url: string, payload?: object) => server.billing(member.token, url, payload);
  const { post: api } = memberApi(() => server);
  const startBody = { ...SPOT_BOT_START, selectPair: 'BTCUSDT' };

  it('lists a monthly, a quarterly and a yearly plan', async () => {
    const res = await account('/subscription/plans');
    expect(res.statusCode).toBe(200);
    const plans = res.json<{ data: { plans: OfferedPlan[] } }>().data.plans;
    expect(plans.map((p) => [p.usdtToken, p.ifcNewToken, p.days])).toEqual([
      ['30', '30', 30],
      ['80', '80', 90],
      ['300', '300', 365],
    ]);
  });

  it('lets a new member buy one, after which a bot start no longer asks for a subscription', async () => {
    expect((await api(member, 'startbotdata', startBody)).json().message).toBe(SERVER.subscriptionRequired);
    const [monthly] = (await account('/subscription/plans')).json<{ data: { plans: OfferedPlan[] } }>().data.plans;
    await post(server.database.db, {
      key: randomUUID(),
      kind: 'deposit',
      legs: [{ userId: member.userId, asset: 'USDT', amount: '30' }],
    });
    const bought = await account('/subscription/create', { planId: monthly!.id });
    expect([bought.statusCode, bought.json()]).toMatchObject([
      200,
      { code: BILLING_SUCCESS_CODE, msg: SERVER.subscriptionPurchased, data: { paidWith: 'USDT', amount: '30' } },
    ]);
    expect(await isActive(server.database.db, member.userId, server.clock)).toBe(true);
    // The next thing a start needs is the member's exchange key, not a subscription.
    expect((await api(member, 'startbotdata', startBody)).json().message).toBe(KEY_MESSAGES.noKeys);
  });
});
