import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../common/money';
import { datewiseProfit, datewiseProfitOf, lowestHeldBuyPrice } from './snapshot-read';
import { snapshotWith } from './testing/fixtures';

describe("a bot's figures read from its engine state", () => {
  it("reads daily profit and the lowest held buy price from the engine's state", () => {
    const state = snapshotWith({
      grids: [
        { phase: 'holding', buyPrice: '100' },
        { phase: 'armed', buyPrice: '98.5' },
        { phase: 'empty', buyPrice: null },
        { phase: 'buying', buyPrice: '90' },
      ],
      datewise: { '2026-01-02': '1.50' },
    });
    expect(lowestHeldBuyPrice(state)).toBe('98.5');
    expect(datewiseProfit(state)).toEqual({ '2026-01-02': '1.5' });
    expect(lowestHeldBuyPrice(null)).toBeNull();
    expect(datewiseProfit(null)).toEqual({});
  });

  it('passes plain daily profits through and normalises any other notation', () => {
    expect(datewiseProfitOf({ a: '12.5', b: '-0.03', c: '7', d: '0', e: '1.50', f: '-0', g: '1e-7', h: '007' })).toEqual({
      a: '12.5',
      b: '-0.03',
      c: '7',
      d: '0',
      e: '1.5',
      f: new Decimal('-0').toFixed(),
      g: '0.0000001',
      h: '7',
    });
    expect(datewiseProfitOf(null)).toEqual({});
  });
});
