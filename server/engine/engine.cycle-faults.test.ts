/**
 * Cycles through faults, against the simulator: a kill -9 at each step of a round (the intent
 * recorded, the order sent, the fill seen but not booked) never loses a fill nor sends an order
 * twice (one buy per round, the trades the backtester's); a limit the exchange accepted but
 * answered with a 5xx is found resting and booked once; a resting order that fills while the
 * member's stream is down is looked up once it is up again. A partial fill of a resting limit
 * (the simulator's fillPartially) leaves it resting, nothing booked; ended by a cancel (an edit,
 * Stop, Stop & Sell) what filled is booked and the cycle holds (or sells) that; filled whole
 * after it, one buy of the whole is booked, as the backtester's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Decimal } from '../../common/money';
import { oneDatabaseTarget } from '../testing/databases';
import type { Engine } from './engine';
import type { CrashPoint } from './faults';
import { positionsOf } from './position-events';
import { EngineHarness, heardEvents, until } from './testing/harness';
import {
  commandCycle,
  cycleBacktest,
  cycleOrderRows,
  cycleRow,
  cycleTrades,
  driveCycle,
  insertCycle,
  openOnExchange,
  quietCycle,
  startCycleEngine,
  TWO_ROUNDS,
  type CycleSettings,
} from './testing/cycles';
import { cycleFills, cycles } from '../db/schema';
import { eq } from 'drizzle-orm';

// Crash points, 5xx answers, dropped streams and partial fills: the same statements on either
// database (the rule in server/testing/databases.ts), so one of them.
const targets = await oneDatabaseTarget();
const SYMBOL = 'SOLUSDT';
/** Two whole rounds: buy 1 rests at the start, fills at 94; sell 1 fills at 106; buy 2 at 94; sell 2 at 106. */
const PATH = ['100.00', '97.00', '94.00', '99.00', '106.00', '101.00', '94.00', '98.00', '106.00', '103.00'];

