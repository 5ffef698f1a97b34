import { describe, expect, it } from 'vitest';
import { BOT_LABELS } from '../messages';
import { formatRuntime, formatRuntimeDays, secondsBetween } from './runtime';

const MIN = 60;
const HOUR = 3_600;
const DAY = 86_400;

describe('formatRuntime', () => {
  it.each([
    [0, '0s'],
    [45, '45s'],
    [59.9, '59s'],
    [60, '1m'],
    [13 * MIN + 20, '13m'],
    [HOUR - 1, '59m'],
    [HOUR, '1h'],
    [5 * HOUR + 2 * MIN + 30, '5h 2m'],
    [DAY - 1, '23h 59m'],
    [DAY, '1d'],
    [2 * DAY + 4 * HOUR + 59 * MIN, '2d 4h'],
    [400 * DAY + HOUR, '400d 1h'],
    [1e12, '11574074d 1h'],
    [-30, '0s'],
  ])('%s seconds is %s', (seconds, shown) => {
    expect(formatRuntime(seconds)).toBe(shown);
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY])('writes a dash for %s', (seconds) => {
    expect(formatRuntime(seconds)).toBe('-');
  });
});

describe('formatRuntimeDays', () => {
  it.each([
    [0, BOT_LABELS.runtimeUnderADay],
    [1, '1d'],
    [12, '12d'],
    [-1, BOT_LABELS.runtimeUnderADay],
    [null, '-'],
    [Number.NaN, '-'],
  ])('%s whole days is %s', (days, shown) => {
    expect(formatRuntimeDays(days)).toBe(shown);
  });
});

describe('secondsBetween', () => {
  const now = new Date('2026-11-27T12:13:00Z');

  it('counts to now while the bot runs', () => {
    expect(secondsBetween('2026-11-27T12:00:00Z', null, now)).toBe(13 * MIN);
  });

  it('counts to the stop time once the bot stopped', () => {
    expect(secondsBetween('2026-11-25T08:00:00Z', '2026-11-27T12:00:00Z', now)).toBe(2 * DAY + 4 * HOUR);
  });

  it('gives null for an unknown or unreadable start, and ignores an unreadable end', () => {
    expect(secondsBetween(null, null, now)).toBeNull();
    expect(secondsBetween('not a date', null, now)).toBeNull();
    expect(secondsBetween('2026-11-27T12:12:00Z', 'garbage', now)).toBe(MIN);
  });
});
