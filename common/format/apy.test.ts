import { describe, expect, it } from 'vitest';
import { BOT_LABELS } from '../messages';
import { apyIsMeaningful, formatApy } from './apy';

const DAY = 86_400;

describe('formatApy', () => {
  it.each([
    // apy, runtime seconds, shown
    ['-13.6912', 13 * 60, BOT_LABELS.apyAfterFirstDay],
    ['250', DAY - 1, BOT_LABELS.apyAfterFirstDay],
    ['-13.6912', DAY, '-13.69%'],
    ['12.345', 3 * DAY, '12.35%'],
    ['abc', 3 * DAY, '-'],
    [null, 3 * DAY, '-'],
    ['12', null, '-'],
    ['12', Number.NaN, '-'],
  ])('%s after %s s is %s', (apy, seconds, shown) => {
    expect(formatApy(apy, seconds)).toBe(shown);
  });
});

describe('apyIsMeaningful', () => {
  it('needs a full day', () => {
    expect(apyIsMeaningful(DAY - 1)).toBe(false);
    expect(apyIsMeaningful(DAY)).toBe(true);
    expect(apyIsMeaningful(undefined)).toBe(false);
  });
});
