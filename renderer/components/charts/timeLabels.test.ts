import { describe, expect, it } from 'vitest';
import { TIME_AXIS_OPTIONS, chartTickLabel, crosshairLabel, tickLabel } from './timeLabels';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('time-axis labels', () => {
  it('labels ticks inside a day by their time and the start of a day by its date (UTC)', () => {
    // A 15-minute chart over two days: the day label appears once per day, the rest are times.
    const ticks: [string, number][] = [
      ['2026-11-26T22:00:00Z', 3],
      ['2026-11-26T23:00:00Z', 3],
      ['2026-11-27T00:00:00Z', 2],
      ['2026-11-27T01:00:00Z', 3],
      ['2026-11-27T01:15:00Z', 3],
    ];
    expect(ticks.map(([iso, type]) => chartTickLabel(at(iso), type))).toEqual(['22:00', '23:00', 'Nov 27', '01:00', '01:15']);
  });

  it('labels months and years across longer spans', () => {
    expect(tickLabel(at('2026-12-01T00:00:00Z'), 'month')).toBe('Dec');
    expect(tickLabel(at('2027-01-01T00:00:00Z'), 'year')).toBe('2027');
    expect(tickLabel(at('2026-11-27T01:02:03Z'), 'seconds')).toBe('01:02:03');
  });

  it('gives the crosshair date and time, and leaves unknown ticks to the library', () => {
    expect(crosshairLabel(at('2026-11-27T14:30:00Z'))).toBe('Nov 27 14:30');
    expect(chartTickLabel(at('2026-11-27T14:30:00Z'), 9)).toBeNull();
    expect(chartTickLabel('2026-11-27', 2)).toBeNull();
  });

  it('shows times on the axis, not only days', () => {
    expect(TIME_AXIS_OPTIONS.timeScale).toMatchObject({ timeVisible: true, secondsVisible: false });
  });
});
