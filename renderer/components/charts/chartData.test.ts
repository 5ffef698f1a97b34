import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../common/money';
import { BOT_LABELS } from '../../../common/messages';
import { CHART_LABELS } from '../../../common/messages';
import { BRAND_COLOR } from '../../app/themeConfig';
import {
  BOT_PALETTE,
  FREE_USDT_COLOR,
  MIN_CHART_POINTS,
  botSeriesNames,
  dailyProfitPoints,
  distinctDates,
  fundsPie,
  hasEnoughPoints,
  profitPoints,
  slicePair,
  sparklineValues,
} from './chartData';

const slices = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `P${i + 1}/USDT`, value: String(i + 1) }));
const names = (data: ReturnType<typeof fundsPie>) => data.slices.map((s) => s.name);

describe('funds pie', () => {
  it('has nine colours, the brand colour first', () => {
    expect(new Set(BOT_PALETTE).size).toBe(9);
    expect(BOT_PALETTE[0]).toBe(BRAND_COLOR);
  });

  it('names a slice by its pair, never by the bot id fragment the server adds', () => {
    expect(slicePair('BTC/USDT 8ca48a')).toBe('BTC/USDT');
    expect(slicePair('ETH/USDT')).toBe('ETH/USDT');
    expect(slicePair('Others')).toBe('Others');
  });

  it('labels each slice with its pair and share, and adds the free USDT as its own slice', () => {
    const pie = fundsPie(
      [
        { label: 'BTC/USDT 8ca48a', value: '421' },
        { label: 'ETH/USDT 1f2e3d', value: '300' },
      ],
      '279',
    );
    expect(pie.total).toBe('1000');
    expect(pie.slices.map((s) => s.label)).toEqual(['BTC/USDT 42.10%', 'ETH/USDT 30.00%', `${CHART_LABELS.pieFreeUsdt} 27.90%`]);
    expect(pie.slices.at(-1)?.color).toBe(FREE_USDT_COLOR);
    expect(pie.slices.map((s) => s.color).slice(0, 2)).toEqual([BOT_PALETTE[0], BOT_PALETTE[1]]);
  });

  it('merges the bots that share a pair into one slice', () => {
    const pie = fundsPie(
      [
        { label: 'BTC/USDT 8ca48a', value: '100.5' },
        { label: 'BTC/USDT 77aa01', value: '99.5' },
        { label: 'ETH/USDT 1f2e3d', value: '50' },
      ],
      '0',
    );
    expect(pie.slices.map((s) => [s.name, s.amount])).toEqual([
      ['BTC/USDT', '200'],
      ['ETH/USDT', '50'],
    ]);
    expect(pie.slices.map((s) => s.label)).toEqual(['BTC/USDT 80.00%', 'ETH/USDT 20.00%']);
  });

  it('keeps the 8 largest pairs, sums the rest into Others, and puts the free USDT last', () => {
    const pie = fundsPie(slices(12), '5');
    expect(names(pie)).toEqual([
      ...['P12', 'P11', 'P10', 'P9', 'P8', 'P7', 'P6', 'P5'].map((p) => `${p}/USDT`),
      BOT_LABELS.pieOthers,
      CHART_LABELS.pieFreeUsdt,
    ]);
    expect(pie.slices[8]?.amount).toBe('10');
    expect(pie.slices[8]?.color).toBe(BOT_PALETTE[8]);
  });

  it('adds decimals exactly: the slices sum to the total to the last digit', () => {
    const pie = fundsPie(
      [
        ...slices(8).map((s) => ({ ...s, value: '100' })),
        { label: 'A/USDT 0a0a0a', value: '0.1' },
        { label: 'B/USDT 0b0b0b', value: '0.2' },
      ],
      '0.000001',
    );
    expect(pie.slices[8]?.amount).toBe('0.3');
    expect(pie.total).toBe('800.300001');
    const sum = pie.slices.reduce((acc, s) => acc.plus(s.amount), new Decimal(0));
    expect(sum.toFixed()).toBe(pie.total);
  });

  it.each([
    [[]],
    [null],
    [
      [
        { label: 'x', value: '0' },
        { label: 'y', value: 'n/a' },
      ],
    ],
  ])("shows one 'Not Active' slice of 100 without bots (%j)", (data) => {
    const pie = fundsPie(data, '25.5');
    expect(pie.slices.map((s) => [s.label, s.value])).toEqual([[BOT_LABELS.pieNotActive, 100]]);
    expect(pie.total).toBe('25.5');
  });

  it('has no total when nothing is known', () => {
    expect(fundsPie([], undefined).total).toBeNull();
  });
});

describe('too few points', () => {
  it('draws a chart from 3 points, a note below', () => {
    expect(MIN_CHART_POINTS).toBe(3);
    expect([0, 1, 2, 3, 10].map(hasEnoughPoints)).toEqual([false, false, false, true, true]);
  });

  it('counts the dates along the axis, not the points of several lines', () => {
    const points = dailyProfitPoints([
      { id: 'a', name: 'BTCUSDT', datewiseprofit: { '2026-11-01': '1', '2026-11-02': '2' } },
      { id: 'b', name: 'ETHUSDT', datewiseprofit: { '2026-11-01': '3', '2026-11-02': '4' } },
    ]);
    expect(points).toHaveLength(4);
    expect(distinctDates(points)).toBe(2);
    expect(hasEnoughPoints(distinctDates(points))).toBe(false);
  });
});

describe('daily profit', () => {
  it('numbers bots that share a pair', () => {
    const names = botSeriesNames([
      { id: 'a', name: 'BTCUSDT' },
      { id: 'b', name: 'ETHUSDT' },
      { id: 'c', name: 'BTCUSDT' },
    ]);
    expect([...names.values()]).toEqual(['BTC/USDT', 'ETH/USDT', 'BTC/USDT #2']);
  });

  it('turns each datewiseprofit into points by date, skipping bad values', () => {
    const points = dailyProfitPoints([
      { id: 'a', name: 'BTCUSDT', datewiseprofit: { '2026-11-02': '1.5', '2026-11-01': '-2', '2026-11-03': 'x' } },
      { id: 'b', name: 'ETHUSDT', datewiseprofit: { '2026-11-01': '3' } },
    ]);
    expect(points).toEqual([
      { date: '2026-11-01', profit: -2, bot: 'BTC/USDT' },
      { date: '2026-11-01', profit: 3, bot: 'ETH/USDT' },
      { date: '2026-11-02', profit: 1.5, bot: 'BTC/USDT' },
    ]);
  });
});

describe('profit chart and sparkline', () => {
  it('sorts a bot’s profit by date', () => {
    expect(profitPoints({ '2026-11-02': '2', '2026-11-01': '1' })).toEqual([
      { date: '2026-11-01', profit: 1 },
      { date: '2026-11-02', profit: 2 },
    ]);
    expect(profitPoints(null)).toEqual([]);
  });

  it('orders sparkline values by time', () => {
    expect(
      sparklineValues([
        { time: 3, value: '3' },
        { time: 1, value: '1' },
        { time: 2, value: 'x' },
      ]),
    ).toEqual([1, 3]);
    expect(sparklineValues(undefined)).toEqual([]);
  });
});
