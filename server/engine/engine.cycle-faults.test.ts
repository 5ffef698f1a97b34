/**
 * Cycles through faults, against the simulator: a kill -9 at each step of a round (the intent
 * recorded, the order sent, the fill seen but not booked) never loses a fill nor sends an order
 * twice (one buy per round, the trades the backtester's); a limit the exchange accepted but
 * answered with a 5xx is found resting and booked once; a resting order that fills while the
 * member's stream is down is looked up once it is up again; a partial fill of a resting limit is
 * booked as what filled, and the next order is for that.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderState } from '../exchange/gateway';
import { databaseTargets } from '../testing/databases';
import type { Engine } from './engine';
import type { CrashPoint } from './faults';
import { EngineHarness, until } from './testing/harness';
import { commandCycle, cycleBacktest, cycleOrderRows, cycleRow, cycleTrades, insertCycle, openOnExchange, quietCycle, startCycleEngine, type CycleSettings } from './testing/cycles';
import { cycles } from '../db/schema';
import { eq } from 'drizzle-orm';

const targets = await databaseTargets();
const SYMBOL = 'SOLUSDT';
const ROUND: CycleSettings = { buyPrice: '95', sellPrice: '105', stopLoss: '90', count: 2 };
/** Two whole rounds: buy 1 rests at the start, fills at 94; sell 1 fills at 106; buy 2 at 94; sell 2 at 106. */
const PATH = ['100.00', '97.00', '94.00', '99.00', '106.00', '101.00', '94.00', '98.00', '106.00', '103.00'];

describe.each(targets)('cycle faults on $name', (target) => {
  let h: EngineHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  async function create(): Promise<string> {
    h = await EngineHarness.create(target);
    h.setPrice(SYMBOL, PATH[0]!);
    return insertCycle(h, ROUND);
  }

  async function drive(engine: Engine, id: string, prices: string[]): Promise<void> {
    for (const price of prices) {
      h!.setPrice(SYMBOL, price);
      await engine.metrics.waitFor(SYMBOL, price);
      await quietCycle(h!, engine, id);
    }
  }

  /** The trades are the backtester's on the whole path, one buy per round, nothing left resting. */
  async function expectBacktesterOutcome(id: string): Promise<void> {
    const trades = await cycleTrades(h!, id);
    expect(trades).toEqual((await cycleBacktest(h!, id, PATH)).trades);
    expect(trades.map((t) => [t.side, t.grid])).toEqual([['buy', 1], ['sell', 1], ['buy', 2], ['sell', 2]]);
    expect(h!.exchangeOrders()).toBe(4);
    expect(await cycleRow(h!, id)).toMatchObject({ status: 'Completed', cyclesCompleted: 2 });
    expect(openOnExchange(h!)).toEqual([]);
  }

  it.each([
    ['afterIntent', 1],
    ['afterSend', 1],
    ['afterFill', 1],
    ['afterIntent', 2],
    ['afterSend', 2],
    ['afterFill', 2],
    ['afterIntent', 3],
    ['afterFill', 4],
  ] as [CrashPoint, number][])('a kill -9 %s of order %i loses no fill and sends no order twice', { timeout: 90_000 }, async (point, nth) => {
    const id = await create();
    let seen = 0;
    let killed = false;
    const victim: Engine = startCycleEngine(h!, { faults: { crashAt: (at) => {
      if (killed || at !== point || ++seen < nth) return false;
      killed = true;
      victim.kill();
      return true;
    } } }, 'victim');
    let engine = victim;
    const successor = async () => {
      engine = startCycleEngine(h!, {}, 'successor');
      await quietCycle(h!, engine, id, 30_000);
    };
    await victim.claim();
    if (killed) await successor();
    else await quietCycle(h!, victim, id);
    for (const price of PATH.slice(1)) {
      h!.setPrice(SYMBOL, price);
      const acted = (async () => {
        await engine.metrics.waitFor(SYMBOL, price, 30_000);
        await quietCycle(h!, engine, id, 30_000);
      })();
      acted.catch(() => undefined); // a killed victim never acts: the race below decides
      await Promise.race([acted, until(() => killed && engine === victim, 30_000)]);
      if (killed && engine === victim) await successor();
    }
    expect(killed).toBe(true);
    await expectBacktesterOutcome(id);
  });

  it('books a resting limit the exchange accepted before answering 5xx, once', async () => {
    const id = await create();
    h!.exchange.simulator.control.setFaults({ failAfterAccept: 1 });
    const engine = startCycleEngine(h!);
    await engine.claim();
    await quietCycle(h!, engine, id);
    expect(h!.exchange.simulator.core.faults.failAfterAcceptCount).toBe(0);
    expect((await cycleOrderRows(h!, id)).map((o) => [o.side, o.status])).toEqual([['buy', 'open']]);
    expect(openOnExchange(h!)).toHaveLength(1);
    await drive(engine, id, PATH.slice(1));
    await expectBacktesterOutcome(id);
  });

  it('a resting order that fills while the member\'s stream is down is looked up once it is up again', async () => {
    const id = await create();
    const engine = startCycleEngine(h!);
    await engine.claim();
    await quietCycle(h!, engine, id);
    const streams = h!.exchange.spotStreams;
    await until(() => streams.stats().up > 0);
    const drops = streams.stats().drops;
    h!.exchange.simulator.control.setFaults({ dropStreams: true });
    // Filled on the exchange while the stream is down: its report is lost.
    h!.setPrice(SYMBOL, '94.00');
    await until(() => streams.stats().drops > drops);
    await quietCycle(h!, engine, id);
    expect((await cycleOrderRows(h!, id)).map((o) => [o.side, o.status])).toEqual([['buy', 'filled'], ['sell', 'open']]);
    expect(await cycleRow(h!, id)).toMatchObject({ trades: 1, status: 'Live' });
  });

  it('a partial fill of a resting limit, ended by an edit\'s cancel, is booked as what filled, and the sell is for that', async () => {
    const id = await create();
    const engine = startCycleEngine(h!);
    await engine.claim();
    await quietCycle(h!, engine, id);
    const gateway = engine.runner(id)!.gateway;
    const cancelOrder = gateway.cancelOrder.bind(gateway);
    // The exchange answers the cancel: 4 of the order's 10.526 filled before it reached it.
    gateway.cancelOrder = async (...args): Promise<OrderState> => {
      const state = await cancelOrder(...args);
      return { ...state, filled: '4', cost: '380', trades: [{ id: 'partial-1', orderId: state.id, symbol: SYMBOL, side: 'buy', price: '95', quantity: '4',
        fee: '0.38', feeAsset: 'USDT', time: Date.now() }] };
    };
    await h!.db.update(cycles).set({ buyPrice: '96' }).where(eq(cycles.id, id));
    expect(await commandCycle(h!, id, 'settings')).toBe('ok');
    await until(async () => (await cycleOrderRows(h!, id)).length === 2);
    await engine.idle();
    const [buy, sell] = await cycleOrderRows(h!, id);
    expect(buy).toMatchObject({ side: 'buy', status: 'filled', filledQty: '4.000000000000000000', fillPrice: '95.000000000000000000' });
    // It holds what filled, so the sell (at the sell price) is for that; the buy is not placed again.
    expect(sell).toMatchObject({ side: 'sell', orderType: 'limit', quantity: '4.000000000000000000', decisionPrice: '105.000000000000000000' });
    expect((await cycleRow(h!, id)).heldQty).toBe('4.000000000000000000');
  });
});
