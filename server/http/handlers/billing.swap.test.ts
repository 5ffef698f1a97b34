import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_SUCCESS_CODE } from '../../../common/constants';
import { Decimal } from '../../../common/money';
import { SERVER, VALIDATION } from '../../../common/messages';
import { ledgerEntries, memberBalances } from '../../db/schema';
import { balancesOf } from '../../modules/ledger/balances';
import { post } from '../../modules/ledger/post';
import { databaseTargets } from '../../testing/databases';
import { register, type Registered } from '../../testing/members';
import { createBillingServer, type BillingServer } from '../../testing/billing-server';

const targets = await databaseTargets();

describe.each(targets)('billing service: reward swap on $name', (target) => {
  let server: BillingServer;
  beforeAll(async () => {
    server = await createBillingServer(target);
  });
  afterAll(() => server?.close());

  const db = () => server.database.db;
  const reward = (who: Registered, amount: string) =>
    post(db(), { key: randomUUID(), kind: 'level_reward', legs: [{ userId: who.userId, asset: 'USDT_REWARD', amount }] });
  const swap = (who: Registered | null, payload?: object) =>
    server.billing(who?.token ?? null, '/swap/usdt-reward/create', payload);

  /** Every balance equals the sum of its entries: nothing moved outside the ledger. */
  async function expectLedgerMatchesBalances(who: Registered) {
    const sums = await db()
      .select({ asset: ledgerEntries.asset, total: sql<string>`sum(${ledgerEntries.amount})::text` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, who.userId))
      .groupBy(ledgerEntries.asset);
    const balances = await db().select().from(memberBalances).where(eq(memberBalances.userId, who.userId));
    expect(balances).toHaveLength(sums.length);
    for (const row of balances) {
      expect(new Decimal(row.balance).gte(0)).toBe(true);
      expect(new Decimal(row.balance).eq(sums.find((s) => s.asset === row.asset)!.total)).toBe(true);
    }
  }

  it('moves rewards into the USDT wallet in one two-leg posting and answers both balances', async () => {
    const who = await register(server);
    await reward(who, '10');
    await post(db(), { key: randomUUID(), kind: 'deposit', legs: [{ userId: who.userId, asset: 'USDT', amount: '1.5' }] });
    const res = await swap(who, { amount: '3.25' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: BILLING_SUCCESS_CODE,
      msg: SERVER.rewardSwapped,
      data: { usdtToken: '4.75', usdtRewardToken: '6.75' },
    });
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'reward_swap'));
    const mine = entries.filter((e) => e.userId === who.userId);
    expect(mine).toHaveLength(2);
    expect(mine[0]!.idempotencyKey).toBe(mine[1]!.idempotencyKey);
    expect(mine[0]!.idempotencyKey).toMatch(/^reward_swap:[0-9a-f-]{36}$/);
    // The whole balance may go, and a number body is read as its decimal text.
    expect((await swap(who, { amount: 6.75 })).json().data).toEqual({ usdtToken: '11.5', usdtRewardToken: '0' });
    await expectLedgerMatchesBalances(who);
  });

  it('refuses more than the reward balance, naming it, and changes nothing', async () => {
    const who = await register(server);
    await reward(who, '2.5');
    const res = await swap(who, { amount: '2.50000001' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: '400', msg: SERVER.rewardSwapTooLarge('2.5') });
    expect((await swap(await register(server), { amount: '1' })).json().msg).toBe(SERVER.rewardSwapTooLarge('0'));
    expect(await balancesOf(db(), who.userId)).toMatchObject({ USDT: '0', USDT_REWARD: '2.5' });
  });

  it.each([
    [{}, VALIDATION.amountRequired],
    [{ amount: '' }, VALIDATION.amountRequired],
    [{ amount: 'ten' }, VALIDATION.amountNumber],
    [{ amount: '-1' }, VALIDATION.amountNumber],
    [{ amount: '1e3' }, VALIDATION.amountNumber],
    [{ amount: '0' }, VALIDATION.amountPositive],
    [{ amount: '0.0000000000000000001' }, VALIDATION.fractionDigitsMax('Amount', 18)],
  ])('refuses %j with 400', async (body, msg) => {
    const res = await swap(await register(server), body);
    expect([res.statusCode, res.json().code, res.json().msg]).toEqual([400, '400', msg]);
  });

  it('never overdraws under concurrent swaps: exactly the affordable ones go through', async () => {
    const who = await register(server);
    await reward(who, '10');
    const results = await Promise.all(Array.from({ length: 30 }, () => swap(who, { amount: '1' })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 400)).toHaveLength(20);
    for (const refused of results.filter((r) => r.statusCode === 400))
      expect(refused.json().msg).toBe(SERVER.rewardSwapTooLarge('0'));
    expect(await balancesOf(db(), who.userId)).toMatchObject({ USDT: '10', USDT_REWARD: '0' });
    await expectLedgerMatchesBalances(who);
  });

  it('never overdraws when swaps race different amounts', async () => {
    const who = await register(server);
    await reward(who, '7');
    const amounts = ['3', '2.5', '4', '1', '0.5', '6', '2', '1.5'];
    const results = await Promise.all(amounts.map((amount) => swap(who, { amount })));
    const moved = results.reduce((sum, r, i) => (r.statusCode === 200 ? sum.plus(amounts[i]!) : sum), new Decimal(0));
    const balances = await balancesOf(db(), who.userId);
    expect(moved.lte(7)).toBe(true);
    expect(new Decimal(balances.USDT).eq(moved)).toBe(true);
    expect(new Decimal(balances.USDT_REWARD).eq(new Decimal(7).minus(moved))).toBe(true);
    await expectLedgerMatchesBalances(who);
  });

  it('needs a signed-in member', async () => {
    expect((await swap(null, { amount: '1' })).statusCode).toBe(401);
  });
});
