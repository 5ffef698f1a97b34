import { describe, expect, it } from 'vitest';
import { sellEstimate } from './sellEstimate';

describe('sellEstimate', () => {
  it('names the coin, keeps the quantity exact and values it at the last price in the quote', () => {
    expect(sellEstimate('BTCUSDT', '0.00012345', '97123.45')).toEqual({
      coin: 'BTC',
      quote: 'USDT',
      quantity: '0.00012345',
      amount: '11.99', // 11.9898... rounded half up
      empty: false,
    });
  });

  it('multiplies in decimals, not floats', () => {
    // 0.1 x 3 is 0.30000000000000004 in floats.
    expect(sellEstimate('ETHUSDT', '0.1', '3')?.amount).toBe('0.30');
    expect(sellEstimate('ETHUSDT', '0.105', '1')?.amount).toBe('0.11');
  });

  it('says nothing is held for a zero quantity, with no amount', () => {
    expect(sellEstimate('BTCUSDT', '0', '100')).toMatchObject({ coin: 'BTC', empty: true, amount: null });
  });

  it('keeps the quantity but no amount when the price is unknown', () => {
    expect(sellEstimate('BTCUSDT', '0.5', '')).toMatchObject({ quantity: '0.5', amount: null, empty: false });
    expect(sellEstimate('BTCUSDT', '0.5', 'n/a')).toMatchObject({ amount: null });
  });

  it('is null while the held quantity is unknown', () => {
    expect(sellEstimate('BTCUSDT', undefined, '100')).toBeNull();
    expect(sellEstimate('BTCUSDT', '', '100')).toBeNull();
  });
});
