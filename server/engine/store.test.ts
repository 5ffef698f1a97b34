/** The engine's batched writes keep the single-bot fences: the lease, and the bot's order sequence. */
import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { botOrders, bots } from '../db/schema';
import { databaseTargets } from '../test/databases';
import { gridBotOf } from './records';
import { BotStore, intentRow } from './store';
import { EngineHarness } from './test-harness';

const targets = await databaseTargets();

describe.each(targets)('the intent batch on $name', (target) => {
  let h: EngineHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('writes the bots this engine holds at the sequence it knows, and nothing of the others', async () => {
    h = await EngineHarness.create(target);
    h.setPrice('SOLUSDT', '145.00');
    const ids = [await h.startBot(), await h.startBot(), await h.startBot()];
    const store = new BotStore(h.db, 'engine-a', 20_000);
    expect((await store.claim(10)).sort()).toEqual([...ids].sort());
    const [mine, taken, stale] = ids as [string, string, string];
    // Another engine took one over; another advanced past the sequence this engine knows.
    await h.db.update(bots).set({ leaseOwner: 'engine-b' }).where(eq(bots.id, taken));
    const rows = await Promise.all(ids.map(async (id) => (await store.load(id))!));
    await h.db.update(bots).set({ orderSeq: 7 }).where(eq(bots.id, stale));

    const items = rows.map((row) => {
      const bot = gridBotOf(row);
      const orders = [intentRow(row.id, row.orderSeq, { kind: 'buy', grid: 1, quantity: '1.5', price: '145' })];
      return { id: row.id, row, bot, orders };
    });
    const written = await store.recordIntentBatch(items);

    expect([...written]).toEqual([mine]);
    const orders = await h.db.select().from(botOrders).where(inArray(botOrders.botId, ids));
    expect(orders.map((o) => [o.botId, o.seq, o.status, o.clientOrderId])).toEqual([[mine, 0, 'intent', items[0]!.orders[0]!.clientOrderId]]);
    expect((await store.load(mine))!.orderSeq).toBe(1);
    expect((await store.load(taken))!.orderSeq).toBe(0);
    expect((await store.load(stale))!.orderSeq).toBe(7);
  });

  it('renews every lease it holds across heartbeat chunks, and none it lost', async () => {
    h = await EngineHarness.create(target);
    h.setPrice('SOLUSDT', '145.00');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await h.startBot());
    const store = new BotStore(h.db, 'engine-a', 20_000);
    await store.claim(10);
    await h.db.update(bots).set({ leaseOwner: 'engine-b' }).where(eq(bots.id, ids[2]!));
    const held = await store.heartbeat(2);
    expect([...held].sort()).toEqual(ids.filter((id) => id !== ids[2]).sort());
  });
});
