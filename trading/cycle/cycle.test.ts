import { describe, expect, it } from 'vitest';
import { D } from '../core/exact';
import { marketRules } from '../core/strategy';
import { applyCycleFill, createCycle, cycleOrderFailed, decide } from './cycle';
import { editCycle, stopAndSellCycle, stopCycle } from './commands';
import { cycleSnapshotOf, restoreCycle } from './snapshot';
import type { Cycle, CycleDecision } from './types';

const market = marketRules({ stepSize: '0.001', minNotional: '5', feeRate: '0.001' });

function cycle(over: Partial<{ amount: string; count: number; buy: string; sell: string; stop: string }> = {}): Cycle {
  const o = { amount: '1000', count: 2, buy: '95', sell: '105', stop: '80', ...over };
  return createCycle(
    { amount: new D(o.amount), count: o.count, buyPrice: new D(o.buy), sellPrice: new D(o.sell), stopLoss: new D(o.stop) },
    market,
  );
}

let ts = 0;
const tick = (price: string) => ({ ts: ++ts, price });

/** Fills the order out whole at `price`, with the 0.1 % fee. */
function fillOut(c: Cycle, price: string) {
  const o = c.order!;
  const fee = new D(price).times(o.qty).times('0.001').toFixed();
  return applyCycleFill(c, { slot: o.slot, side: o.side, price, qty: o.qty.toFixed(), fee, ts: ++ts });
}

const orders = (d: CycleDecision | null) => d?.orders.map((o) => `${o.kind} ${o.type} ${o.qty}@${o.price} #${o.slot}`);

describe('a round', () => {
  it('rests a LIMIT buy at b for floor(A / b, step), then a LIMIT sell of what was bought at s', () => {
    const c = cycle();
    expect(orders(decide(c, tick('100')))).toEqual(['buy limit 10.526@95 #1']);
    // The buy rests: no tick moves the cycle on, only its fill.
    expect(decide(c, tick('96'))).toBeNull();
    expect(decide(c, tick('200'))).toBeNull();
    expect(fillOut(c, '95')).toEqual({ pnl: '0' });
    expect(c.lastBoughtPrice?.toFixed()).toBe('95');
    expect(orders(decide(c, tick('95')))).toEqual(['sell limit 10.526@105 #2']);
    expect(decide(c, tick('100'))).toBeNull();
  });

  it('completes a round when the sell fills: profit is proceeds less the buy cost, fees included', () => {
    const c = cycle();
    decide(c, tick('100'));
    fillOut(c, '95');
    decide(c, tick('95'));
    const cost = new D('95').times('10.526').times('1.001');
    const proceeds = new D('105').times('10.526').times('0.999');
    expect(fillOut(c, '105')).toEqual({ pnl: proceeds.minus(cost).toFixed() });
    expect(c.completed).toBe(1);
    expect(c.lastBoughtPrice).toBeNull();
    expect(c.realized.toFixed()).toBe(proceeds.minus(cost).toFixed());
    // The next round: the same A at b again.
    expect(orders(decide(c, tick('105')))).toEqual(['buy limit 10.526@95 #3']);
  });

  it('is Completed after C rounds with no order left, and never trades again', () => {
    const c = cycle({ count: 2 });
    for (let round = 0; round < 2; round++) {
      decide(c, tick('100'));
      fillOut(c, '95');
      decide(c, tick('100'));
      fillOut(c, '105');
    }
    expect(c.status).toBe('completed');
    expect(c.end).toBe('completed');
    expect(c.order).toBeNull();
    expect(decide(c, tick('50'))).toBeNull();
    expect(stopCycle(c)).toEqual({ ok: false, refusal: 'already_stopped' });
  });

  it('books a partial fill (a buy cancelled after part of it filled) and sells exactly that', () => {
    const c = cycle();
    decide(c, tick('100'));
    editCycle(c, { buyPrice: new D('94'), sellPrice: new D('105'), stopLoss: new D('80'), count: 2 });
    const o = c.order!;
    applyCycleFill(c, { slot: o.slot, side: 'buy', price: '95', qty: '4', fee: '0.38', ts: ++ts });
    expect(c.held.toFixed()).toBe('4');
    expect(orders(decide(c, tick('96')))).toEqual(['sell limit 4@105 #2']);
  });

  it('stops, never deciding the same refused order again, when A no longer buys the minimum at b', () => {
    const c = cycle({ amount: '5.04', buy: '95', stop: '80' });
    expect(orders(decide(c, tick('100')))).toEqual(['buy limit 0.053@95 #1']);
    cycleOrderFailed(c, 1);
    editCycle(c, { buyPrice: new D('99'), sellPrice: new D('105'), stopLoss: new D('80'), count: 2 });
    const d = decide(c, tick('100'));
    expect(d?.orders).toEqual([]);
    expect(d?.skipped[0]).toMatchObject({ side: 'buy', price: '99' });
    expect(c).toMatchObject({ status: 'stopped', end: 'belowMinimum' });
  });
});

