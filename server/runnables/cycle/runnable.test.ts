import { describe, expect, it } from 'vitest';
import { D, createCycle, marketRules } from '../../trading/index';
import { CycleRunnable } from './runnable';

const market = marketRules({ stepSize: '0.001', minNotional: '5', feeRate: '0.001' });
const runnable = (lastPrice: string | null) => {
  const c = createCycle({ amount: new D(1000), count: 2, buyPrice: new D(95), sellPrice: new D(105), stopLoss: new D(80) }, market);
  c.lastPrice = lastPrice;
  return new CycleRunnable(c);
};

describe('CycleRunnable.decided: the price it last decided on', () => {
  it.each([
    [null, '95', false],
    ['95', '95', true],
    ['95', '95.00000000', true], // the same price, as the stream spells it
    ['95.5', '95.49999999', false],
    ['95', '95.01', false],
    // Equal as numbers, unequal as decimals: confirmed exactly.
    ['0.1', '0.10000000000000000001', false],
    ['1e2', '100', true],
  ] as const)('last %s, tick %s: %s', (last, price, decided) => {
    expect(runnable(last).decided({ price })).toBe(decided);
  });
});
