import { describe, expect, it } from 'vitest';
import { Decimal } from '../money';
import { botAmountShortfall, gridMinimum, minimumBotAmount } from './bot-minimum';

describe('grid rule', () => {
  it.each([
    [1, '300'],
    [10, '300'],
    [29, '300'],
    [30, '300'],
    [31, '310'],
    [50, '500'],
  ])('%i grids need %s', (grids, min) => {
    expect(gridMinimum(grids).toFixed()).toBe(min);
  });
});

describe('minimum bot amount', () => {
  it('is the higher of the grid rule and the server minimum', () => {
    expect(minimumBotAmount(10, '100').toFixed()).toBe('300');
    expect(minimumBotAmount(45, '100').toFixed()).toBe('450');
    expect(minimumBotAmount(10, '1000').toFixed()).toBe('1000');
    expect(minimumBotAmount(10, '300.5').toFixed()).toBe('300.5');
  });

  it("refuses with the server minimum's message first, then the grid rule's (SPEC wording)", () => {
    expect(botAmountShortfall('150', 10, '200')).toBe('Amount must be greater than or equal to 200.');
    expect(botAmountShortfall('150', 10, '100')).toBe('Insufficient amount. Minimum required for 10 grids is $300.');
    expect(botAmountShortfall('409', 41, '100')).toBe('Insufficient amount. Minimum required for 41 grids is $410.');
    expect(botAmountShortfall('300', 10, '100')).toBeNull();
    expect(botAmountShortfall('0.1', 10, '0.5')).toBe('Amount must be greater than or equal to 0.5.');
  });

  it('accepts exactly the amounts at or above the minimum it shows', () => {
    for (const [grids, server] of [
      [5, '100'],
      [10, '1000'],
      [30, '250'],
      [31, '310.01'],
      [50, '0'],
    ] as const) {
      const min = minimumBotAmount(grids, server);
      expect(botAmountShortfall(min, grids, server)).toBeNull();
      expect(botAmountShortfall(min.minus(new Decimal('0.01')), grids, server)).not.toBeNull();
    }
  });
});
