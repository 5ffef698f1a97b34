import { describe, expect, it } from 'vitest';
import { createCycle, D, marketRules } from '../../../trading/index';
import { CycleRunnable } from './runnable';

const market = marketRules({ stepSize: '0.001', minNotional: '5', feeRate: '0.001' });
const cycle = () =>
  new CycleRunnable(
    createCycle(
      { amount: new D('1000'), count: 2, buyPrice: new D('95'), sellPrice: new D('105'), stopLoss: new D('90') },
      market,
    ),
  );

describe('a cycle on the kernel', () => {
  it('has decided on the price it last decided on while an order of it is out', () => {
    const r = cycle();
    expect(r.decided({ price: '100' })).toBe(false);
    expect(r.decide({ ts: 1, price: '100' })?.orders).toHaveLength(1);
    expect(r.decided({ price: '100.00' })).toBe(true);
    expect(r.decided({ price: '99' })).toBe(false);
  });

  it('decides again at that same price once its order ended, so what follows is placed (an engine taking it over after a kill -9 at that price)', () => {
    const r = cycle();
    r.decide({ ts: 1, price: '100' });
    // The buy rests; the price crosses it and the engine decides on that price (nothing to do), then books the fill.
    expect(r.decide({ ts: 2, price: '94' })).toBeNull();
    r.filled({ side: 'buy', slot: 1, price: '95', quantity: '10.526', fee: '1', ts: 3 });
    expect(r.decided({ price: '94' })).toBe(false);
    expect(r.decide({ ts: 4, price: '94' })?.orders).toEqual([
      { kind: 'sell', slot: 2, quantity: '10.526', price: '105', type: 'limit' },
    ]);
    expect(r.decided({ price: '94' })).toBe(true);
  });

  it('has decided for good once it ended', () => {
    const r = cycle();
    r.decide({ ts: 1, price: '100' });
    r.stop(2);
    r.orderFailed(1);
    expect(r.decided({ price: '100' })).toBe(true);
  });
});

describe('the price it last decided on, while its order rests', () => {
  /** A cycle whose buy rests, decided last at `last`. */
  const resting = (last: string) => {
    const r = cycle();
    r.decide({ ts: 1, price: '100' });
    r.cycle.lastPrice = last;
    return r;
  };

  it.each([
    ['95', '95', true],
    ['95', '95.00000000', true], // the same price, as the stream spells it
    ['95.5', '95.49999999', false],
    ['95', '95.01', false],
    // Equal as numbers, unequal as decimals: confirmed exactly.
    ['0.1', '0.10000000000000000001', false],
    ['1e2', '100', true],
  ] as const)('last %s, tick %s: %s', (last, price, decided) => {
    expect(resting(last).decided({ price })).toBe(decided);
  });
});
