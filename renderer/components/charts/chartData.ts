/**
 * Data shaping for the bot charts, kept pure so it is tested without a canvas. The charts draw
 * with floats; the figures beside them stay exact decimal strings.
 */
import type { LiveBot, PieSlice, SparklinePoint } from '../../../common/api/bots';
import { PIE_MAX_SLICES } from '../../../common/constants';
import { Decimal } from '../../../common/money';
import { formatPercent } from '../../../common/format';
import { BOT_LABELS, CHART_LABELS } from '../../../common/messages';
import { pairLabel } from '../../../common/pairs';
import { BRAND_COLOR } from '../../app/themeConfig';

/** SPEC section 9: nine colours, one per named slice or bot line, the ninth for 'Others'. */
export const BOT_PALETTE = [
  BRAND_COLOR,
  '#1677ff',
  '#faad14',
  '#eb2f96',
  '#722ed1',
  '#13c2c2',
  '#fa541c',
  '#a0d911',
  '#8c8c8c',
] as const;

const OTHERS_COLOR = BOT_PALETTE[8];

function decimalOf(value: string | number | null | undefined): Decimal | null {
  try {
    const d = new Decimal(value ?? '');
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/**
 * A chart needs this many points (distinct dates, candles, equity samples) to say something: one
 * dot on one tick reads as broken, so fewer show CHART_LABELS.notEnoughData instead.
 */
export const MIN_CHART_POINTS = 3;

export const hasEnoughPoints = (count: number): boolean => count >= MIN_CHART_POINTS;

/** The free-USDT slice's colour: a quiet grey, apart from the bots' palette and 'Others'. */
export const FREE_USDT_COLOR = '#d9d9d9';
export const NOT_ACTIVE_COLOR = '#bfbfbf';

export interface FundsSlice {
  /** What the legend and tooltip show: the pair (or Others, Free USDT) and its share. */
  label: string;
  /** The pair, 'Others', 'Free USDT' or 'Not Active'. */
  name: string;
  /** For the chart's angles only. */
  value: number;
  /** The exact amount, a decimal string. */
  amount: string;
  color: string;
}

export interface FundsPieData {
  slices: FundsSlice[];
  /** What the slices add up to (bots plus free USDT), exact; null when nothing is known. */
  total: string | null;
}

/**
 * The pair a pichart slice is for. The server tells two bots on one pair apart with an id
 * fragment ('BTC/USDT 8ca48a'), which means nothing to a member: the pie merges them by pair.
 */
export function slicePair(label: string): string {
  const match = /^(\S+\/\S+)\s+[0-9a-f]{4,}$/i.exec(label.trim());
  return match?.[1] ?? label.trim();
}

/**
 * The Total Funds pie: the bots' investment merged by pair, the largest 8 pairs named and the
 * rest summed into 'Others', then the free USDT; each slice labelled with its share of the total.
 * With no bot to show, SPEC's one 'Not Active' slice of 100.
 */
export function fundsPie(chartData: readonly PieSlice[] | null | undefined, free?: string | null): FundsPieData {
  const byPair = new Map<string, Decimal>();
  for (const slice of chartData ?? []) {
    const value = decimalOf(slice.value);
    if (!value || !value.gt(0)) continue;
    const pair = slicePair(slice.label);
    byPair.set(pair, (byPair.get(pair) ?? new Decimal(0)).plus(value));
  }
  const freeAmount = decimalOf(free);
  const freeSlice = freeAmount?.gt(0) ? { name: CHART_LABELS.pieFreeUsdt, amount: freeAmount, color: FREE_USDT_COLOR } : null;
  if (byPair.size === 0) {
    const name = BOT_LABELS.pieNotActive;
    return {
      slices: [{ label: name, name, value: 100, amount: '100', color: NOT_ACTIVE_COLOR }],
      total: freeAmount ? freeAmount.toFixed() : null,
    };
  }
  const sorted = [...byPair].sort((a, b) => b[1].comparedTo(a[1]) || a[0].localeCompare(b[0]));
  const parts: { name: string; amount: Decimal; color: string }[] = sorted
    .slice(0, PIE_MAX_SLICES)
    .map(([name, amount], i) => ({ name, amount, color: BOT_PALETTE[i] ?? OTHERS_COLOR }));
  const rest = sorted.slice(PIE_MAX_SLICES);
  if (rest.length > 0) {
    const amount = rest.reduce((sum, [, value]) => sum.plus(value), new Decimal(0));
    parts.push({ name: BOT_LABELS.pieOthers, amount, color: OTHERS_COLOR });
  }
  if (freeSlice) parts.push(freeSlice);
  const total = parts.reduce((sum, p) => sum.plus(p.amount), new Decimal(0));
  return {
    slices: parts.map((p) => ({
      label: CHART_LABELS.pieSlice(p.name, formatPercent(p.amount.div(total).times(100))),
      name: p.name,
      value: p.amount.toNumber(),
      amount: p.amount.toFixed(),
      color: p.color,
    })),
    total: total.toFixed(),
  };
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

/** How many distinct dates a date-keyed chart has: the points along its x axis. */
export function distinctDates(points: readonly { date: string }[]): number {
  return new Set(points.map((p) => p.date)).size;
}

/** A sparkline's values in time order. */
export function sparklineValues(points: readonly SparklinePoint[] | null | undefined): number[] {
  return [...(points ?? [])]
    .map((p) => ({ time: p.time, value: decimalOf(p.value) }))
    .filter((p): p is { time: number; value: Decimal } => p.value !== null && Number.isFinite(p.time))
    .sort((a, b) => a.time - b.time)
    .map((p) => p.value.toNumber());
}