describe('what a partial fill leaves under the exchange minimum', () => {
  /** The buy, edited, ends with 0.01 filled (0.95 USDT, under the 5 USDT minimum): the cycle holds it. */
  function holdingDust(): Cycle {
    const c = cycle();
    decide(c, tick('100'));
    editCycle(c, { buyPrice: new D('94'), sellPrice: new D('105'), stopLoss: new D('80'), count: 2 });
    const o = c.order!;
    applyCycleFill(c, { slot: o.slot, side: 'buy', price: '95', qty: '0.01', fee: '0.00095', ts: ++ts });
    return c;
  }

  it('is kept, and the cycle ends: no sell the exchange would refuse is decided, on this tick or any later', () => {
    const c = holdingDust();
    const d = decide(c, tick('96'));
    expect(d?.orders).toEqual([]);
    expect(d?.skipped[0]).toMatchObject({ side: 'sell', qty: '0.01', price: '105' });
    expect(d?.skipped[0]?.reason).toMatch(/minimum notional 5/);
    expect(c).toMatchObject({ status: 'stopped', end: 'heldBelowMinimum' });
    expect(c.held.toFixed()).toBe('0.01');
    expect(decide(c, tick('110'))).toBeNull();
  });

  it('a stop loss or Stop & Sell that cannot sell it says so, rather than that everything was sold', () => {
    const byStopLoss = holdingDust();
    expect(decide(byStopLoss, tick('79'))?.orders).toEqual([]);
    expect(byStopLoss).toMatchObject({ status: 'stopped', end: 'heldBelowMinimum' });

    const bySell = holdingDust();
    expect(stopAndSellCycle(bySell, '96')).toMatchObject({
      ok: true,
      decision: { orders: [], skipped: [{ side: 'sell', qty: '0.01' }] },
    });
    expect(bySell).toMatchObject({ status: 'stopped', end: 'heldBelowMinimum' });
  });
});

describe('the stop loss', () => {
  function holdingCycle(): Cycle {
    const c = cycle();
    decide(c, tick('100'));
    fillOut(c, '95');
    decide(c, tick('96'));
    return c;
  }

  it('at z exactly: cancels the resting sell, then sells at market and stops (reason stop loss)', () => {
    const c = holdingCycle();
    expect(decide(c, tick('80.01'))).toBeNull();
    expect(decide(c, tick('80'))).toMatchObject({ orders: [], cancels: [2] });
    // The cancel is out: later ticks wait for it.
    expect(decide(c, tick('79'))).toBeNull();
    cycleOrderFailed(c, 2);
    expect(orders(decide(c, tick('79')))).toEqual(['sell market 10.526@79 #3']);
    fillOut(c, '79');
    expect(c).toMatchObject({ status: 'stopped', end: 'stoploss', completed: 0 });
    expect(c.held.isZero()).toBe(true);
    expect(c.realized.isNegative()).toBe(true);
  });

  it('does nothing while the buy rests (nothing is held)', () => {
    const c = cycle();
    decide(c, tick('100'));
    expect(decide(c, tick('10'))).toBeNull();
  });

  it('a cancel that raced the sell fill books the round and goes on', () => {
    const c = holdingCycle();
    decide(c, tick('80'));
    fillOut(c, '105');
    expect(c).toMatchObject({ status: 'live', completed: 1, cancelling: null, exit: null });
    expect(orders(decide(c, tick('80')))).toEqual(['buy limit 10.526@95 #3']);
  });

  it('sells at market at once when held with no sell placed yet', () => {
    const c = cycle();
    decide(c, tick('100'));
    fillOut(c, '95');
    expect(orders(decide(c, tick('70')))).toEqual(['sell market 10.526@70 #2']);
  });
});

