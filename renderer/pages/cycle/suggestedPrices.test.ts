import { describe, expect, it } from 'vitest';
import { percentOf, suggestedPrices } from './suggestedPrices';

describe('suggestedPrices', () => {
  it.each([
    ['65000.25', { priceReachAt: '61750.24', sellPriceAt: '68250.26', stopLossAt: '52000.2' }],
    ['100', { priceReachAt: '95', sellPriceAt: '105', stopLossAt: '80' }],
    ['3000.5', { priceReachAt: '2850.5', sellPriceAt: '3150.5', stopLossAt: '2400.4' }],
    ['3', { priceReachAt: '2.85', sellPriceAt: '3.15', stopLossAt: '2.4' }],
    ['0.00001234', { priceReachAt: '0.00001172', sellPriceAt: '0.00001296', stopLossAt: '0.00000987' }],
  ])('suggests 95, 105 and 80 %% of %s on the price grid', (price, expected) => {
    expect(suggestedPrices(price)).toEqual(expected);
  });

  it.each([[undefined], [null], [''], ['0'], ['-5'], ['abc']])('suggests nothing for %s', (price) => {
    expect(suggestedPrices(price)).toBeNull();
  });

  it('names the shares in percent', () => {
    expect(['0.95', '1.05', '0.8'].map(percentOf)).toEqual(['95', '105', '80']);
  });
});
