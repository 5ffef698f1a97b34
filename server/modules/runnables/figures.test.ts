import { describe, expect, it } from 'vitest';
import { apyPercent, averagePrice, plain, roiPercent, runtimeDays, totalPnl } from './figures';

const DAY = 86_400_000;
const start = new Date('2026-01-01T00:00:00Z');
const after = (ms: number) => new Date(start.getTime() + ms);

describe("the runnables' figures", () => {
  it.each([
    [0, null, 0],
    [DAY - 1, null, 0],
    [DAY, null, 1],
    [10.5 * DAY, null, 10],
  ])('counts whole days run (%d ms)', (elapsed, stoppedAfter, days) => {
    expect(runtimeDays(start, stoppedAfter, after(elapsed))).toBe(days);
  });

  it("counts a stopped bot's days to its stop, not to now", () => {
    expect(runtimeDays(start, after(3 * DAY), after(30 * DAY))).toBe(3);
  });

  it.each([
    ['25', '1000', 10, '91.25'],
    ['25', '1000', 0, '912.50'], // under a day counts as one
    ['-20', '1000', 4, '-182.50'],
    ['1', '3', 365, '33.33'],
    ['5', '0', 3, '0.00'],
  ])('APY of %s on %s over %d days is %s', (realized, investment, days, apy) => {
    expect(apyPercent(realized, investment, days)).toBe(apy);
  });

  it('ROI is realized over investment, 2 decimals', () => {
    expect(roiPercent('-20', '1000')).toBe('-2.00');
    expect(roiPercent('0.005', '1')).toBe('0.50');
  });

  it('average price and total PnL are exact decimals', () => {
    expect(averagePrice('0', '0')).toBeNull();
    expect(averagePrice('0.03', '1500.3')).toBe('50010');
    expect(totalPnl('0.1', '0.3', '15', '50.1')).toBe('0.13');
    expect(plain('12.500000000000000000')).toBe('12.5');
  });
});