describe('Stop and Stop & Sell', () => {
  it('Stop while the buy rests cancels it; the cycle stops once the cancel ended, holding nothing', () => {
    const c = cycle();
    decide(c, tick('100'));
    const r = stopCycle(c);
    expect(r).toEqual({ ok: true, decision: { orders: [], cancels: [1], skipped: [] } });
    expect(c.status).toBe('live');
    cycleOrderFailed(c, 1);
    expect(c).toMatchObject({ status: 'stopped', end: 'manual' });
  });

  it('Stop racing the buy fill keeps what was bought', () => {
    const c = cycle();
    decide(c, tick('100'));
    stopCycle(c);
    fillOut(c, '95');
    expect(c).toMatchObject({ status: 'stopped', end: 'manual' });
    expect(c.held.toFixed()).toBe('10.526');
    expect(decide(c, tick('200'))).toBeNull();
  });

  it('Stop & Sell while holding cancels the sell, then sells at market', () => {
    const c = cycle();
    decide(c, tick('100'));
    fillOut(c, '95');
    decide(c, tick('100'));
    expect(stopAndSellCycle(c, '101')).toMatchObject({ ok: true, decision: { cancels: [2] } });
    cycleOrderFailed(c, 2);
    expect(orders(decide(c, tick('101')))).toEqual(['sell market 10.526@101 #3']);
    fillOut(c, '101');
    expect(c).toMatchObject({ status: 'stopped', end: 'stopAndSell' });
  });

  it('Stop & Sell while held with no order out sells at once at the price now', () => {
    const c = cycle();
    decide(c, tick('100'));
    fillOut(c, '95');
    expect(stopAndSellCycle(c, '99')).toMatchObject({
      ok: true,
      decision: { orders: [{ kind: 'sell', type: 'market', qty: '10.526', price: '99' }] },
    });
  });

  it('Stop & Sell while the buy rests cancels it and stops holding nothing', () => {
    const c = cycle();
    decide(c, tick('100'));
    stopAndSellCycle(c, '100');
    cycleOrderFailed(c, 1);
    expect(c).toMatchObject({ status: 'stopped', end: 'stopAndSell' });
  });
});

describe('the edit', () => {
  const edit = (buy: string, sell: string, stop: string, count: number) => ({
    buyPrice: new D(buy),
    sellPrice: new D(sell),
    stopLoss: new D(stop),
    count,
  });

  it('replaces the resting buy at the new price once the cancel ended, with a new slot', () => {
    const c = cycle();
    decide(c, tick('100'));
    expect(editCycle(c, edit('90', '105', '80', 2))).toMatchObject({ ok: true, decision: { cancels: [1] } });
    expect(decide(c, tick('100'))).toBeNull();
    cycleOrderFailed(c, 1);
    expect(orders(decide(c, tick('100')))).toEqual(['buy limit 11.111@90 #2']);
  });

  it('an edit racing the buy fill never loses the fill: the sell rests at the new sell price', () => {
    const c = cycle();
    decide(c, tick('100'));
    editCycle(c, edit('90', '110', '80', 2));
    fillOut(c, '95');
    expect(c.held.toFixed()).toBe('10.526');
    expect(orders(decide(c, tick('100')))).toEqual(['sell limit 10.526@110 #2']);
    // A late failure report of the replaced order changes nothing.
    cycleOrderFailed(c, 1);
    expect(c.order?.slot).toBe(2);
  });

  it('replaces the resting sell when the sell price changes, not when only the buy price does', () => {
    const c = cycle();
    decide(c, tick('100'));
    fillOut(c, '95');
    decide(c, tick('100'));
    expect(editCycle(c, edit('90', '105', '80', 2))).toMatchObject({ ok: true, decision: { cancels: [] } });
    expect(editCycle(c, edit('90', '108', '80', 2))).toMatchObject({ ok: true, decision: { cancels: [2] } });
    cycleOrderFailed(c, 2);
    expect(orders(decide(c, tick('100')))).toEqual(['sell limit 10.526@108 #3']);
  });

  it('a raised stop loss applies on the next tick', () => {
    const c = cycle();
    decide(c, tick('100'));
    fillOut(c, '95');
    decide(c, tick('100'));
    editCycle(c, edit('95', '105', '94', 2));
    expect(decide(c, tick('94'))).toMatchObject({ cancels: [2] });
  });

  it('refuses what cannot run: z above b, s not above b, C under the rounds done', () => {
    const c = cycle({ count: 3 });
    decide(c, tick('100'));
    fillOut(c, '95');
    decide(c, tick('100'));
    fillOut(c, '105');
    expect(editCycle(c, edit('95', '105', '96', 3))).toEqual({ ok: false, refusal: 'stoploss_above_buy' });
    expect(editCycle(c, edit('95', '95', '80', 3))).toEqual({ ok: false, refusal: 'sell_not_above_buy' });
    expect(editCycle(c, edit('95', '105', '80', 0))).toEqual({ ok: false, refusal: 'cycles_below_completed' });
    expect(editCycle(c, edit('95', '105', '95', 1))).toMatchObject({ ok: true });
  });

  it('C lowered to the rounds done cancels the resting buy and completes', () => {
    const c = cycle({ count: 3 });
    decide(c, tick('100'));
    fillOut(c, '95');
    decide(c, tick('100'));
    fillOut(c, '105');
    decide(c, tick('100'));
    expect(editCycle(c, edit('95', '105', '80', 1))).toMatchObject({ ok: true, decision: { cancels: [3] } });
    cycleOrderFailed(c, 3);
    expect(decide(c, tick('100'))).toEqual({ orders: [], cancels: [], skipped: [] });
    expect(c).toMatchObject({ status: 'completed', end: 'completed' });
  });
});

