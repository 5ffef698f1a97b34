import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_SUCCESS_CODE } from '../../../common/constants';
import { SERVER } from '../../../common/messages';
import { memberSubscriptions } from '../../db/schema';
import { addPlan } from '../../modules/subscriptions/plans';
import { grant } from '../../modules/subscriptions/subscriptions';
import { databaseTargets } from '../../testing/databases';
import { createBillingServer, type BillingServer } from '../../testing/billing-server';
import { team } from '../testing/team';

const targets = await databaseTargets();

describe.each(targets)('billing service: team dashboard and level members on $name', (target) => {
  let server: BillingServer;
  let plan100: string;
  let plan40: string;

  const db = () => server.database.db;
  const { members: m, add: member, buy } = team(() => server);
  const dashboard = (who: string) => server.billing(m[who]!.token, '/team/dashboard');
  const levelMembers = (who: string, body: object) => server.billing(m[who]!.token, '/team/level-member', body);

  beforeAll(async () => {
    server = await createBillingServer(target);
    plan100 = (await addPlan(db(), '100', 30)).id;
    plan40 = (await addPlan(db(), '40', 10)).id;
    // Root's downline, six deep (level percentages 5,2,1,1,1: level 6 is outside the team):
    // Root -> L1a -> L2 -> L3 -> L4 -> L5 -> L6, and Root -> L1b (a granted, not bought, subscription).
    await member('Root', null);
    await member('L1a', 'Root');
    await member('L1b', 'Root');
    for (const [name, sponsor] of [
      ['L2', 'L1a'],
      ['L3', 'L2'],
      ['L4', 'L3'],
      ['L5', 'L4'],
      ['L6', 'L5'],
    ] as const)
      await member(name, sponsor);
    await member('Outsider', null);
    await buy('L1a', plan100, '100');
    await buy('L2', plan100, '100');
    await buy('L2', plan100, '100');
    await buy('L3', plan40, '40');
    await buy('L4', plan100, '100');
    await buy('L5', plan100, '100');
    await buy('L6', plan100, '100');
    await grant(db(), m.L1b!.id, 30, 'test');
  });
  afterAll(() => server?.close());

  it("sums each level of the asker's downline: members, the purchases' USDT value and the level's reward", async () => {
    const res = await dashboard('Root');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: BILLING_SUCCESS_CODE,
      msg: SERVER.accountOk,
      data: [
        { level: 1, reward: '5', members: 2, totalSubscription: '100' },
        { level: 2, reward: '2', members: 1, totalSubscription: '200' },
        { level: 3, reward: '1', members: 1, totalSubscription: '40' },
        { level: 4, reward: '1', members: 1, totalSubscription: '100' },
        { level: 5, reward: '1', members: 1, totalSubscription: '100' },
      ],
    });
  });

  it('counts from the asker: a mid-chain member sees their own downline, an outsider an empty team', async () => {
    expect((await dashboard('L2')).json().data).toEqual([
      { level: 1, reward: '5', members: 1, totalSubscription: '40' },
      { level: 2, reward: '2', members: 1, totalSubscription: '100' },
      { level: 3, reward: '1', members: 1, totalSubscription: '100' },
      { level: 4, reward: '1', members: 1, totalSubscription: '100' },
      { level: 5, reward: '1', members: 0, totalSubscription: '0' },
    ]);
    const empty = (await dashboard('Outsider')).json().data as { members: number; totalSubscription: string }[];
    expect(empty).toHaveLength(5);
    expect(empty.every((level) => level.members === 0 && level.totalSubscription === '0')).toBe(true);
  });

  it("lists a level's members with their sponsor, purchases, what they earned the asker and whether they are active", async () => {
    const res = await levelMembers('Root', { filters: { level: 1 }, limit: 10, page: 1 });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ current: 1, pages: 1, total: 2 });
    expect(data.records).toEqual(
      expect.arrayContaining([
        { name: 'L1a', sponserName: 'Root', totalSubscription: '100', totalIncome: '5', isActive: true },
        { name: 'L1b', sponserName: 'Root', totalSubscription: '0', totalIncome: '0', isActive: true },
      ]),
    );
    // Level 2 earned Root 2 % of 200, level 5 1 % of 100.
    expect((await levelMembers('Root', { filters: { level: 2 } })).json().data.records).toEqual([
      { name: 'L2', sponserName: 'L1a', totalSubscription: '200', totalIncome: '4', isActive: true },
    ]);
    expect((await levelMembers('Root', { filters: { level: 5 } })).json().data.records).toEqual([
      { name: 'L5', sponserName: 'L4', totalSubscription: '100', totalIncome: '1', isActive: true },
    ]);
    // L6 is Root's sixth level: outside the team, and it paid Root nothing.
    expect((await levelMembers('L2', { filters: { level: 4 } })).json().data.records).toEqual([
      { name: 'L6', sponserName: 'L5', totalSubscription: '100', totalIncome: '1', isActive: true },
    ]);
  });

  it('shows a member whose subscription ran out as inactive', async () => {
    const expired = await member('Expired', 'Outsider');
    await db()
      .insert(memberSubscriptions)
      .values({ userId: expired.id, expireDate: new Date(Date.now() - 86_400_000), days: 1, source: 'test' });
    expect((await levelMembers('Outsider', { filters: { level: 1 } })).json().data.records).toEqual([
      { name: 'Expired', sponserName: 'Outsider', totalSubscription: '0', totalIncome: '0', isActive: false },
    ]);
  });

  it('pages a level: limit per page, every member once, a page past the end is empty but keeps the total', async () => {
    await member('Big', null);
    for (let i = 0; i < 12; i += 1) await member(`Big${String(i).padStart(2, '0')}`, 'Big');
    const page = async (n: number) => (await levelMembers('Big', { filters: { level: 1 }, limit: 5, page: n })).json().data;
    const [first, second, third, past] = [await page(1), await page(2), await page(3), await page(4)];
    expect([first.records.length, second.records.length, third.records.length, past.records.length]).toEqual([5, 5, 2, 0]);
    expect([first.pages, first.total, third.current, past.total, past.pages]).toEqual([3, 12, 3, 12, 3]);
    const names = [...first.records, ...second.records, ...third.records].map((r: { name: string }) => r.name);
    expect(new Set(names).size).toBe(12);
    // Ten a page by default (SPEC section 9).
    expect((await levelMembers('Big', { filters: { level: 1 } })).json().data).toMatchObject({ pages: 2, total: 12 });
    expect((await levelMembers('Big', { filters: { level: 1 } })).json().data.records).toHaveLength(10);
  });

  it("never shows another member's team", async () => {
    expect((await levelMembers('Outsider', { filters: { level: 2 } })).json().data).toEqual({
      records: [],
      current: 1,
      pages: 0,
      total: 0,
    });
    const l3 = (await levelMembers('L3', { filters: { level: 1 } })).json().data.records.map((r: { name: string }) => r.name);
    expect(l3).toEqual(['L4']);
  });

  it.each([
    [{}, 'filters.level is required.'],
    [{ filters: {} }, 'filters.level is required.'],
    [{ filters: { level: 'one' } }, 'filters.level must be a number'],
    [{ filters: { level: 0 } }, 'filters.level must be at least 1'],
    [{ filters: { level: 1.5 } }, 'filters.level must be an integer'],
    [{ filters: { level: 6 } }, SERVER.teamLevelUnknown(5)],
    [{ filters: { level: 1 }, limit: 0 }, 'limit must be at least 1'],
    [{ filters: { level: 1 }, page: 'x' }, 'page must be a number'],
  ])('refuses %j with 400', async (body, msg) => {
    const res = await levelMembers('Root', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: '400', msg });
  });

  it('needs a signed-in member', async () => {
    expect((await server.billing(null, '/team/dashboard')).statusCode).toBe(401);
    expect((await server.billing(null, '/team/level-member', { filters: { level: 1 } })).statusCode).toBe(401);
  });
});
