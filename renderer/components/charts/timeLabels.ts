/**
 * Time-axis labels of the candle charts (market chart, backtest equity), in UTC like the candles
 * themselves. The axis labels a tick inside a day by its time and a tick that starts a day by its
 * date, so a 15-minute chart never shows the same day label over and over. Pure.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** What a tick marks, in lightweight-charts' TickMarkType order (Year = 0 ... TimeWithSeconds = 4). */
export const TICK_KINDS = ['year', 'month', 'day', 'time', 'seconds'] as const;
export type TickKind = (typeof TICK_KINDS)[number];

const two = (n: number) => String(n).padStart(2, '0');

/** A tick's label: '2026' for a year, 'Nov' for a month, 'Nov 27' for a day, '14:30' within a day. */
export function tickLabel(epochSeconds: number, kind: TickKind): string {
  const d = new Date(epochSeconds * 1000);
  const month = MONTHS[d.getUTCMonth()] ?? '';
  switch (kind) {
    case 'year':
      return String(d.getUTCFullYear());
    case 'month':
      return month;
    case 'day':
      return `${month} ${d.getUTCDate()}`;
    case 'time':
      return `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
    case 'seconds':
      return `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
  }
}

/** The lightweight-charts tick formatter: its numeric tick type mapped to our kinds. */
export function chartTickLabel(time: unknown, tickMarkType: number): string | null {
  const kind = TICK_KINDS[tickMarkType];
  return typeof time === 'number' && kind ? tickLabel(time, kind) : null;
}

/** The crosshair's label: date and time, 'Nov 27 14:30'. */
export function crosshairLabel(time: unknown): string {
  return typeof time === 'number' ? `${tickLabel(time, 'day')} ${tickLabel(time, 'time')}` : String(time);
}

/** The options that give a candle chart these labels (time ticks shown, not only days). */
export const TIME_AXIS_OPTIONS = {
  timeScale: { timeVisible: true, secondsVisible: false, tickMarkFormatter: chartTickLabel },
  localization: { timeFormatter: crosshairLabel },
} as const;
