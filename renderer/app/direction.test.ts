import { describe, expect, it } from 'vitest';
import { Decimal } from '../../common/money';
import { directionOf, pnlColor } from './direction';
import { PNL_COLORS } from './pnlColors';

describe('directionOf', () => {
  it.each([
    ['12.5', 'up'],
    ['0.0000001', 'up'],
    ['-0.0000001', 'down'],
    ['-32.5', 'down'],
    [7, 'up'],
    [-7, 'down'],
    [new Decimal('-1e-30'), 'down'],
    ['0', null],
    ['-0', null],
    ['0.00', null],
    ['NA', null],
    ['', null],
    [null, null],
    [undefined, null],
  ] as const)('%j points %s', (value, direction) => {
    expect(directionOf(value)).toBe(direction);
  });

  it('gives zero a direction only where asked (the Dashboard\u2019s Total P&L is green at 0)', () => {
    expect(directionOf('0', 'up')).toBe('up');
    expect(directionOf('NA', 'up')).toBeNull();
    expect(directionOf('-1', 'up')).toBe('down');
  });
});

describe('pnlColor', () => {
  it('takes the theme\u2019s up or down colour, and none for zero', () => {
    expect(pnlColor('3', 'light')).toBe(PNL_COLORS.light.up);
    expect(pnlColor('-3', 'light')).toBe(PNL_COLORS.light.down);
    expect(pnlColor('3', 'dark')).toBe(PNL_COLORS.dark.up);
    expect(pnlColor('-3', 'dark')).toBe(PNL_COLORS.dark.down);
    expect(pnlColor('0', 'dark')).toBeUndefined();
    expect(pnlColor('0', 'dark', 'up')).toBe(PNL_COLORS.dark.up);
  });

  it('uses one up and one down colour per theme, different between the two', () => {
    for (const colors of Object.values(PNL_COLORS)) expect(colors.up).not.toBe(colors.down);
  });
});
