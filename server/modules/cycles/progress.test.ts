import { describe, expect, it } from 'vitest';
import { progressOf } from './progress';
import { roundQuantity } from './order-rules';
import { Decimal } from '../../../common/decimal';

const columns = { cyclesCompleted: 0, lastBoughtPrice: null, trades: 0, realizedPnl: '0' };

describe('a cycle\'s progress for the pages', () => {
  it('reads the engine\'s state when there is one', () => {
    expect(progressOf({ ...columns, state: { completed: 2, lastBoughtPrice: '95.000', realized: '19.60', trades: 5 } }))
      .toEqual({ completed: 2, lastBoughtPrice: '95', realized: '19.6', trades: 5 });
  });

  it('reads the columns without a state', () => {
    expect(progressOf({ cyclesCompleted: 3, lastBoughtPrice: '94.500000000000000000', trades: 7, realizedPnl: '12.500000000000000000', state: null }))
      .toEqual({ completed: 3, lastBoughtPrice: '94.5', realized: '12.5', trades: 7 });
  });

  it('takes the larger count when the columns and the state disagree (both only go up)', () => {
    expect(progressOf({ ...columns, cyclesCompleted: 4, trades: 9, state: { completed: 3, lastBoughtPrice: null, trades: 8 } }))
      .toMatchObject({ completed: 4, trades: 9, lastBoughtPrice: null });
  });
});

describe('a round\'s quantity', () => {
  it('is floor(quote / price, step), exactly', () => {
    expect(roundQuantity(new Decimal('4.99'), new Decimal('140'), new Decimal('0.001')).toFixed()).toBe('0.035');
    expect(roundQuantity(new Decimal('5.04'), new Decimal('140'), new Decimal('0.001')).toFixed()).toBe('0.036');
    expect(roundQuantity(new Decimal('0.3'), new Decimal('0.1'), new Decimal('1')).toFixed()).toBe('3');
    expect(roundQuantity(new Decimal('0.1'), new Decimal('140'), new Decimal('0.001')).toFixed()).toBe('0');
  });
});
