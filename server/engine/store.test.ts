/** The engine's batched writes keep the single-bot fences: the lease, the bot's order sequence, and a fill applied once. */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { botFills, botOrders, bots } from '../db/schema';
import { databaseTargets } from '../testing/databases';
import { botCodec, type BotRow } from '../runnables/bot/index';
import { RunnableStore, intentRow, LeaseLost, type AppliedFill } from './store';
import type { EngineHarness } from './testing/harness';
import { engineHarnesses } from './testing/shared-harness';

const targets = await databaseTargets();

/**
 * Bot `id`'s first order, a market buy of 2 at 145, recorded as an intent by `store`; the row and
 * state handed with its fill are as that fill leaves them (one trade).
 */
async function intentRecorded(store: RunnableStore, id: string) {
  const row = (await store.load(id)) as BotRow;
  const order = intentRow(id, 0, { kind: 'buy', slot: 1, quantity: '2', price: '145', type: 'market' });
  await store.recordIntentBatch([{ row, core: botCodec.decode(row), orders: [order] }]);
  const core = botCodec.decode(row);
  core.bot.trades = 1; // as the fill left it: the statement writes the bot's state with the fill
  return { row: { ...row, orderSeq: 1 }, core, order };
}

/** The fill of bot `id`'s buy (exchange order x-<id>) on `market`, its one trade numbered `tradeId`. */
function buyFill(id: string, tradeId: string, market: AppliedFill['market'] = 'spot'): AppliedFill {
  return {
    price: '145',
    quantity: '2',
    cost: '290',
    fee: '0.29',
    pnl: '0',
    exchangeOrderId: `x-${id}`,
    market,
    trades: [
      {
        id: tradeId,
        orderId: `x-${id}`,
        symbol: 'SOLUSDT',
        side: 'buy',
        price: '145',
        quantity: '2',
        fee: '0.29',
        feeAsset: 'USDT',
        time: 1,
      },
    ],
  };
}

describe.each(targets)('the intent batch on $name', (target) => {
  const harnesses = engineHarnesses(target);
  let h: EngineHarness | undefined;

  it('writes the bots this engine holds at the sequence it knows, and nothing of the others', async () => {
    h = harnesses.shared();
    h.setPrice('SOLUSDT', '145.00');
    const ids = [await h.startBot(), await h.startBot(), await h.startBot()];
    const store = new RunnableStore(h.db, 'engine-a', 20_000, botCodec);
    expect((await store.claim(10)).sort()).toEqual([...ids].sort());
    const [mine, taken, stale] = ids as [string, string, string];
    // Another engine took one over; another advanced past the sequence this engine knows.
    await h.db.update(bots).set({ leaseOwner: 'engine-b' }).where(eq(bots.id, taken));
    const rows = await Promise.all(ids.map(async (id) => (await store.load(id)) as BotRow));
    await h.db.update(bots).set({ orderSeq: 7 }).where(eq(bots.id, stale));

    const items = rows.map((row) => {
      const core = botCodec.decode(row);
      const orders = [intentRow(row.id, row.orderSeq, { kind: 'buy', slot: 1, quantity: '1.5', price: '145', type: 'market' })];
      return { id: row.id, row, core, orders };
    });
    const written = await store.recordIntentBatch(items);

    expect([...written]).toEqual([mine]);
    const orders = await h.db.select().from(botOrders).where(inArray(botOrders.runnableId, ids));
    expect(orders.map((o) => [o.runnableId, o.seq, o.status, o.clientOrderId])).toEqual([
      [mine, 0, 'intent', items[0]!.orders[0]!.clientOrderId],
    ]);
    expect(((await store.load(mine)) as BotRow).orderSeq).toBe(1);
    expect(((await store.load(taken)) as BotRow).orderSeq).toBe(0);
    expect(((await store.load(stale)) as BotRow).orderSeq).toBe(7);
  });

  it('books the fills of one turn in one statement: each once, with its trades, and nothing of a bot it lost', async () => {
    h = harnesses.shared();
    h.setPrice('SOLUSDT', '145.00');
    const ids = [await h.startBot(), await h.startBot(), await h.startBot()];
    const store = new RunnableStore(h.db, 'engine-a', 20_000, botCodec);
    await store.claim(10);
    const [mine, again, taken] = ids as [string, string, string];
    const items = await Promise.all(ids.map((id) => intentRecorded(store, id)));
    await h.db.update(bots).set({ leaseOwner: 'engine-b' }).where(eq(bots.id, taken));
    const fill = (id: string, n: number) => buyFill(id, `t-${id}-${n}`);
    // All three settle in the same turn; the second is booked twice (the order's answer and the user-data stream).
    const outcomes = await Promise.allSettled([
      ...items.map((it) => store.recordFill(it.row, it.core, it.order, fill(it.row.id, 1))),
      store.recordFill(items[1]!.row, items[1]!.core, items[1]!.order, fill(again, 1)),
    ]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).name))).toEqual([
      'applied',
      'applied',
      LeaseLost.name,
      'already',
    ]);
    const orders = await h.db.select().from(botOrders).where(inArray(botOrders.runnableId, ids));
    expect(Object.fromEntries(orders.map((o) => [o.runnableId, [o.status, o.exchangeOrderId]]))).toEqual({
      [mine]: ['filled', `x-${mine}`],
      [again]: ['filled', `x-${again}`],
      [taken]: ['intent', null],
    });
    const fills = await h.db
      .select()
      .from(botFills)
      .where(
        inArray(
          botFills.orderId,
          orders.map((o) => o.id),
        ),
      );
    expect(fills.map((f) => f.tradeId).sort()).toEqual([`t-${again}-1`, `t-${mine}-1`].sort());
    const trades = await Promise.all(ids.map(async (id) => ((await store.load(id)) as BotRow).trades));
    expect(trades).toEqual([1, 1, 0]);
  });

  it('keeps a spot trade and a USD-M trade of one symbol and one trade id apart (the two markets number their trades each on their own)', async () => {
    h = harnesses.shared();
    h.setPrice('SOLUSDT', '145.00');
    const ids = [await h.startBot(), await h.startBot()];
    const store = new RunnableStore(h.db, 'engine-a', 20_000, botCodec);
    await store.claim(10);
    const markets = ['spot', 'futures'] as const;
    await Promise.all(
      ids.map(async (id, i) => {
        const { row, core, order } = await intentRecorded(store, id);
        await store.recordFill(row, core, order, buyFill(id, '7001', markets[i]!));
      }),
    );
    const fills = await h.db.select().from(botFills).where(eq(botFills.tradeId, '7001'));
    expect(fills.map((f) => [f.market, f.symbol, f.tradeId]).sort()).toEqual([
      ['futures', 'SOLUSDT', '7001'],
      ['spot', 'SOLUSDT', '7001'],
    ]);
  });

  it('renews every lease it holds across heartbeat chunks, and none it lost', async () => {
    h = harnesses.shared();
    h.setPrice('SOLUSDT', '145.00');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await h.startBot());
    const store = new RunnableStore(h.db, 'engine-a', 20_000, botCodec);
    await store.claim(10);
    await h.db.update(bots).set({ leaseOwner: 'engine-b' }).where(eq(bots.id, ids[2]!));
    const held = await store.heartbeat(2);
    expect([...held].sort()).toEqual(ids.filter((id) => id !== ids[2]).sort());
  });
});
