import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../../common/money';
import { SERVER } from '../../../common/messages';
import { checksummedAddress } from '../../config/chain-addresses';
import type { Db } from '../../db/database';
import { ledgerEntries, withdrawals } from '../../db/schema';
import { databaseTargets } from '../../testing/databases';
import { insertMember } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';
import { balancesOf } from '../ledger/balances';
import { post } from '../ledger/post';
import { setSetting } from '../settings/settings';
import { createWithdrawal } from './create';
import { withdrawHistory } from './history';
import { claimNext, storeSigned } from './queue';
import { failAndRefund, markPaid } from './settle';

const targets = await databaseTargets();
const TO = '0x000000000000000000000000000000000000dEaD';

describe.each(targets)('withdrawal requests on $name', (target) => {
  let server: TestServer;
  let db: Db;
  beforeAll(async () => {
    server = await createTestServer(target);
    db = server.database.db;
    // The mechanics of a request alone: no fee, and floor and caps out of the way (limits.test.ts
    // and the route test, withdraw.test.ts, hold those).
    await setSetting(db, 'withdrawalFee', '0');
    await setSetting(db, 'withdrawalMinimum', '0.00000001');
    await setSetting(db, 'withdrawalPendingMax', 1000);
    await setSetting(db, 'withdrawalDailyMax', 1000);
  });
  afterAll(() => server?.close());

  const reward = (userId: string, amount: string) =>
    post(db, { key: randomUUID(), kind: 'level_reward', legs: [{ userId, asset: 'USDT_REWARD', amount }] });
  const request = (userId: string, amount: string, toAddress = TO, available = true) =>
    createWithdrawal(db, userId, { amount, toAddress }, { clock: server.clock, available, checksummedAddress });
  const errorOf = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error,
    );

  /** Every USDT_REWARD balance equals the sum of its ledger entries, and none is negative. */
  async function ledgerConsistent(userId: string) {
    const [sum] = await db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.userId} = ${userId} AND ${ledgerEntries.asset} = 'USDT_REWARD'`);
    const balance = (await balancesOf(db, userId)).USDT_REWARD;
    expect(new Decimal(sum!.total).eq(balance)).toBe(true);
    expect(new Decimal(balance).gte(0)).toBe(true);
    return balance;
  }

  it('debits the reward balance and records a PENDING withdrawal to the checksummed address', async () => {
    const member = await insertMember(db);
    await reward(member, '25.5');
    const created = await request(member, '10.25', TO.toLowerCase());
    expect(created.status).toBe('PENDING');
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, created.id));
    expect(row).toMatchObject({ userId: member, toAddress: TO, status: 'PENDING', nonce: null, signedTx: null, attempts: 0 });
    expect(new Decimal(row!.amount).toFixed()).toBe('10.25');
    expect(await ledgerConsistent(member)).toBe('15.25');
    const [entry] = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, `withdrawal:${created.id}`));
    expect(entry).toMatchObject({ kind: 'withdrawal', reference: created.id });
  });

  it('refuses an overdraft, a bad checksum, the zero address and a server without a chain', async () => {
    const member = await insertMember(db);
    await reward(member, '5');
    expect(await errorOf(request(member, '5.000000000000000001'))).toMatchObject({
      reason: 'billing.withdrawal_insufficient',
      message: SERVER.withdrawInsufficient('5'),
    });
    expect(await errorOf(request(member, '1', '0x000000000000000000000000000000000000DEaD'))).toMatchObject({
      reason: 'billing.withdrawal_address_invalid',
      message: SERVER.withdrawAddressInvalid,
    });
    expect(await errorOf(request(member, '1', `0x${'0'.repeat(40)}`))).toMatchObject({
      reason: 'billing.withdrawal_address_invalid',
      message: SERVER.withdrawZeroAddress,
    });
    expect(await errorOf(request(member, '1', TO, false))).toMatchObject({
      reason: 'billing.withdrawals_unavailable',
      message: SERVER.withdrawalsUnavailable,
    });
    expect(await db.select().from(withdrawals).where(eq(withdrawals.userId, member))).toHaveLength(0);
    expect(await ledgerConsistent(member)).toBe('5');
    expect((await request(member, '5')).status).toBe('PENDING');
    expect(await ledgerConsistent(member)).toBe('0');
  });

  it('never overdraws under concurrent requests (property)', async () => {
    const amount = fc.integer({ min: 1, max: 4000 }).map((cents) => new Decimal(cents).div(100).toFixed());
    await fc.assert(
      fc.asyncProperty(amount, fc.array(amount, { minLength: 1, maxLength: 12 }), async (balance, asks) => {
        const member = await insertMember(db);
        await reward(member, balance);
        const results = await Promise.allSettled(asks.map((ask) => request(member, ask)));
        for (const r of results)
          if (r.status === 'rejected') expect(r.reason).toMatchObject({ reason: 'billing.withdrawal_insufficient' });
        const granted = asks
          .filter((_, i) => results[i]!.status === 'fulfilled')
          .reduce((sum, ask) => sum.plus(ask), new Decimal(0));
        const left = await ledgerConsistent(member);
        expect(granted.lte(balance)).toBe(true);
        expect(new Decimal(balance).minus(granted).eq(left)).toBe(true);
        // Every refused ask was really more than what was left when it ran; at least the smallest refusal exceeds the rest.
        const refused = asks.filter((_, i) => results[i]!.status === 'rejected').map((a) => new Decimal(a));
        if (refused.length > 0) expect(Decimal.min(...refused).gt(left)).toBe(true);
      }),
      { numRuns: 15 },
    );
  });

  it("pages a member's own withdrawals, newest first", async () => {
    const member = await insertMember(db);
    const other = await insertMember(db);
    await reward(member, '100');
    await reward(other, '100');
    const ids: string[] = [];
    for (let i = 1; i <= 12; i += 1) {
      server.clock.advance(1000);
      ids.push((await request(member, String(i))).id);
    }
    await request(other, '1');
    const first = await withdrawHistory(db, member, { page: 1, limit: 10 });
    const second = await withdrawHistory(db, member, { page: 2, limit: 10 });
    expect([first.records.length, first.pages, first.total, second.records.length, second.current]).toEqual([10, 2, 12, 2, 2]);
    expect([...first.records, ...second.records].map((r) => r.id)).toEqual([...ids].reverse());
    expect(first.records[0]).toMatchObject({ amount: '12', toAddress: TO, status: 'PENDING' });
    expect((await withdrawHistory(db, other, { page: 1, limit: 10 })).total).toBe(1);
  });

  it('gives each claimable row to one worker at a time, and refunds a failure once', async () => {
    await db.update(withdrawals).set({ status: 'SUCCESS' }).where(eq(withdrawals.status, 'PENDING'));
    const member = await insertMember(db);
    await reward(member, '10');
    const ids = new Set([(await request(member, '3')).id, (await request(member, '4')).id]);
    server.clock.advance(60_000);
    const now = server.clock();
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimNext(db, { now, leaseMs: 30_000 })));
    const taken = claims.filter((c) => c !== null).map((c) => c!.id);
    expect(new Set(taken)).toEqual(ids);
    expect(taken).toHaveLength(2);
    expect(await claimNext(db, { now, leaseMs: 30_000 })).toBeNull(); // leased
    const [first, second] = [...ids];
    const results = await Promise.all([failAndRefund(db, first!, 'test', now), failAndRefund(db, first!, 'test', now)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await markPaid(db, first!, now)).toBe(false);
    expect(await ledgerConsistent(member)).toBe('6');
    expect(await markPaid(db, second!, now)).toBe(true);
    expect(await failAndRefund(db, second!, 'late', now)).toBe(false);
    expect(await ledgerConsistent(member)).toBe('6');
  });

  it("assigns nonces past both the highest stored one and the chain's pending count", async () => {
    const member = await insertMember(db);
    await reward(member, '10');
    const a = (await request(member, '1')).id;
    const b = (await request(member, '1')).id;
    const c = (await request(member, '1')).id;
    const [top] = await db.select({ n: sql<string>`coalesce(max(${withdrawals.nonce}), -1)` }).from(withdrawals);
    const base = BigInt(new Decimal(top!.n).toFixed()) + 1n;
    const sign = (nonce: bigint) => Promise.resolve({ signedTx: `0xraw${nonce}`, txHash: `0x${randomUUID()}` });
    const [sa, sb] = await Promise.all([
      storeSigned(db, a, 0n, sign, server.clock()),
      storeSigned(db, b, 0n, sign, server.clock()),
    ]);
    expect([sa!.nonce, sb!.nonce].sort()).toEqual([base, base + 1n]);
    const sc = await storeSigned(db, c, base + 10n, sign, server.clock());
    expect(sc!.nonce).toBe(base + 10n);
    // Signing twice keeps the first signature: only one transaction per payout ever exists.
    expect((await storeSigned(db, c, 0n, sign, server.clock()))!.signedTx).toBe(sc!.signedTx);
  });
});
