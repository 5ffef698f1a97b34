/**
 * Cycles on the engine (issue 21) against the simulator: the cycle codec on the kernel. A round
 * rests a LIMIT GTC buy, then a LIMIT GTC sell of what it bought; the engine books what the
 * exchange filled (from the stream or, after a restart, the reconciler) and places the next order
 * once. The trades it books are the cycle backtester's on the same path, fills while no engine
 * ran included; a completed cycle leaves nothing on the exchange; the member hears completion and
 * stop loss.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../common/money';
import { memberEvents } from '../db/schema';
import { databaseTargets } from '../testing/databases';
import type { Engine } from './engine';
import { EngineMetrics } from './metrics';
import { type EngineHarness, until } from './testing/harness';
import { engineHarnesses } from './testing/shared-harness';
import {
  cycleBacktest,
  cycleOrderRows,
  cycleRow,
  cycleTrades,
  driveCycle,
  insertCycle,
  openOnExchange,
  quietCycle,
  startCycleEngine,
  startedCycle,
  TWO_ROUNDS,
  type CycleSettings,
} from './testing/cycles';

const targets = await databaseTargets();
const SYMBOL = 'SOLUSDT';

describe.each(targets)('cycles on the engine on $name', (target) => {
  const harnesses = engineHarnesses(target);
  let h: EngineHarness | undefined;

  /** On the shared harness, or (`own`) one of the test's own for a test that kills its engines. */
  async function begin(
    settings: CycleSettings = TWO_ROUNDS,
    price = '100.00',
    own = false,
  ): Promise<{ engine: Engine; id: string }> {
    h = own ? await harnesses.own() : harnesses.shared();
    return startedCycle(h, settings, price);
  }

  const events = async (kind: string) =>
    await h!.db
      .select()
      .from(memberEvents)
      .where(and(eq(memberEvents.userId, h!.member.userId), eq(memberEvents.kind, kind)));

  it('runs its rounds as the backtester does, completes, leaves nothing on the exchange and tells the member', async () => {
    const prices = [
      '100.00',
      '97.00',
      '94.00',
      '99.00',
      '104.00',
      '106.00',
      '101.00',
      '93.00',
      '96.00',
      '107.00',
      '94.00',
      '92.00',
    ];
    const { engine, id } = await begin();
    await driveCycle(h!, engine, id, prices.slice(1));
    const trades = await cycleTrades(h!, id);
    const expected = await cycleBacktest(h!, id, prices);
    expect(trades).toEqual(expected.trades);
    expect(trades.map((t) => [t.side, t.price])).toEqual([
      ['buy', '95'],
      ['sell', '105'],
      ['buy', '95'],
      ['sell', '105'],
    ]);
    const row = await cycleRow(h!, id);
    expect(row).toMatchObject({ status: 'Completed', cyclesCompleted: 2, lastBoughtPrice: null, trades: 4, leaseOwner: null });
    expect(openOnExchange(h!)).toEqual([]);
    expect(h!.exchangeHolding('SOL')).toBe('0');
    const [completed] = await events('cycle.completed');
    const profit = expected.trades.reduce((sum, t) => sum.plus(t.pnl), new Decimal(0));
    expect(completed!.payload).toMatchObject({ kind: 'cycle.completed', cycleID: id, name: SYMBOL, cycles: 2 });
    expect(new Decimal((completed!.payload as { profit: string }).profit).eq(profit)).toBe(true);
    expect(new Decimal(row.realizedPnl).eq(profit)).toBe(true);
  });

  it("is left out of the pair's ticks while its buy rests, and decides at the price of the moment once the buy fills", async () => {
    const prices = ['100.00', '99.00', '98.00', '97.00', '85.00'];
    const { engine, id } = await begin();
    await driveCycle(h!, engine, id, prices.slice(1, 4));
    // No tick reached it: the last price it decided on is still its take-on's.
    const lastPrice = () => cycleRow(h!, id).then((row) => new Decimal((row.state as { lastPrice: string }).lastPrice).toFixed());
    expect(await lastPrice()).toBe('100');
    // A gap through the buy (filled at 95, its own price) and under the stop loss (90): the fill
    // brings it back, and it sells at the price of the moment, as the backtester does.
    await driveCycle(h!, engine, id, prices.slice(4));
    expect(await cycleTrades(h!, id)).toEqual((await cycleBacktest(h!, id, prices)).trades);
    expect((await cycleTrades(h!, id)).map((t) => [t.side, t.price])).toEqual([
      ['buy', '95'],
      ['sell', '85'],
    ]);
    expect(await cycleRow(h!, id)).toMatchObject({ status: 'Stopped', stopReason: 'stoploss' });
    expect(await lastPrice()).toBe('85');
  });

  it('finds the fills made while no engine ran and places the next order once, trading as the backtester on the whole path', async () => {
    const prices = [
      '100.00',
      '97.00',
      '94.00',
      '99.00',
      '103.00',
      '106.00',
      '101.00',
      '104.00',
      '107.00',
      '108.00',
      '96.00',
      '94.50',
      '97.00',
      '105.50',
    ];
    const { engine: first, id } = await begin(TWO_ROUNDS, prices[0], true);
    await driveCycle(h!, first, id, prices.slice(1, 2));
    // Killed with the buy resting: it fills at 95 while no engine runs, the price goes on under the sell.
    first.kill();
    for (const price of prices.slice(2, 5)) h!.setPrice(SYMBOL, price);
    expect(openOnExchange(h!)).toEqual([]);
    const second = startCycleEngine(h!);
    await quietCycle(h!, second, id);
    expect((await cycleOrderRows(h!, id)).map((o) => [o.side, o.status])).toEqual([
      ['buy', 'filled'],
      ['sell', 'open'],
    ]);
    await driveCycle(h!, second, id, prices.slice(5, 8));
    // Killed with the sell resting: it fills at 105 while no engine runs; the next buy is the successor's.
    second.kill();
    for (const price of prices.slice(8, 10)) h!.setPrice(SYMBOL, price);
    const third = startCycleEngine(h!);
    await quietCycle(h!, third, id);
    await driveCycle(h!, third, id, prices.slice(10));
    expect(await cycleTrades(h!, id)).toEqual((await cycleBacktest(h!, id, prices)).trades);
    expect((await cycleTrades(h!, id)).filter((t) => t.side === 'buy')).toHaveLength(2);
    expect(await cycleRow(h!, id)).toMatchObject({ status: 'Completed', cyclesCompleted: 2 });
    expect(h!.exchangeOrders()).toBe(4);
  });

  it('sells at market and stops at the stop loss while holding, as the backtester, and tells the member', async () => {
    const prices = ['100.00', '94.00', '92.00', '89.50', '88.00', '95.00'];
    const { engine, id } = await begin();
    await driveCycle(h!, engine, id, prices.slice(1));
    const trades = await cycleTrades(h!, id);
    expect(trades).toEqual((await cycleBacktest(h!, id, prices)).trades);
    expect(trades.map((t) => [t.side, t.price])).toEqual([
      ['buy', '95'],
      ['sell', '89.5'],
    ]);
    const orders = await cycleOrderRows(h!, id);
    // The resting sell was cancelled first, then all was sold at market.
    expect(orders.map((o) => [o.side, o.orderType, o.status])).toEqual([
      ['buy', 'limit', 'filled'],
      ['sell', 'limit', 'failed'],
      ['sell', 'market', 'filled'],
    ]);
    expect(await cycleRow(h!, id)).toMatchObject({
      status: 'Stopped',
      stopReason: 'stoploss',
      cyclesCompleted: 0,
      lastBoughtPrice: null,
      heldQty: '0.000000000000000000',
    });
    expect(openOnExchange(h!)).toEqual([]);
    expect(h!.exchangeHolding('SOL')).toBe('0');
    expect((await events('cycle.stopped')).map((e) => e.payload)).toMatchObject([
      { kind: 'cycle.stopped', cycleID: id, name: SYMBOL, reason: 'stoploss' },
    ]);
  });

  it('writes its figure columns with every state write: the half step once bought, the rounds completed', async () => {
    const { engine, id } = await begin();
    await driveCycle(h!, engine, id, ['94.00']);
    expect(await cycleRow(h!, id)).toMatchObject({
      cyclesCompleted: 0,
      lastBoughtPrice: '95.000000000000000000',
      gridNo: 1,
      trades: 1,
    });
    await driveCycle(h!, engine, id, ['106.00']);
    expect(await cycleRow(h!, id)).toMatchObject({
      cyclesCompleted: 1,
      lastBoughtPrice: null,
      gridNo: 0,
      trades: 2,
      status: 'Live',
    });
  });

  it('the periodic reconcile leaves a resting order alone: no lookups, still open, nothing sent again', async () => {
    h = harnesses.shared();
    const { engine, id } = await startedCycle(h, TWO_ROUNDS, '100.00', { reconcileEveryMs: 30 });
    // The member's stream came up (it looks resting orders up once, as it must): the passes are counted from here.
    await until(() => h!.exchange.spotStreams.stats().up > 0);
    await engine.idle();
    let passes = 0;
    const unsettled = engine.store.runnablesWithUnsettledOrders.bind(engine.store);
    engine.store.runnablesWithUnsettledOrders = () => {
      passes += 1;
      return unsettled();
    };
    const gateway = engine.runner(id)!.gateway;
    let lookups = 0;
    const fetchOrder = gateway.fetchOrder.bind(gateway);
    gateway.fetchOrder = (...args) => {
      lookups += 1;
      return fetchOrder(...args);
    };
    await until(() => passes >= 5);
    await engine.idle();
    expect(lookups).toBe(0);
    expect((await cycleOrderRows(h, id)).map((o) => [o.side, o.status])).toEqual([['buy', 'open']]);
    expect(openOnExchange(h)).toHaveLength(1);
    // It is still booked from the stream when it fills.
    await driveCycle(h!, engine, id, ['94.00']);
    expect((await cycleOrderRows(h, id)).map((o) => [o.side, o.status])).toEqual([
      ['buy', 'filled'],
      ['sell', 'open'],
    ]);
  });

  it('a bot and a cycle on one pair, each in its own engine, share the price gauge: it reports the last price both acted on', async () => {
    const prices = ['100.00', '97.00', '94.00', '99.00', '106.00'];
    h = harnesses.shared();
    h.setPrice(SYMBOL, prices[0]!);
    const metrics = new EngineMetrics();
    const bots = h.startEngine({ metrics });
    const cyclesEngine = startCycleEngine(h, { metrics });
    const botId = await h.startBot();
    const id = await insertCycle(h, TWO_ROUNDS);
    await Promise.all([bots.claim(), cyclesEngine.claim()]);
    await metrics.waitFor(SYMBOL, prices[0]!);
    for (const price of prices.slice(1)) {
      h.setPrice(SYMBOL, price);
      await metrics.waitFor(SYMBOL, price);
      // Both engines acted on it: each one's own watermark is the gauge's.
      expect(
        [bots.metrics.settledPrice(SYMBOL), cyclesEngine.metrics.settledPrice(SYMBOL)].map((p) => new Decimal(p!).toFixed(2)),
      ).toEqual([price, price]);
      await quietCycle(h, cyclesEngine, id);
    }
    expect((await h.trades(botId)).length).toBeGreaterThan(0);
    expect((await cycleTrades(h, id)).map((t) => t.side)).toEqual(['buy', 'sell']);
    // Each engine publishes what it holds on its own heartbeat: wait for both.
    await until(async () => {
      const published = await metrics.registry.metrics();
      return (
        published.includes('griddesk_engine_runnables{kind="cycles",status="Live"} 1') &&
        published.includes('griddesk_engine_runnables{kind="bots",status="Live"} 1')
      );
    });
    const text = await metrics.registry.metrics();
    expect(text).toContain('griddesk_engine_runnables{kind="bots",status="Live"} 1');
    expect(text).toContain(`griddesk_engine_price{symbol="${SYMBOL}"} 106`);
    // The member's user-data stream is one subscription the two engines share (the exchange allows one per connection).
    expect(h.exchange.spotStreams.stats()).toMatchObject({ subscriptions: 1, up: 1 });
  });

  it('a futures cycle rests its limits on USD-M at its leverage, books their fills as the position moves, and trades as the backtester', async () => {
    const prices = ['100.00', '97.00', '94.00', '99.00', '106.00', '101.00'];
    const { engine, id } = await begin({ ...TWO_ROUNDS, count: 1, category: 'Future', leverage: 2 }, prices[0]);
    // Each price waited on on the pair's USD-M feed, the one a futures cycle acts on (driveCycle).
    await driveCycle(h!, engine, id, prices.slice(1));
    const trades = await cycleTrades(h!, id);
    expect(trades).toEqual((await cycleBacktest(h!, id, prices)).trades);
    // Twice the amount's notional at leverage 2: floor(2000 / 95, step).
    expect(trades.map((t) => [t.side, t.price, t.qty])).toEqual([
      ['buy', '95', '21.052'],
      ['sell', '105', '21.052'],
    ]);
    expect(await cycleRow(h!, id)).toMatchObject({ status: 'Completed', cyclesCompleted: 1, stopReason: null });
    expect(h!.futures(SYMBOL).position).toBeNull();
  });
});
