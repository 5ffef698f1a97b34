import { describe, expect, it } from 'vitest';
import { backtestConfig, TradingInputError } from './index';

const strategy = {
  strategyName: 'two',
  noOfGrids: 2,
  tableData: [
    { gridNo: 1, allottedAmountPercentagePerOrder: '40', takeProfitPercentage: '1', takeProfitPercentageDown: '0.5' },
    {
      gridNo: 2,
      allottedAmountPercentagePerOrder: '60',
      buyPercentage: '2',
      buyPercentageUp: '0.5',
      takeProfitPercentage: '1',
      takeProfitPercentageDown: '0.5',
    },
  ],
};

describe('backtestConfig', () => {
  it('normalises the strategy, fills market defaults and reads unset limits as none', () => {
    const config = backtestConfig({ strategy, market: { stepSize: '0.001' }, params: { investment: '1000' } });
    expect(config.strategy.grids).toHaveLength(2);
    expect(config.market.stepSize.toString()).toBe('0.001');
    expect(config.market.feeRate.toString()).toBe('0.001');
    expect(config.params.investment.toString()).toBe('1000');
    expect(config.params.stoplossPrice).toBeNull();
  });

  it('refuses an input naming the field', () => {
    expect(() => backtestConfig({ strategy, market: {}, params: { investment: '-1' } })).toThrow(TradingInputError);
    expect(() => backtestConfig({ strategy, market: { tickSize: '0' }, params: { investment: '1' } })).toThrow(/tick size/);
  });
});