describe.each(targets)('cycle faults on $name', (target) => {
  let h: EngineHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  async function create(settings: Partial<CycleSettings> = {}): Promise<string> {
    h = await EngineHarness.create(target);
    h.setPrice(SYMBOL, PATH[0]!);
    return insertCycle(h, { ...TWO_ROUNDS, ...settings });
  }

  /** The trades are the backtester's on the whole path, one buy per round, nothing left resting. */
  async function expectBacktesterOutcome(id: string): Promise<void> {
    const trades = await cycleTrades(h!, id);
    expect(trades).toEqual((await cycleBacktest(h!, id, PATH)).trades);
    expect(trades.map((t) => [t.side, t.grid])).toEqual([
      ['buy', 1],
      ['sell', 1],
      ['buy', 2],
      ['sell', 2],
    ]);
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
  ] as [CrashPoint, number][])(
    'a kill -9 %s of order %i loses no fill and sends no order twice',
    { timeout: 45_000 },
    async (point, nth) => {
      const id = await create();
      let seen = 0;
      let killed = false;
      const victim: Engine = startCycleEngine(
        h!,
        {
          faults: {
            crashAt: (at) => {
              if (killed || at !== point || ++seen < nth) return false;
              killed = true;
              victim.kill();
              return true;
            },
          },
        },
        'victim',
      );
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
    },
  );

  it('books a resting limit the exchange accepted before answering 5xx, once', async () => {
    const id = await create();
    h!.exchange.simulator.control.setFaults({ failAfterAccept: 1 });
    const engine = startCycleEngine(h!);
    await engine.claim();
    await quietCycle(h!, engine, id);
    expect(h!.exchange.simulator.core.faults.failAfterAcceptCount).toBe(0);
    expect((await cycleOrderRows(h!, id)).map((o) => [o.side, o.status])).toEqual([['buy', 'open']]);
    expect(openOnExchange(h!)).toHaveLength(1);
    await driveCycle(h!, engine, id, PATH.slice(1));
    await expectBacktesterOutcome(id);
  });

  it("a resting order that fills while the member's stream is down is looked up once it is up again", async () => {
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
    expect((await cycleOrderRows(h!, id)).map((o) => [o.side, o.status])).toEqual([
      ['buy', 'filled'],
      ['sell', 'open'],
    ]);
    expect(await cycleRow(h!, id)).toMatchObject({ trades: 1, status: 'Live' });
  });

  /** A money column or an exchange figure as a plain decimal ('4.000000000000000000' -> '4'). */
  const plain = (v: string | null) => (v === null ? null : new Decimal(v).toFixed());
  const fillsOf = (orderId: string) => h!.db.select().from(cycleFills).where(eq(cycleFills.orderId, orderId));

  /**
   * The exchange fills `qty` of the cycle's resting order (a maker trade at its limit), and the
   * engine hears it (spot: x TRADE, X PARTIALLY_FILLED; USD-M: the position it opened): nothing
   * is booked, the order rests on.
   */
  async function fillPart(engine: Engine, id: string, qty: string): Promise<void> {
    const before = await cycleRow(h!, id);
    const orders = await cycleOrderRows(h!, id);
    const resting = orders.find((o) => o.status === 'open')!;
    const futures = before.category === 'Future';
    const heard = heardEvents(h!, futures ? 'futures' : 'spot');
    h!.exchange.simulator.control.fillPartially(h!.apiKey, resting.clientOrderId, qty);
    // USD-M order reports are not read: the position the part opened is what a futures runnable hears.
    await until(() =>
      heard.events.some((e) =>
        futures
          ? positionsOf(e).get(SYMBOL) === new Decimal(before.heldQty).plus(qty).toFixed()
          : e.c === resting.clientOrderId && e.X === 'PARTIALLY_FILLED',
      ),
    );
    heard.close();
    await quietCycle(h!, engine, id);
    expect((await cycleOrderRows(h!, id)).map((o) => [o.clientOrderId, o.status])).toEqual(
      orders.map((o) => [o.clientOrderId, o.status]),
    );
    expect(await fillsOf(resting.id)).toEqual([]);
    expect(await cycleRow(h!, id)).toMatchObject({
      heldQty: before.heldQty,
      trades: before.trades,
      realizedPnl: before.realizedPnl,
    });
    expect(openOnExchange(h!)).toEqual([
      expect.objectContaining({ clientOrderId: resting.clientOrderId, status: 'PARTIALLY_FILLED', executedQty: qty }),
    ]);
  }

  /** A cycle whose buy (10.526 at 95, spot) rests, run by a fresh engine. */
  async function resting(settings: Partial<CycleSettings> = {}): Promise<{ id: string; engine: Engine }> {
    const id = await create(settings);
    const engine = startCycleEngine(h!);
    await engine.claim();
    await quietCycle(h!, engine, id);
    expect(openOnExchange(h!)).toEqual([expect.objectContaining({ side: 'BUY', price: '95' })]);
    return { id, engine };
  }

  it("a partial fill of a resting buy, ended by an edit's cancel, is booked as what filled, and the sell rests for that at the sell price", async () => {
    const { id, engine } = await resting();
    await fillPart(engine, id, '4');
    await h!.db.update(cycles).set({ buyPrice: '96' }).where(eq(cycles.id, id));
    expect(await commandCycle(h!, id, 'settings')).toBe('ok');
    await quietCycle(h!, engine, id);
    const [buy, sell, ...none] = await cycleOrderRows(h!, id);
    expect(none).toEqual([]);
    expect([buy!.side, buy!.status, plain(buy!.filledQty), plain(buy!.fillPrice), plain(buy!.fee)]).toEqual([
      'buy',
      'filled',
      '4',
      '95',
      '0.38',
    ]);
    expect(await fillsOf(buy!.id)).toHaveLength(1);
    // It holds what filled, so the sell (at the sell price) is for that; the buy is not placed again.
    expect([sell!.side, sell!.orderType, sell!.status, plain(sell!.quantity), plain(sell!.decisionPrice)]).toEqual([
      'sell',
      'limit',
      'open',
      '4',
      '105',
    ]);
    const row = await cycleRow(h!, id);
    expect([row.status, row.trades, plain(row.heldQty), plain(row.heldCost)]).toEqual(['Live', 1, '4', '380.38']);
    expect(openOnExchange(h!)).toEqual([
      expect.objectContaining({ clientOrderId: sell!.clientOrderId, side: 'SELL', price: '105', origQty: '4', status: 'NEW' }),
    ]);
    // The exchange agrees: it holds the cycle's quantity, bought for the cycle's cost.
    expect(h!.exchangeHolding('SOL')).toBe(plain(row.heldQty));
    expect(new Decimal(100_000).minus(h!.exchangeHolding('USDT')).toFixed()).toBe(plain(row.heldCost));
  });

  it("a partial fill under the exchange minimum, ended by an edit's cancel, is kept and ends the cycle: no sell the exchange would refuse", async () => {
    const { id, engine } = await resting();
    await fillPart(engine, id, '0.01'); // 0.95 USDT: under the 5 USDT minimum order
    await h!.db.update(cycles).set({ buyPrice: '96' }).where(eq(cycles.id, id));
    expect(await commandCycle(h!, id, 'settings')).toBe('ok');
    await quietCycle(h!, engine, id);
    expect((await cycleOrderRows(h!, id)).map((o) => [o.side, o.status, plain(o.filledQty)])).toEqual([
      ['buy', 'filled', '0.01'],
    ]);
    const row = await cycleRow(h!, id);
    expect([row.status, row.stopReason, plain(row.heldQty)]).toEqual(['Stopped', 'heldBelowMinimum', '0.01']);
    expect(openOnExchange(h!)).toEqual([]);
    expect(h!.exchangeHolding('SOL')).toBe('0.01');
  });

  it('a partial fill of a resting buy, then the price crossing it, is booked as one buy of the whole at the volume-weighted price with the summed fees', async () => {
    const { id, engine } = await resting();
    await fillPart(engine, id, '4');
    await driveCycle(h!, engine, id, ['94.00']);
    const [buy, sell] = await cycleOrderRows(h!, id);
    // Two exchange trades (4 and 6.526 at 95), one booked fill: the backtester's whole fill.
    expect((await fillsOf(buy!.id)).map((f) => [plain(f.quantity), plain(f.price), plain(f.fee)])).toEqual([
      ['4', '95', '0.38'],
      ['6.526', '95', '0.61997'],
    ]);
    expect(await cycleTrades(h!, id)).toEqual((await cycleBacktest(h!, id, PATH.slice(0, 3))).trades);
    expect([plain(buy!.filledQty), plain(buy!.fillPrice), plain(buy!.fee)]).toEqual(['10.526', '95', '0.99997']);
    expect([sell!.side, sell!.status, plain(sell!.quantity), plain(sell!.decisionPrice)]).toEqual([
      'sell',
      'open',
      '10.526',
      '105',
    ]);
    expect(plain((await cycleRow(h!, id)).heldQty)).toBe('10.526');
    expect(h!.exchangeHolding('SOL')).toBe('10.526');

    // The round goes on as ever: the sell of the whole fills at 105.
    await driveCycle(h!, engine, id, PATH.slice(3, 6));
    expect(await cycleTrades(h!, id)).toEqual((await cycleBacktest(h!, id, PATH.slice(0, 6))).trades);
    expect(await cycleRow(h!, id)).toMatchObject({ cyclesCompleted: 1, heldQty: '0.000000000000000000' });
  });

  it('a partial fill of a resting buy, then Stop & Sell: what filled is booked and sold at market, nothing is left resting', async () => {
    const { id, engine } = await resting();
    await fillPart(engine, id, '4');
    expect(await commandCycle(h!, id, 'stopAndSell')).toBe('ok');
    await quietCycle(h!, engine, id);
    const orders = await cycleOrderRows(h!, id);
    expect(orders.map((o) => [o.side, o.orderType, o.status, plain(o.filledQty), plain(o.fillPrice)])).toEqual([
      ['buy', 'limit', 'filled', '4', '95'],
      ['sell', 'market', 'filled', '4', '100'],
    ]);
    const row = await cycleRow(h!, id);
    // 4 x 100 - 0.4 fee - 380.38 paid
    expect([row.status, row.stopReason, row.trades, plain(row.heldQty), plain(row.realizedPnl)]).toEqual([
      'Stopped',
      'stopAndSell',
      2,
      '0',
      '19.22',
    ]);
    expect(openOnExchange(h!)).toEqual([]);
    expect(h!.exchangeHolding('SOL')).toBe('0');
    expect(new Decimal(h!.exchangeHolding('USDT')).minus(100_000).toFixed()).toBe('19.22');
  });

  it('a partial fill of a resting buy, then Stop: what filled is booked and held, nothing is left resting', async () => {
    const { id, engine } = await resting();
    await fillPart(engine, id, '4');
    expect(await commandCycle(h!, id, 'stop')).toBe('ok');
    await quietCycle(h!, engine, id);
    const orders = await cycleOrderRows(h!, id);
    expect(orders.map((o) => [o.side, o.status, plain(o.filledQty)])).toEqual([['buy', 'filled', '4']]);
    const row = await cycleRow(h!, id);
    expect([row.status, row.stopReason, plain(row.heldQty)]).toEqual(['Stopped', 'manual', '4']);
    expect(openOnExchange(h!)).toEqual([]);
    expect(h!.exchangeHolding('SOL')).toBe('4');
  });

  it("a partial fill of a resting sell, ended by an edit's cancel, books that sell and rests the rest at the new sell price", async () => {
    const { id, engine } = await resting();
    await driveCycle(h!, engine, id, PATH.slice(1, 4));
    await fillPart(engine, id, '4');
    await h!.db.update(cycles).set({ sellPrice: '104' }).where(eq(cycles.id, id));
    expect(await commandCycle(h!, id, 'settings')).toBe('ok');
    await quietCycle(h!, engine, id);
    const [, sold, rest] = await cycleOrderRows(h!, id);
    expect([sold!.side, sold!.status, plain(sold!.filledQty), plain(sold!.fillPrice)]).toEqual(['sell', 'filled', '4', '105']);
    expect([rest!.side, rest!.status, plain(rest!.quantity), plain(rest!.decisionPrice)]).toEqual([
      'sell',
      'open',
      '6.526',
      '104',
    ]);
    expect(await cycleRow(h!, id)).toMatchObject({ cyclesCompleted: 0, heldQty: '6.526000000000000000' });
    expect(h!.exchangeHolding('SOL')).toBe('6.526');

    // The rest sells at 104: the round is done, and what it made is what the exchange paid out.
    await driveCycle(h!, engine, id, ['104.00']);
    const row = await cycleRow(h!, id);
    expect([row.cyclesCompleted, plain(row.heldQty)]).toEqual([1, '0']);
    expect(h!.exchangeHolding('SOL')).toBe('0');
    expect(new Decimal(h!.exchangeHolding('USDT')).minus(100_000).toFixed()).toBe(plain(row.realizedPnl));
  });

  it("a partial fill of a futures cycle's resting buy, ended by an edit's cancel, is booked as what filled: the position agrees, the sell is for that", async () => {
    const { id, engine } = await resting({ category: 'Future', leverage: 2 });
    await fillPart(engine, id, '8');
    await h!.db.update(cycles).set({ buyPrice: '96' }).where(eq(cycles.id, id));
    expect(await commandCycle(h!, id, 'settings')).toBe('ok');
    await quietCycle(h!, engine, id);
    const [buy, sell] = await cycleOrderRows(h!, id);
    expect([buy!.status, plain(buy!.filledQty), plain(buy!.fillPrice)]).toEqual(['filled', '8', '95']);
    expect([sell!.side, sell!.status, plain(sell!.quantity), plain(sell!.decisionPrice)]).toEqual(['sell', 'open', '8', '105']);
    // Not stopped for a position changed outside it: the exchange's is the cycle's.
    const row = await cycleRow(h!, id);
    expect([row.status, plain(row.heldQty)]).toEqual(['Live', '8']);
    expect(h!.futures(SYMBOL).position).toMatchObject({ amount: '8', entryPrice: '95' });

    // Settled on the pair's USD-M feed, the one a futures cycle acts on (driveCycle).
    await driveCycle(h!, engine, id, ['106.00']);
    expect(await cycleRow(h!, id)).toMatchObject({ cyclesCompleted: 1, heldQty: '0.000000000000000000', status: 'Live' });
    expect(h!.futures(SYMBOL).position).toBeNull();
  });
});
