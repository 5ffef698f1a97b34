import { describe, expect, it } from 'vitest';
import { formatClock, formatCountdown, formatDate, formatDateTime } from './date';

describe('formatDateTime and formatDate', () => {
  // A local time, so the test passes in every time zone.
  const local = new Date(2026, 10, 7, 9, 5, 3);

  it('writes local date and time with two-digit fields', () => {
    expect(formatDateTime(local)).toBe('2026-11-07 09:05:03');
    expect(formatDateTime(local.toISOString())).toBe('2026-11-07 09:05:03');
    expect(formatDate(local.toISOString())).toBe('2026-11-07');
  });

  it('writes the time of day alone, from a date or from milliseconds since the epoch', () => {
    expect(formatClock(local)).toBe('09:05:03');
    expect(formatClock(local.getTime())).toBe('09:05:03');
    expect(formatClock(Number.NaN)).toBe('-');
  });

  it.each([null, undefined, '', 'yesterday'])('writes a dash, or the given text, for %s', (value) => {
    expect(formatDateTime(value)).toBe('-');
    expect(formatDate(value)).toBe('-');
    expect(formatDateTime(value, '')).toBe('');
  });
});

describe('formatCountdown', () => {
  it.each([
    [0, '00:00'],
    [59, '00:59'],
    [61.7, '01:01'],
    [3_600, '60:00'],
    [-5, '00:00'],
    [null, '00:00'],
    [Number.NaN, '00:00'],
  ])('%s seconds is %s', (seconds, shown) => {
    expect(formatCountdown(seconds)).toBe(shown);
  });
});