describe('a cycle rebuilt from its snapshot', () => {
  it('decides exactly as the one it was taken from, at every step of a round', () => {
    const live = cycle();
    const steps: ((c: Cycle) => unknown)[] = [
      (c) => decide(c, { ts: 1, price: '100' }),
      (c) => editCycle(c, { buyPrice: new D('94'), sellPrice: new D('104'), stopLoss: new D('80'), count: 2 }),
      (c) => cycleOrderFailed(c, 1),
      (c) => decide(c, { ts: 2, price: '99' }),
      (c) => applyCycleFill(c, { slot: 2, side: 'buy', price: '94', qty: '10.638', fee: '1', ts: 3 }),
      (c) => decide(c, { ts: 4, price: '99' }),
      (c) => applyCycleFill(c, { slot: 3, side: 'sell', price: '104', qty: '10.638', fee: '1', ts: 5 }),
      (c) => decide(c, { ts: 6, price: '99' }),
    ];
    for (const step of steps) {
      const restored = restoreCycle(JSON.parse(JSON.stringify(cycleSnapshotOf(live))), market);
      expect(step(restored)).toEqual(step(live));
      expect(cycleSnapshotOf(restored)).toEqual(cycleSnapshotOf(live));
    }
  });
});

describe('a futures cycle', () => {
  const brackets = [
    { notionalCap: '50000', maintMarginRatio: '0.004', cum: '0' },
    { notionalCap: '1000000000', maintMarginRatio: '0.005', cum: '50' },
  ];
  const futures = marketRules({ stepSize: '0.001', minNotional: '5', feeRate: '0.001', futures: { leverage: 5, brackets } });

  it('buys A x leverage of notional and is liquidated (no order: the exchange closes) at the liquidation price', () => {
    const c = createCycle(
      { amount: new D('1000'), count: 1, buyPrice: new D('100'), sellPrice: new D('110'), stopLoss: new D('50') },
      futures,
    );
    expect(orders(decide(c, tick('101')))).toEqual(['buy limit 50@100 #1']);
    fillOut(c, '100');
    decide(c, tick('101'));
    const liq = c.liquidationAt!.d;
    expect(liq.toNumber()).toBeGreaterThan(50);
    const d = decide(c, tick(liq.toFixed()));
    expect(d).toMatchObject({ cancels: [2], orders: [{ kind: 'liquidation', qty: '50' }] });
    // Waiting for the exchange: no stop loss sell, nothing else.
    expect(decide(c, tick('40'))).toBeNull();
  });
});
