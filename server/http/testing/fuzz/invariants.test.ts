/**
 * The deep-path fuzz's invariants find what they are there to find: each check is shown a
 * database that breaks it (rows written straight, as no request could) and one that keeps it.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botCommands, bots, cycles, memberBalances, runnableStarts } from '../../../db/schema';
import { post } from '../../../modules/ledger/post';
import { pgliteTarget } from '../../../testing/databases';
import { insertMember } from '../../../testing/members';
import { createTestServer, type TestServer } from '../../../testing/server';
import {
  fundsBreaches,
  invariantBreaches,
  ledgerBreaches,
  leftoverStartBreaches,
  onePerPairBreaches,
  runningOf,
  unappliedCommands,
  type FuzzMember,
} from './invariants';

describe('the deep-path fuzz invariants', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(pgliteTarget);
  });
  afterAll(() => server?.close());

  const member = async (funds = { Spot: '1000', Future: '100' }): Promise<FuzzMember> => ({
    label: 'M',
    userId: await insertMember(server.database.db),
    funds,
  });
  const bot = (userId: string, symbol: string, category = 'Spot', investment = '300') =>
    server.database.db.insert(bots).values({ userId, status: 'Live', symbol, category, investment }).returning({ id: bots.id });
  const cycle = (userId: string, symbol: string, amount = '300') =>
    server.database.db
      .insert(cycles)
      .values({ userId, status: 'Live', symbol, amount, buyPrice: '90', sellPrice: '110', stopLoss: '80', noOfCycle: 2 });

  it('holds for a member whose runnables share no pair beyond two Spot bots, and whose ledger adds up', async () => {
    const m = await member();
    await post(server.database.db, {
      key: randomUUID(),
      kind: 'adjustment',
      legs: [{ userId: m.userId, asset: 'USDT', amount: '10' }],
    });
    await post(server.database.db, {
      key: randomUUID(),
      kind: 'adjustment',
      legs: [{ userId: m.userId, asset: 'USDT', amount: '-4' }],
    });
    await bot(m.userId, 'BTCUSDT');
    await bot(m.userId, 'BTCUSDT');
    await bot(m.userId, 'ETHUSDT', 'Future', '100');
    await cycle(m.userId, 'SOLUSDT');
    expect(await invariantBreaches(server.database.db, [m])).toEqual([]);
  });

  it('finds a live cycle sharing its pair with a bot, and two Future bots on one pair', async () => {
    const m = await member();
    await bot(m.userId, 'XRPUSDT');
    await cycle(m.userId, 'XRPUSDT');
    await bot(m.userId, 'ADAUSDT', 'Future', '10');
    await bot(m.userId, 'ADAUSDT', 'Future', '10');
    const breaches = onePerPairBreaches('M', await runningOf(server.database.db, m.userId));
    expect(breaches).toHaveLength(2);
    expect(breaches[0]).toMatch(/^M's live Spot cycle .* shares XRPUSDT with Spot bot /);
    expect(breaches[1]).toMatch(/^M has 2 running Future bots on ADAUSDT/);
  });

  it('finds a balance that is not the sum of its entries', async () => {
    const m = await member();
    await post(server.database.db, {
      key: randomUUID(),
      kind: 'adjustment',
      legs: [{ userId: m.userId, asset: 'IFC', amount: '5' }],
    });
    await server.database.db.update(memberBalances).set({ balance: '6' }).where(eq(memberBalances.userId, m.userId));
    expect(await ledgerBreaches(server.database.db, m)).toEqual([
      "M's IFC balance 6 is not the sum of its entries 5",
      "M's IFC balance 6 is not its last entry's balance_after 5",
    ]);
  });

  it('finds a wallet committed past its funds', async () => {
    const m = await member({ Spot: '500', Future: '100' });
    await bot(m.userId, 'DOTUSDT', 'Spot', '300');
    await cycle(m.userId, 'LTCUSDT', '200.000000000000000001');
    expect(fundsBreaches(m, await runningOf(server.database.db, m.userId))).toEqual([
      "M's running bots and live cycles commit 500.000000000000000001 USDT of the Spot wallet, which was given 500",
    ]);
  });

  it('finds a start whose claim outlived it, and a command no engine applied', async () => {
    const m = await member();
    await server.database.db
      .insert(runnableStarts)
      .values({ userId: m.userId, kind: 'cycle', symbol: 'TRXUSDT', category: 'Spot', amount: '50' });
    const [row] = await bot(m.userId, 'LINKUSDT');
    await server.database.db.insert(botCommands).values({ runnableId: row!.id, kind: 'stopAndSell' });
    expect(await leftoverStartBreaches(server.database.db)).toEqual([
      `a runnable_starts row outlived its request: cycle Spot TRXUSDT 50 of member ${m.userId}`,
    ]);
    expect(await unappliedCommands(server.database.db, [m.userId])).toEqual([
      expect.stringMatching(
        new RegExp(`^a 'stopAndSell' command of Live Spot bot ${row!.id} on LINKUSDT, queued at .*, is still unapplied$`),
      ),
    ]);
    await server.database.db.delete(runnableStarts);
  });
});
