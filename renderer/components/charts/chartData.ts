/**
 * Data shaping for the bot charts, kept pure so it is tested without a canvas. The charts draw
 * with floats; the figures beside them stay exact decimal strings.
 */
import type { LiveBot, PieSlice, SparklinePoint } from '../../../common/api/bots';
import { PIE_MAX_SLICES } from '../../../common/constants';
import { Decimal } from '../../../common/decimal';
import { BOT_LABELS } from '../../../common/messages';
import { pairLabel } from '../../../common/pairs';

/** SPEC section 9: nine colours, one per named slice or bot line, the ninth for 'Others'. */
export const BOT_PALETTE = [
  '#0f9d76',
  '#1677ff',
  '#faad14',
  '#eb2f96',
  '#722ed1',
  '#13c2c2',
  '#fa541c',
  '#a0d911',
  '#8c8c8c',
] as const;

export interface PiePoint {
  label: string;
  value: number;
}

function decimalOf(value: string | number | null | undefined): Decimal | null {
  try {
    const d = new Decimal(value ?? '');
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/**
 * The Total Funds pie: the largest 8 slices by name, the rest summed into 'Others'; with
 * nothing positive to show, one 'Not Active' slice of 100.
 */
export function foldPieSlices(chartData: readonly PieSlice[] | null | undefined): PiePoint[] {
  const slices = (chartData ?? [])
    .map((s) => ({ label: s.label, value: decimalOf(s.value) }))
    .filter((s): s is { label: string; value: Decimal } => s.value !== null && s.value.gt(0));
  if (slices.length === 0) return [{ label: BOT_LABELS.pieNotActive, value: 100 }];
  const sorted = [...slices].sort((a, b) => b.value.comparedTo(a.value));
  const named = sorted.slice(0, PIE_MAX_SLICES).map((s) => ({ label: s.label, value: s.value.toNumber() }));
  const rest = sorted.slice(PIE_MAX_SLICES);
  if (rest.length === 0) return named;
  const others = rest.reduce((sum, s) => sum.plus(s.value), new Decimal(0));
  return [...named, { label: BOT_LABELS.pieOthers, value: others.toNumber() }];
}

export interface DailyProfitPoint {
  /** UTC date, YYYY-MM-DD. */
  date: string;
  profit: number;
  /** Series name: the pair, numbered when several bots trade the same pair. */
  bot: string;
}

/** One series name per bot: 'BTC/USDT', and 'BTC/USDT #2' for a second bot on the same pair. */
export function botSeriesNames(bots: readonly Pick<LiveBot, 'id' | 'name'>[]): Map<string, string> {
  const seen = new Map<string, number>();
  const names = new Map<string, string>();
  for (const bot of bots) {
    const pair = pairLabel(bot.name);
    const count = (seen.get(pair) ?? 0) + 1;
    seen.set(pair, count);
    names.set(bot.id, count === 1 ? pair : `${pair} #${count}`);
  }
  return names;
}

/** The Daily Chart: each bot's datewiseprofit as one line, dates ascending. */
export function dailyProfitPoints(bots: readonly Pick<LiveBot, 'id' | 'name' | 'datewiseprofit'>[]): DailyProfitPoint[] {
  const names = botSeriesNames(bots);
  const points: DailyProfitPoint[] = [];
  for (const bot of bots) {
    for (const [date, value] of Object.entries(bot.datewiseprofit ?? {})) {
      const profit = decimalOf(value);
      if (profit) points.push({ date, profit: profit.toNumber(), bot: names.get(bot.id) ?? bot.name });
    }
  }
  return points.sort((a, b) => (a.date === b.date ? a.bot.localeCompare(b.bot) : a.date < b.date ? -1 : 1));
}

export interface ProfitPoint {
  date: string;
  profit: number;
}

/** The Running Bot's Profit Chart: its datewiseprofit by date, ascending. */
export function profitPoints(datewiseprofit: Readonly<Record<string, string>> | null | undefined): ProfitPoint[] {
  return Object.entries(datewiseprofit ?? {})
    .map(([date, value]) => ({ date, profit: decimalOf(value) }))
    .filter((p): p is { date: string; profit: Decimal } => p.profit !== null)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .map((p) => ({ date: p.date, profit: p.profit.toNumber() }));
}

/** A sparkline's values in time order. */
export function sparklineValues(points: readonly SparklinePoint[] | null | undefined): number[] {
  return [...(points ?? [])]
    .map((p) => ({ time: p.time, value: decimalOf(p.value) }))
    .filter((p): p is { time: number; value: Decimal } => p.value !== null && Number.isFinite(p.time))
    .sort((a, b) => a.time - b.time)
    .map((p) => p.value.toNumber());
}
