import { describe, expect, it } from 'vitest';
import { pairLabel } from './pairs';

describe('pairLabel', () => {
  it.each([
    ['BTCUSDT', 'BTC/USDT'],
    ['1000SHIBUSDT', '1000SHIB/USDT'],
    // No base before the quote: not a pair.
    ['USDT', 'USDT'],
    // Quotes GridDesk does not trade stay as sent, never split at a guess.
    ['ETHBTC', 'ETHBTC'],
    ['WBTC', 'WBTC'],
    ['BTCEUR', 'BTCEUR'],
    ['', ''],
  ])('writes %j as %j', (symbol, label) => {
    expect(pairLabel(symbol)).toBe(label);
  });
});
