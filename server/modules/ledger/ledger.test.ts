import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../../common/money';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { databaseTargets } from '../../testing/databases';
import { insertMember } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';
import type { LedgerAsset } from './assets';
import { balancesOf, ledgerOf } from './balances';
import { InsufficientBalance, post, type Leg, type Posting } from './post';

const targets = await databaseTargets();

const credit = (userId: string, asset: LedgerAsset, amount: string, key: string = randomUUID()): Posting => ({
  key,
  kind: 'adjustment',
  legs: [{ userId, asset, amount }],
});

/** Sum of the entries of each (member, asset), as the balances table should hold them. */
async function entrySums(db: Db): Promise<Map<string, string>> {
  const result = await db.execute(sql`SELECT user_id, asset, sum(amount) AS total FROM ledger_entries GROUP BY user_id, asset`);
  const rows = rowsOf<{ user_id: string; asset: string; total: string }>(result);
  return new Map(rows.map((r) => [`${r.user_id}/${r.asset}`, new Decimal(r.total).toFixed()]));
}

async function balanceRows(db: Db): Promise<Map<string, string>> {
  const result = await db.execute(sql`SELECT user_id, asset, balance FROM member_balances`);
  const rows = rowsOf<{ user_id: string; asset: string; balance: string }>(result);
  return new Map(rows.map((r) => [`${r.user_id}/${r.asset}`, new Decimal(r.balance).toFixed()]));
}

