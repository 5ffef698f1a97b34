/**
 * Faults against the simulator: a 5xx after the exchange accepted an order, the order-not-found
 * lag, streams dropping, and the engine killed between intent and send, between send and fill,
 * between fill and persist. Each run must end with the backtester's trades, one exchange order
 * per trade, and the bot holding exactly what the exchange says.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { Decimal } from '../../common/money';
import { botOrders } from '../db/schema';
import { databaseTargets, oneDatabaseTarget } from '../testing/databases';
import type { Engine } from './engine';
import type { OrderState } from '../exchange/core/gateway';
import { storedKey } from '../modules/keys/keys';
import type { CrashPoint } from './faults';
import { OrderEvents } from './order-events';
import { EngineHarness, seededPath, TRAILING_BUYS_THEN_TAKE_PROFITS, until } from './testing/harness';

// The faults and crash points are the same statements on either database (the rule in
// server/testing/databases.ts); the race of two engines for a lease stays on both.
const oneTarget = await oneDatabaseTarget();
const targets = await databaseTargets();
const SYMBOL = 'SOLUSDT';
// Grid 1 at the start, both trailing buys, take profits, then the cycle again; then a seeded walk.
const PRICES = [...TRAILING_BUYS_THEN_TAKE_PROFITS, ...seededPath(5, 30, 14_810, 300)];

describe.each(oneTarget)('engine faults on $name', (target) => {
  let h: EngineHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  async function begin(options: Parameters<EngineHarness['startEngine']>[0] = {}): Promise<{ engine: Engine; botId: string }> {
    const started = await EngineHarness.withBot(target, SYMBOL, PRICES[0]!, { engine: options });
    h = started.h;
    return started;
  }

  /** Moves the price until an order is sent into the fault (accepted, answered 5xx, its fate unknown); returns the next price's index. */
  async function driveUntilUnknown(engine: Engine): Promise<number> {
    const unknownSends = async () =>
      Number((await engine.metrics.orders.get()).values.find((v) => v.labels.outcome === 'unknown')?.value ?? 0);
    let next = 1;
    while ((await unknownSends()) === 0) {
      h!.setPrice(SYMBOL, PRICES[next]!);
      await engine.metrics.waitFor(SYMBOL, PRICES[next]!);
      next++;
    }
    return next;
  }

  const unknownOrdersOf = (botId: string) =>
    h!.db
      .select()
      .from(botOrders)
      .where(and(eq(botOrders.runnableId, botId), eq(botOrders.status, 'unknown')));

  async function expectBacktesterOutcome(botId: string): Promise<void> {
    const trades = await h!.trades(botId);
    expect(trades).toEqual(await h!.backtest(botId, PRICES));
    expect(h!.exchangeOrders()).toBe(trades.length);
    expect(h!.exchangeHolding('SOL')).toBe(new Decimal((await h!.bot(botId)).heldQty).toFixed());
  }

  it('books an order the exchange accepted before answering 5xx, once', async () => {
    const { engine, botId } = await begin();
    await h!.drive(engine, SYMBOL, PRICES.slice(1, 4));
    h!.exchange.simulator.control.setFaults({ failAfterAccept: 1 });
    expect(h!.exchange.simulator.core.faults.failAfterAcceptCount).toBe(1);
    await h!.drive(engine, SYMBOL, PRICES.slice(4));
    await engine.idle();
    // The fault fired: the simulator spent it on an order it accepted and answered with a 5xx
    // (which the gateway resolved by looking the order up: the engine saw a normal answer).
    expect(h!.exchange.simulator.core.faults.failAfterAcceptCount).toBe(0);
    await expectBacktesterOutcome(botId);
  });

  it('books an order already waiting for a lookup when the stream reports it later', async () => {
    const { engine, botId } = await begin({ unknownRetryMs: 3_600_000 });
    // The engine's own subscription is down while the order goes out; the stream's reports of it
    // are held back here and handed to the bot only once its order waits for the next lookup.
    h!.exchange.spotStreams.remove(`engine:${h!.member.userId}`);
    const held: OrderState[] = [];
    const late = new OrderEvents(
      h!.exchange.spotStreams,
      () => true,
      (state) => held.push(state),
    );
    late.watch(`late-${h!.member.userId}`, {
      apiKey: h!.apiKey,
      secretKey: (await storedKey(h!.deps, h!.member.userId))!.secretKey,
    });
    await until(() => h!.exchange.spotStreams.stats().up > 0, 10_000);
    h!.exchange.simulator.control.setFaults({ failAfterAccept: 1, orderNotFoundMs: 60_000 });
    const next = await driveUntilUnknown(engine);
    const waiting = await unknownOrdersOf(botId);
    expect(waiting).toHaveLength(1);
    await until(() => held.some((s) => s.clientOrderId === waiting[0]!.clientOrderId), 10_000);
    for (const state of held) engine.runner(botId)!.executionReported(state);
    await until(async () => (await unknownOrdersOf(botId)).length === 0, 10_000);
    late.close();
    await engine.idle();
    h!.exchange.simulator.control.clearFaults();
    await h!.drive(engine, SYMBOL, PRICES.slice(next));
    await engine.idle();
    await expectBacktesterOutcome(botId);
  });

  it('waits out the order-not-found lag after an unknown outcome instead of sending again', async () => {
    const { engine, botId } = await begin();
    // The member's user-data stream is down (it would report the fill): only lookups can settle the order.
    h!.exchange.spotStreams.remove(`engine:${h!.member.userId}`);
    await h!.drive(engine, SYMBOL, PRICES.slice(1, 4));
    // The grid-2 buy at 143.40 is accepted, answered with a 5xx and hidden from lookups for 1.2 s.
    h!.exchange.simulator.control.setFaults({ failAfterAccept: 1, orderNotFoundMs: 1_200 });
    h!.setPrice(SYMBOL, PRICES[4]!);
    await engine.metrics.waitFor(SYMBOL, PRICES[4]!);
    const [order] = (await h!.trades(botId)).slice(-1);
    expect(order?.price).not.toBe('143.4'); // not booked yet: its fate is unknown
    await until(async () => (await h!.trades(botId)).length === 2);
    h!.exchange.simulator.control.clearFaults();
    await h!.drive(engine, SYMBOL, PRICES.slice(5));
    await engine.idle();
    await expectBacktesterOutcome(botId);
  });

  it('books an unanswered order from the user-data stream while lookups cannot see it yet', async () => {
    // Lookups blind for a minute and an hour apart: only the stream's executionReports can settle the order.
    const { engine, botId } = await begin({ unknownRetryMs: 3_600_000 });
    await until(() => h!.exchange.spotStreams.stats().up > 0, 10_000);
    h!.exchange.simulator.control.setFaults({ failAfterAccept: 1, orderNotFoundMs: 60_000 });
    const next = await driveUntilUnknown(engine);
    await until(async () => (await unknownOrdersOf(botId)).length === 0, 10_000);
    await engine.idle();
    h!.exchange.simulator.control.clearFaults();
    await h!.drive(engine, SYMBOL, PRICES.slice(next));
    await engine.idle();
    await expectBacktesterOutcome(botId);
  });

  it('keeps trading through dropped price and account streams', async () => {
    const { engine, botId } = await begin();
    const md = h!.exchange.marketData;
    const accounts = h!.exchange.spotStreams;
    /** Drops every stream once both are up, and checks that both saw the drop. */
    const dropStreams = async () => {
      // The price stream counts as up once a batch came: another pair's moves bring one without
      // moving the bot's price.
      let flip = false;
      await until(() => {
        if (md.feedStats().streamUp && accounts.stats().up > 0) return true;
        flip = !flip;
        h!.setPrice('ETHUSDT', flip ? '3000.00' : '3001.00');
        return false;
      }, 10_000);
      const [failures, drops] = [md.feedStats().streamFailures, accounts.stats().drops];
      h!.exchange.simulator.control.setFaults({ dropStreams: true });
      await until(() => md.feedStats().streamFailures > failures && accounts.stats().drops > drops, 10_000);
    };
    await h!.drive(engine, SYMBOL, PRICES.slice(1, 8));
    await dropStreams();
    await h!.drive(engine, SYMBOL, PRICES.slice(8, 20));
    await dropStreams();
    await h!.drive(engine, SYMBOL, PRICES.slice(20));
    await engine.idle();
    await expectBacktesterOutcome(botId);
  });

  it.each([
    ['afterIntent', 2],
    ['afterSend', 2],
    ['afterFill', 2],
    ['afterIntent', 4],
    ['afterSend', 5],
    ['afterFill', 6],
  ] as [CrashPoint, number][])('a kill -9 %s of order %i loses no fill and sends no order twice', async (point, nth) => {
    const { engine: first, botId } = await begin();
    let orders = 0;
    const { victim, killed } = h!.startVictim((at) => at === point && ++orders >= nth);
    // Hand the bot to the victim: the first engine stops gracefully, releasing its lease.
    await first.stop();
    await until(() => victim.size === 1);
    if (point === 'afterIntent' && nth <= 1) throw new Error('the start order is placed before the victim holds the bot');
    const engine = await h!.driveThroughKill(victim, SYMBOL, SYMBOL, PRICES.slice(1), killed);
    expect(killed()).toBe(true);
    await engine.idle();
    await expectBacktesterOutcome(botId);
  });

  it('a kill -9 after quiet ticks resumes each trailing tracker where it was', async () => {
    // Ticks without an order still arm take profits and trail highs and lows, and must be
    // durable: here 148.00 arms grid 1's take profit (high 148, exit at 147.26) and 147.50 is
    // quiet. A successor that resumed the trackers from before 148.00 would arm again at 147.50
    // (exit at 146.7625) and not sell at 147.00 as the backtester does. The same for the buy
    // tracker's trailing low further down.
    const path = [
      '145.00',
      '148.00',
      '147.50',
      '147.00',
      '144.00',
      '141.00',
      '140.00',
      '140.50',
      '141.50',
      '143.00',
      '145.50',
      '147.00',
      '146.90',
      '146.00',
    ];
    const killAfter = new Set(['147.50', '140.50', '146.90']);
    h = await EngineHarness.create(target);
    h.setPrice(SYMBOL, path[0]!);
    let engine = h.startEngine({ leaseMs: 400 }, 'engine-0');
    const botId = await h.startBot();
    await engine.claim();
    await engine.metrics.waitFor(SYMBOL, path[0]!);
    for (const price of path.slice(1)) {
      h.setPrice(SYMBOL, price);
      await engine.metrics.waitFor(SYMBOL, price, 30_000);
      if (!killAfter.has(price)) continue;
      engine.kill();
      // The successor takes the bot over once the lease ran out and settles the same price again.
      engine = h.startEngine({ leaseMs: 400 }, `engine-after-${price}`);
      await engine.metrics.waitFor(SYMBOL, price, 30_000);
    }
    await engine.idle();
    const trades = await h.trades(botId);
    expect(trades).toEqual(await h.backtest(botId, path));
    expect(trades.map((t) => `${t.side} ${t.grid} ${t.price}`)).toEqual([
      'buy 1 145',
      'sell 1 147',
      'buy 1 144',
      'buy 2 141.5',
      'sell 1 146',
      'sell 2 146',
    ]);
    expect(h.exchangeOrders()).toBe(trades.length);
  });
});

describe.each(targets)('engines racing for a lease on $name', (target) => {
  let h: EngineHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('two engines racing never both run one bot', async () => {
    h = await EngineHarness.create(target);
    h.setPrice(SYMBOL, PRICES[0]!);
    const botIds = [await h.startBot(), await h.startBot(), await h.startBot()];
    const [a, b] = [h.startEngine({}, 'racer-a'), h.startEngine({}, 'racer-b')];
    await Promise.all([a.claim(), b.claim()]);
    await until(() => a.size + b.size === botIds.length);
    for (const id of botIds) expect(Boolean(a.runner(id)) !== Boolean(b.runner(id))).toBe(true);
    for (const price of PRICES.slice(1, 12)) {
      h.setPrice(SYMBOL, price);
      await Promise.all([a, b].filter((e) => e.size > 0).map((e) => e.metrics.waitFor(SYMBOL, price)));
    }
    await Promise.all([a.idle(), b.idle()]);
    for (const id of botIds) expect(await h.trades(id)).toEqual(await h.backtest(id, PRICES.slice(0, 12)));
    const total = (await Promise.all(botIds.map((id) => h!.trades(id)))).flat().length;
    expect(h.exchangeOrders()).toBe(total);
  });
});
