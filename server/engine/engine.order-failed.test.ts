/**
 * An order the exchange ends without filling it (expired, cancelled) or refuses is recorded as
 * failed, and the member is told once (bot.orderFailed on GET /api/events), whichever path found
 * out: the send's answer, the user-data stream, or the reconciler's lookup; a path that finds the
 * order already failed tells nobody again.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberEvent } from '../../common/api/bots';
import { botOrders, memberEvents } from '../db/schema';
import type { EngineContext } from '../../sim/context';
import { newOrderRecord, register } from '../../sim/context';
import { Decimal } from '../../sim/num';
import { SimError } from '../../sim/types';
import { databaseTargets } from '../testing/databases';
import type { Engine } from './engine';
import type { OrderRow } from './store';
import { type EngineHarness, until } from './testing/harness';
import { engineHarnesses } from './testing/shared-harness';

const targets = await databaseTargets();
const SYMBOL = 'SOLUSDT';
/** After the start's grid-1 buy, these arm grid 2; 143.40 sends its buy. */
const TO_GRID_2 = ['143.00', '142.00', '141.90'];
const GRID_2_BUY = '143.40';

describe.each(targets)('failed orders tell the member once on $name', (target) => {
  const harnesses = engineHarnesses(target);
  let h: EngineHarness | undefined;
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /**
   * The simulator's next `count` spot orders are accepted and end unfilled, as Binance answers
   * a market order the book cannot fill: EXPIRED in the answer, in lookups and on the user-data
   * stream. Returns their clientOrderIds as they come.
   */
  function expireNext(count: number): string[] {
    const core = h!.exchange.simulator.core;
    const ctx: EngineContext = { book: core.book, feeRate: core.feeRate, events: core.events, now: core.now, ids: core.ids };
    const place = core.spot.place.bind(core.spot);
    const expired: string[] = [];
    vi.spyOn(core.spot, 'place').mockImplementation((account, req) => {
      if (expired.length >= count) return place(account, req);
      const order = newOrderRecord(ctx, account, 'spot', req, null, new Decimal(req.quantity ?? '0'));
      order.status = 'EXPIRED';
      register(account, order);
      ctx.events.order(account, order, null);
      expired.push(order.clientOrderId);
      return order;
    });
    return expired;
  }

  /** The simulator refuses its next spot order as its filters would. */
  function refuseNext(): void {
    const core = h!.exchange.simulator.core;
    vi.spyOn(core.spot, 'place').mockImplementationOnce(() => {
      throw new SimError(-1013, 'Filter failure: NOTIONAL');
    });
  }

  /** A bot on a fresh engine; `arrange` sets the exchange up before the bot's start order. */
  async function begin(
    options: Parameters<EngineHarness['startEngine']>[0] = {},
    arrange?: () => void,
  ): Promise<{ engine: Engine; botId: string }> {
    h = harnesses.shared();
    h.setPrice(SYMBOL, '145.00');
    arrange?.();
    const engine = h.startEngine(options);
    const botId = await h.startBot();
    await engine.claim();
    await engine.metrics.waitFor(SYMBOL, '145.00');
    await engine.idle();
    return { engine, botId };
  }

  async function failedEvents(): Promise<MemberEvent[]> {
    const rows = await h!.db
      .select()
      .from(memberEvents)
      .where(and(eq(memberEvents.userId, h!.member.userId), eq(memberEvents.kind, 'bot.orderFailed')))
      .orderBy(asc(memberEvents.id));
    return rows.map((r) => r.payload as MemberEvent);
  }

  const orderOf = async (clientOrderId: string) =>
    (await h!.db.select().from(botOrders).where(eq(botOrders.clientOrderId, clientOrderId)))[0]!;

  const expiredEvent = (botId: string, clientOrderId: string) => ({
    kind: 'bot.orderFailed',
    botID: botId,
    name: SYMBOL,
    message: `The exchange expired order ${clientOrderId} without filling it.`,
    at: expect.any(String) as string,
  });

  /** The grid-2 buy is sent into `arrange`'s fault and ends unfilled on the exchange; returns its clientOrderId. */
  async function expireGrid2Buy(engine: Engine, arrange: () => void): Promise<string> {
    await h!.drive(engine, SYMBOL, TO_GRID_2);
    const expired = expireNext(1);
    arrange();
    h!.setPrice(SYMBOL, GRID_2_BUY);
    await until(() => expired.length === 1, 10_000);
    await until(async () => (await orderOf(expired[0]!)).status === 'failed', 10_000);
    await engine.idle();
    return expired[0]!;
  }

  /** Fails `clientOrderId` again as a path holding its row from before would: the flip changes nothing, nobody is told. */
  async function failAgain(engine: Engine, botId: string, clientOrderId: string): Promise<void> {
    const runner = engine.runner(botId)!;
    await runner.enqueue(() => runner.reconcile());
    const order = await orderOf(clientOrderId);
    const stale: OrderRow = { ...order, kind: 'buy', side: 'buy', type: 'market', status: 'unknown' };
    const event: MemberEvent = {
      kind: 'bot.orderFailed',
      botID: botId,
      name: SYMBOL,
      message: 'again',
      at: new Date().toISOString(),
    };
    expect(await engine.store.recordFailure(runner.row, runner.core, stale, 'again', undefined, event)).toBe(false);
    expect((await orderOf(clientOrderId)).error).toBe(`The exchange expired order ${clientOrderId} without filling it.`);
  }

  it('an order the exchange answers as expired fails once, and the grid decides again', async () => {
    let expired: string[] = [];
    const { engine, botId } = await begin({}, () => {
      expired = expireNext(1);
    });
    expect(expired).toHaveLength(1);
    expect(await orderOf(expired[0]!)).toMatchObject({ status: 'failed', slot: 1, side: 'buy' });
    expect(await failedEvents()).toEqual([expiredEvent(botId, expired[0]!)]);
    // Grid 1 is empty again: the next price buys it, and the stream's late EXPIRED report of
    // the failed order tells nobody twice.
    await h!.drive(engine, SYMBOL, ['145.10']);
    await engine.idle();
    expect((await h!.trades(botId)).map((t) => `${t.side} ${t.grid} ${t.price}`)).toEqual(['buy 1 145.1']);
    expect(await h!.bot(botId)).toMatchObject({ status: 'Live' });
    expect(await failedEvents()).toHaveLength(1);
  });

  it('an order whose answer was lost is failed from the user-data stream once; the reconciler after it tells nobody', async () => {
    // Lookups cannot see the order and the next one is an hour away: only the stream can settle it.
    const { engine, botId } = await begin({ unknownRetryMs: 3_600_000 });
    await until(() => h!.exchange.spotStreams.stats().up > 0, 10_000);
    const id = await expireGrid2Buy(engine, () =>
      h!.exchange.simulator.control.setFaults({ failAfterAccept: 1, orderNotFoundMs: 60_000 }),
    );
    expect(await failedEvents()).toEqual([expiredEvent(botId, id)]);
    h!.exchange.simulator.control.clearFaults();
    await failAgain(engine, botId, id);
    expect(await failedEvents()).toHaveLength(1);
  });

  it("an order whose answer was lost is failed by the reconciler's lookup once, with the stream down", async () => {
    const { engine, botId } = await begin();
    h!.exchange.spotStreams.remove(`engine:${h!.member.userId}`);
    const id = await expireGrid2Buy(engine, () => h!.exchange.simulator.control.setFaults({ failAfterAccept: 1 }));
    expect(await failedEvents()).toEqual([expiredEvent(botId, id)]);
    await failAgain(engine, botId, id);
    expect(await failedEvents()).toHaveLength(1);
  });

  it("an order the exchange refuses is failed once, with the exchange's reason", async () => {
    const { botId } = await begin({}, refuseNext);
    const orders = await h!.db.select().from(botOrders).where(eq(botOrders.runnableId, botId));
    expect(orders.map((o) => o.status)).toEqual(['failed']);
    const events = await failedEvents();
    expect(events).toEqual([
      {
        kind: 'bot.orderFailed',
        botID: botId,
        name: SYMBOL,
        message: expect.stringMatching(/Filter failure: NOTIONAL/) as string,
        at: expect.any(String) as string,
      },
    ]);
  });
});
