import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from '../../../common/messages';
import type { Db } from '../../db/database';
import { levelRewards, memberSubscriptions, users } from '../../db/schema';
import { databaseTargets } from '../../testing/databases';
import { insertMember } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';
import { DomainError } from '../errors';
import { balancesOf } from '../ledger/balances';
import { post } from '../ledger/post';
import { parseSetting, setSetting } from '../settings/settings';
import { addPlan, listPlans, offeredPlan, retirePlan } from './plans';
import { purchasePlan } from './purchase';
import { currentExpiry, isActive } from './subscriptions';

const targets = await databaseTargets();
const DAY_MS = 86_400_000;

async function fund(db: Db, userId: string, asset: 'USDT' | 'IFC', amount: string) {
  await post(db, { key: randomUUID(), kind: 'deposit', legs: [{ userId, asset, amount }] });
}

describe('levelPercentages setting', () => {
  it('accepts levels above 0 adding up to at most 10 %, and nothing else', () => {
    expect(parseSetting('levelPercentages', '5, 2,1,1,1')).toEqual(['5', '2', '1', '1', '1']);
    expect(parseSetting('levelPercentages', '')).toEqual([]);
    expect(parseSetting('levelPercentages', '2.5,0.125')).toEqual(['2.5', '0.125']);
    for (const bad of ['6,5', '0,1', 'x', '1,,1', '-1', '1.0001'])
      expect(() => parseSetting('levelPercentages', bad)).toThrow(DomainError);
  });
});

