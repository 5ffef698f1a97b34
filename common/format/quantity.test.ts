import { describe, expect, it } from 'vitest';
import { formatQuantity } from './quantity';

describe('formatQuantity', () => {
  it.each([
    ['0.0015', '0.00001', '0.00150'],
    ['0.00159999', '0.00001', '0.00159'],
    ['12.9', '1', '12'],
    ['12.34', '0.1', '12.3'],
    ['12.34', '0.25', '12.25'],
    ['-0.0015', '0.001', '-0.001'],
    ['0.0000001', '0.001', '0.000'],
    ['123456789012345678901234.5678', '0.0001', '123456789012345678901234.5678'],
  ])('%s on a %s step is %s (rounded down)', (value, step, shown) => {
    expect(formatQuantity(value, step)).toBe(shown);
  });

  it.each([
    ['9900.32215894', undefined, '9900.32215894'],
    ['0.001500000000', null, '0.0015'],
    ['1.123456789', '0', '1.12345678'],
    ['5', 'x', '5'],
    ['-0.000000001', undefined, '0'],
  ])('%s without a step (%s) is %s', (value, step, shown) => {
    expect(formatQuantity(value, step)).toBe(shown);
  });

  it.each([null, undefined, '', 'abc', Number.NaN])('writes a dash for %s', (value) => {
    expect(formatQuantity(value, '0.001')).toBe('-');
  });
});
