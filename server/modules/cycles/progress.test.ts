import { describe, expect, it } from 'vitest';
import { progressOf } from './progress';

const columns = { cyclesCompleted: 0, lastBoughtPrice: null, trades: 0, realizedPnl: '0' };

describe("a cycle's progress for the pages", () => {
  it("reads the engine's state when there is one", () => {
    expect(progressOf({ ...columns, state: { completed: 2, lastBoughtPrice: '95.000', realized: '19.60', trades: 5 } })).toEqual({
      completed: 2,
      lastBoughtPrice: '95',
      realized: '19.6',
      trades: 5,
    });
  });

  it('reads the columns without a state', () => {
    expect(
      progressOf({
        cyclesCompleted: 3,
        lastBoughtPrice: '94.500000000000000000',
        trades: 7,
        realizedPnl: '12.500000000000000000',
        state: null,
      }),
    ).toEqual({ completed: 3, lastBoughtPrice: '94.5', realized: '12.5', trades: 7 });
  });

  it('takes the larger count when the columns and the state disagree (both only go up)', () => {
    expect(
      progressOf({ ...columns, cyclesCompleted: 4, trades: 9, state: { completed: 3, lastBoughtPrice: null, trades: 8 } }),
    ).toMatchObject({ completed: 4, trades: 9, lastBoughtPrice: null });
  });
});
