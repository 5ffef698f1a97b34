import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../common/money';
import { apyPercent, averagePrice, plain, roiPercent, runtimeDays, totalPnl } from './figures';
import { datewiseProfit, datewiseProfitOf, lowestHeldBuyPrice } from './snapshot-read';
import { snapshotWith } from './testing/fixtures';

const DAY = 86_400_000;
const start = new Date('2026-01-01T00:00:00Z');
const after = (ms: number) => new Date(start.getTime() + ms);

describe('bot figures', () => {
  it.each([
    [0, null, 0],
    [DAY - 1, null, 0],
    [DAY, null, 1],
    [10.5 * DAY, null, 10],
  ])('counts whole days run (%d ms)', (elapsed, stoppedAfter, days) => {
    expect(runtimeDays(start, stoppedAfter, after(elapsed))).toBe(days);
  });

  it('counts a stopped bot\'s days to its stop, not to now', () => {
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

  it('reads daily profit and the lowest held buy price from the engine\'s state', () => {
    const state = snapshotWith({
      grids: [{ phase: 'holding', buyPrice: '100' }, { phase: 'armed', buyPrice: '98.5' }, { phase: 'empty', buyPrice: null }, { phase: 'buying', buyPrice: '90' }],
      datewise: { '2026-01-02': '1.50' },
    });
    expect(lowestHeldBuyPrice(state)).toBe('98.5');
    expect(datewiseProfit(state)).toEqual({ '2026-01-02': '1.5' });
    expect(lowestHeldBuyPrice(null)).toBeNull();
    expect(datewiseProfit(null)).toEqual({});
  });

  it('passes plain daily profits through and normalises any other notation', () => {
    expect(datewiseProfitOf({ a: '12.5', b: '-0.03', c: '7', d: '0', e: '1.50', f: '-0', g: '1e-7', h: '007' }))
      .toEqual({ a: '12.5', b: '-0.03', c: '7', d: '0', e: '1.5', f: new Decimal('-0').toFixed(), g: '0.0000001', h: '7' });
    expect(datewiseProfitOf(null)).toEqual({});
  });
});