describe.each(targets)('ledger on $name', (target) => {
  let server: TestServer;
  let db: Db;
  beforeAll(async () => {
    server = await createTestServer(target);
    db = server.database.db;
  });
  afterAll(() => server?.close());

  it('credits and debits, each entry carrying the balance after it', async () => {
    const member = await insertMember(db);
    expect(await post(db, credit(member, 'USDT', '100.5'))).toMatchObject({
      applied: true,
      entries: [{ amount: '100.5', balanceAfter: '100.5', leg: 0 }],
    });
    expect(await post(db, credit(member, 'USDT', '-30.25'))).toMatchObject({
      applied: true,
      entries: [{ amount: '-30.25', balanceAfter: '70.25' }],
    });
    expect(await balancesOf(db, member)).toEqual({ USDT: '70.25', IFC: '0', USDT_REWARD: '0', IFT: '0', IFX: '0' });
    expect((await ledgerOf(db, member)).map((l) => [l.amount, l.balanceAfter, l.kind])).toEqual([
      ['-30.25', '70.25', 'adjustment'],
      ['100.5', '100.5', 'adjustment'],
    ]);
  });

  it('refuses a debit beyond the balance, or from an account never credited, writing nothing', async () => {
    const member = await insertMember(db);
    await post(db, credit(member, 'IFC', '10'));
    await expect(post(db, credit(member, 'IFC', '-10.000000000000000001'))).rejects.toBeInstanceOf(InsufficientBalance);
    await expect(post(db, credit(member, 'USDT_REWARD', '-1'))).rejects.toMatchObject({ userId: member, asset: 'USDT_REWARD' });
    expect((await balancesOf(db, member)).IFC).toBe('10');
    expect(await ledgerOf(db, member)).toHaveLength(1);
    expect((await post(db, credit(member, 'IFC', '-10'))).entries[0]!.balanceAfter).toBe('0');
  });

  it('applies a posting whole or not at all: a later leg that overdraws undoes the earlier ones', async () => {
    const [a, b] = [await insertMember(db), await insertMember(db)];
    await post(db, credit(a, 'USDT_REWARD', '50'));
    const swap: Leg[] = [
      { userId: a, asset: 'USDT', amount: '60' },
      { userId: a, asset: 'USDT_REWARD', amount: '-60' },
    ];
    await expect(post(db, { key: randomUUID(), kind: 'reward_swap', legs: swap })).rejects.toBeInstanceOf(InsufficientBalance);
    expect(await balancesOf(db, a)).toMatchObject({ USDT: '0', USDT_REWARD: '50' });
    const transfer = await post(db, {
      key: randomUUID(),
      kind: 'adjustment',
      legs: [
        { userId: a, asset: 'USDT_REWARD', amount: '-20' },
        { userId: b, asset: 'USDT_REWARD', amount: '20' },
      ],
    });
    expect(transfer.entries.map((e) => [e.leg, e.balanceAfter])).toEqual([
      [0, '30'],
      [1, '20'],
    ]);
  });

  it('credits several accounts in one posting, each leg with its own balance after, new accounts included', async () => {
    const [a, b, c] = [await insertMember(db), await insertMember(db), await insertMember(db)];
    await post(db, credit(b, 'USDT_REWARD', '1'));
    const legs: Leg[] = [
      { userId: c, asset: 'USDT_REWARD', amount: '3' },
      { userId: a, asset: 'USDT_REWARD', amount: '1.5' },
      { userId: b, asset: 'USDT_REWARD', amount: '2' },
      { userId: a, asset: 'IFC', amount: '4' },
    ];
    const posted = await post(db, { key: randomUUID(), kind: 'level_reward', legs });
    expect(posted.entries.map((e) => [e.leg, e.userId, e.asset, e.amount, e.balanceAfter])).toEqual([
      [0, c, 'USDT_REWARD', '3', '3'],
      [1, a, 'USDT_REWARD', '1.5', '1.5'],
      [2, b, 'USDT_REWARD', '2', '3'],
      [3, a, 'IFC', '4', '4'],
    ]);
    expect(await balancesOf(db, a)).toMatchObject({ USDT_REWARD: '1.5', IFC: '4' });
    const twice: Leg[] = [
      { userId: a, asset: 'USDT', amount: '1' },
      { userId: a, asset: 'USDT', amount: '2' },
    ];
    expect((await post(db, { key: randomUUID(), kind: 'adjustment', legs: twice })).entries.map((e) => e.balanceAfter)).toEqual([
      '1',
      '3',
    ]);
  });

  it("posts a key once: a replay returns the first posting's entries and changes nothing", async () => {
    const member = await insertMember(db);
    const first = await post(db, credit(member, 'IFT', '7', 'deposit:0xabc:3'));
    const again = await post(db, credit(member, 'IFT', '7', 'deposit:0xabc:3'));
    expect(again).toEqual({ applied: false, entries: first.entries });
    expect((await balancesOf(db, member)).IFT).toBe('7');
  });

  it("leaves the caller's transaction usable after a refused posting", async () => {
    const member = await insertMember(db);
    await db.transaction(async (tx) => {
      await expect(post(tx, credit(member, 'USDT', '-1'))).rejects.toBeInstanceOf(InsufficientBalance);
      await post(tx, credit(member, 'USDT', '5'));
    });
    expect((await balancesOf(db, member)).USDT).toBe('5');
  });

  it('keeps entries append-only', async () => {
    const member = await insertMember(db);
    await post(db, credit(member, 'USDT', '1'));
    await expect(db.execute(sql`UPDATE ledger_entries SET amount = 1000 WHERE user_id = ${member}`)).rejects.toThrow();
    expect((await ledgerOf(db, member))[0]!.amount).toBe('1');
  });

  it('refuses malformed postings before touching the database', async () => {
    const member = await insertMember(db);
    for (const amount of ['0', '1.0000000000000000001', '100000000000000000000', 'NaN']) {
      await expect(post(db, credit(member, 'USDT', amount))).rejects.toBeInstanceOf(RangeError);
    }
    await expect(
      post(db, { key: randomUUID(), kind: 'adjustment', legs: [{ userId: member, asset: 'BTC' as LedgerAsset, amount: '1' }] }),
    ).rejects.toBeInstanceOf(RangeError);
    await expect(
      post(db, { key: '', kind: 'adjustment', legs: [{ userId: member, asset: 'USDT', amount: '1' }] }),
    ).rejects.toBeInstanceOf(RangeError);
    await expect(post(db, { key: randomUUID(), kind: 'adjustment', legs: [] })).rejects.toBeInstanceOf(RangeError);
    expect(await ledgerOf(db, member)).toEqual([]);
  });

  it('lets concurrent debits spend a balance only once, and a key apply once', async () => {
    const member = await insertMember(db);
    await post(db, credit(member, 'USDT', '100'));
    const debits = await Promise.allSettled(Array.from({ length: 12 }, () => post(db, credit(member, 'USDT', '-30'))));
    expect(debits.filter((d) => d.status === 'fulfilled')).toHaveLength(3);
    expect(
      debits
        .filter((d) => d.status === 'rejected')
        .every((d) => (d as PromiseRejectedResult).reason instanceof InsufficientBalance),
    ).toBe(true);
    const key = randomUUID();
    const same = await Promise.all(Array.from({ length: 8 }, () => post(db, credit(member, 'USDT', '1', key))));
    expect(same.filter((r) => r.applied)).toHaveLength(1);
    expect((await balancesOf(db, member)).USDT).toBe('11');
  });

  it('never overdraws and keeps every balance equal to the sum of its entries (property)', async () => {
    const members = [await insertMember(db), await insertMember(db), await insertMember(db)];
    const assets: LedgerAsset[] = ['USDT', 'USDT_REWARD'];
    const amount = fc.integer({ min: 1, max: 5_000 }).map((cents) => new Decimal(cents).div(100).toFixed());
    const leg = fc.record({
      member: fc.constantFrom(...members),
      asset: fc.constantFrom(...assets),
      amount,
      debit: fc.boolean(),
    });
    const operation = fc.record({ legs: fc.array(leg, { minLength: 1, maxLength: 3 }), replay: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (operations) => {
        const postings = operations.map((op) => ({
          replay: op.replay,
          posting: {
            key: randomUUID(),
            kind: 'adjustment' as const,
            legs: op.legs.map((l) => ({ userId: l.member, asset: l.asset, amount: l.debit ? `-${l.amount}` : l.amount })),
          },
        }));
        // All at once: the database decides the order; replays race their originals.
        const runs = postings.flatMap(({ posting, replay }) => (replay ? [posting, posting] : [posting]));
        const results = await Promise.allSettled(runs.map((posting) => post(db, posting)));
        for (const result of results) {
          if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(InsufficientBalance);
        }
        const appliedPerKey = new Map<string, number>();
        results.forEach((result, i) => {
          if (result.status === 'fulfilled' && result.value.applied)
            appliedPerKey.set(runs[i]!.key, (appliedPerKey.get(runs[i]!.key) ?? 0) + 1);
        });
        expect([...appliedPerKey.values()].every((n) => n === 1)).toBe(true);
        const [sums, balances] = [await entrySums(db), await balanceRows(db)];
        for (const [account, balance] of balances) {
          expect(new Decimal(balance).isNegative()).toBe(false);
          expect(balance).toBe(sums.get(account) ?? '0');
        }
        for (const account of sums.keys()) expect(balances.has(account)).toBe(true);
      }),
      { numRuns: 20 },
    );
  });
});
