import { describe, expect, it } from 'vitest';
import { parsePrice, TickPrice } from './exact';

describe('parsePrice', () => {
  it('equals Number() for plain decimal strings, whatever was parsed before (its memo changes no result)', () => {
    const prices = [
      '148.1',
      '148.10000000',
      '0.00001234',
      '65000',
      '65000',
      '0',
      '1e3',
      '12345678901234567890.5',
      '148.1',
      '.5',
      '7.',
    ];
    for (const s of prices) expect(parsePrice(s), s).toBe(Number(s));
    // Alternating strings of equal value and different values, as bots of two pairs would ask.
    for (const s of ['100.0', '100', '100.5', '100.0', '99.99999999']) expect(parsePrice(s)).toBe(Number(s));
  });

  it('moves a TickPrice to each new string, the exact value too', () => {
    const px = new TickPrice();
    px.set('148.10');
    px.set('148.2');
    expect(px.f).toBe(148.2);
    expect(px.exact.toFixed()).toBe('148.2');
  });
});