describe.each(targets)('subscription purchases on $name', (target) => {
  let server: TestServer;
  let db: Db;
  beforeAll(async () => {
    server = await createTestServer(target);
    db = server.database.db;
    await setSetting(db, 'ifcNewTokenPrice', '0.5');
    await setSetting(db, 'levelPercentages', ['5', '2', '1', '1', '1']);
  });
  afterAll(() => server?.close());

  const errorOf = async (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error,
    );

  it('credits each sponsor of a chain that loops back on itself once, and stops at the loop', async () => {
    const [top, middle] = [await insertMember(db), await insertMember(db)];
    const buyer = await insertMember(db, middle);
    await db.update(users).set({ sponsorId: top }).where(eq(users.id, middle));
    await db.update(users).set({ sponsorId: buyer }).where(eq(users.id, top)); // buyer -> middle -> top -> buyer
    const plan = await addPlan(db, '100', 30);
    await fund(db, buyer, 'USDT', '100');
    const bought = await purchasePlan(db, buyer, plan.id, server.clock);
    expect(bought.rewardsCredited).toBe(2);
    const rows = await db.select().from(levelRewards).where(eq(levelRewards.subscriptionId, bought.subscriptionId));
    expect(rows.map((r) => [r.userId, r.level]).sort((x, y) => (x[1] as number) - (y[1] as number))).toEqual([
      [middle, 1],
      [top, 2],
    ]);
    expect([(await balancesOf(db, middle)).USDT_REWARD, (await balancesOf(db, top)).USDT_REWARD]).toEqual(['5', '2']);
  });

  it('offers the plans not retired, with their IFC price at ifcNewTokenPrice', async () => {
    const plan = await addPlan(db, '29.99', 30);
    expect(plan).toMatchObject({ usdtToken: '29.99', ifcNewToken: '59.98', days: 30 });
    const retired = await addPlan(db, '5', 7);
    expect(await retirePlan(db, retired.id, server.clock())).toBe(true);
    expect(await retirePlan(db, retired.id, server.clock())).toBe(false);
    const offered = await listPlans(db);
    expect(offered.map((p) => p.id)).toContain(plan.id);
    expect(offered.map((p) => p.id)).not.toContain(retired.id);
    expect(await offeredPlan(db, retired.id)).toBeNull();
    await expect(addPlan(db, '0', 30)).rejects.toBeInstanceOf(RangeError);
    await expect(addPlan(db, '10', 0)).rejects.toBeInstanceOf(RangeError);
  });

  it('pays in USDT when it covers the plan, and extends an active subscription', async () => {
    const plan = await addPlan(db, '30', 30);
    const buyer = await insertMember(db);
    await fund(db, buyer, 'USDT', '100');
    const first = await purchasePlan(db, buyer, plan.id, server.clock);
    expect(first).toMatchObject({ paidWith: 'USDT', amount: '30' });
    expect(await isActive(db, buyer, server.clock)).toBe(true);
    const second = await purchasePlan(db, buyer, plan.id, server.clock);
    expect(second.expireDate.getTime() - first.expireDate.getTime()).toBe(30 * DAY_MS);
    expect((await currentExpiry(db, buyer))!.getTime()).toBe(second.expireDate.getTime());
    expect((await balancesOf(db, buyer)).USDT).toBe('40');
    const rows = await db.select().from(memberSubscriptions).where(eq(memberSubscriptions.userId, buyer));
    expect(
      rows
        .map((r) => [r.source, Number(r.paidUsdt), Number(r.paidIfc), Number(r.availableCredit)])
        .sort((a, b) => Number(b[3]) - Number(a[3])),
    ).toEqual([
      ['purchase', 30, 0, 70],
      ['purchase', 30, 0, 40],
    ]);
  });

  it('pays whole in IFC when USDT is short, and refuses when neither covers the plan', async () => {
    const plan = await addPlan(db, '30', 30);
    const buyer = await insertMember(db);
    await fund(db, buyer, 'USDT', '29.99');
    await fund(db, buyer, 'IFC', '100');
    expect(await purchasePlan(db, buyer, plan.id, server.clock)).toMatchObject({ paidWith: 'IFC', amount: '60' });
    expect(await balancesOf(db, buyer)).toMatchObject({ USDT: '29.99', IFC: '40' });
    const refused = await errorOf(purchasePlan(db, buyer, plan.id, server.clock));
    expect(refused).toMatchObject({ reason: 'billing.unaffordable', message: SERVER.subscriptionUnaffordable('30', '60') });
    expect(await balancesOf(db, buyer)).toMatchObject({ USDT: '29.99', IFC: '40' });
    expect(await db.select().from(memberSubscriptions).where(eq(memberSubscriptions.userId, buyer))).toHaveLength(1);
  });

  it('refuses a plan that is retired or does not exist', async () => {
    const buyer = await insertMember(db);
    await fund(db, buyer, 'USDT', '100');
    const plan = await addPlan(db, '10', 10);
    await retirePlan(db, plan.id, server.clock());
    for (const id of [plan.id, randomUUID()]) {
      expect(await errorOf(purchasePlan(db, buyer, id, server.clock))).toMatchObject({
        reason: 'billing.plan_not_found',
        message: SERVER.planNotFound,
      });
    }
  });

  it('rewards five sponsor levels their share of the plan price, once each', async () => {
    const plan = await addPlan(db, '100', 30);
    const chain: string[] = [await insertMember(db)]; // the top sponsor, beyond level 5
    for (let i = 0; i < 5; i += 1) chain.unshift(await insertMember(db, chain[0]!));
    const buyer = await insertMember(db, chain[0]!);
    await fund(db, buyer, 'USDT', '100');
    expect((await purchasePlan(db, buyer, plan.id, server.clock)).rewardsCredited).toBe(5);
    const rewards = await Promise.all(chain.map(async (sponsor) => (await balancesOf(db, sponsor)).USDT_REWARD));
    expect(rewards).toEqual(['5', '2', '1', '1', '1', '0']);
    const records = await db.select().from(levelRewards).where(eq(levelRewards.fromUserId, buyer));
    expect(
      records.map((r) => [r.level, Number(r.percentage), Number(r.amount), r.userId]).sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual(chain.slice(0, 5).map((sponsor, i) => [i + 1, [5, 2, 1, 1, 1][i], [5, 2, 1, 1, 1][i], sponsor]));
  });

  it('lets concurrent purchases spend a balance only once', async () => {
    const plan = await addPlan(db, '30', 30);
    const sponsor = await insertMember(db);
    const buyer = await insertMember(db, sponsor);
    await fund(db, buyer, 'USDT', '100');
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => purchasePlan(db, buyer, plan.id, server.clock)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ reason: 'billing.unaffordable' });
    expect((await balancesOf(db, buyer)).USDT).toBe('10');
    expect((await balancesOf(db, sponsor)).USDT_REWARD).toBe('4.5');
    const expiry = (await currentExpiry(db, buyer))!.getTime();
    expect(Math.round((expiry - server.clock().getTime()) / DAY_MS)).toBe(90);
  });
});
