import { describe, expect, it } from 'vitest';
import { reserveOf, reservedBy } from './reserve-rule';

const bot = (over: Partial<Parameters<typeof reserveOf>[0]> = {}) => ({
  category: 'Spot',
  leverage: null,
  investment: '900',
  heldCost: '0',
  ...over,
});

describe('the reserve rule', () => {
  it('is a spot bot\u2019s investment less what it spent on the coins it holds', () => {
    expect(reserveOf(bot({ heldCost: '100.5' })).toFixed()).toBe('799.5');
  });

  it('is a futures bot\u2019s investment less the margin its held notional uses', () => {
    expect(reserveOf(bot({ category: 'Future', leverage: 5, heldCost: '1000' })).toFixed()).toBe('700');
  });

  it('is never below 0', () => {
    expect(reserveOf(bot({ heldCost: '950' })).toFixed()).toBe('0');
  });

  it('sums one wallet\u2019s bots only', () => {
    const running = [
      bot({ heldCost: '100' }),
      bot({ investment: '200' }),
      bot({ category: 'Future', leverage: 2, heldCost: '400' }),
    ];
    expect(reservedBy(running, 'Spot').toFixed()).toBe('1000');
    expect(reservedBy(running, 'Future').toFixed()).toBe('700');
  });
});
