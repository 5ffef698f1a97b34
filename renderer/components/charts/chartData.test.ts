import { describe, expect, it } from 'vitest';
import { BOT_LABELS } from '../../../common/messages';
import { BOT_PALETTE, botSeriesNames, dailyProfitPoints, foldPieSlices, profitPoints, sparklineValues } from './chartData';

const slices = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `Bot ${i + 1}`, value: String(i + 1) }));

describe('funds pie', () => {
  it('has nine colours', () => {
    expect(new Set(BOT_PALETTE).size).toBe(9);
  });

  it('keeps up to 8 slices as they are, largest first', () => {
    expect(foldPieSlices(slices(8)).map((s) => s.label)).toEqual(['Bot 8', 'Bot 7', 'Bot 6', 'Bot 5', 'Bot 4', 'Bot 3', 'Bot 2', 'Bot 1']);
  });

  it("sums everything past the 8 largest into 'Others'", () => {
    const folded = foldPieSlices(slices(12));
    expect(folded).toHaveLength(9);
    expect(folded.slice(0, 8).map((s) => s.label)).toEqual(['Bot 12', 'Bot 11', 'Bot 10', 'Bot 9', 'Bot 8', 'Bot 7', 'Bot 6', 'Bot 5']);
    expect(folded[8]).toEqual({ label: BOT_LABELS.pieOthers, value: 10 });
  });

  it('adds decimals exactly', () => {
    const data = [...slices(8).map((s) => ({ ...s, value: '100' })), { label: 'a', value: '0.1' }, { label: 'b', value: '0.2' }];
    expect(foldPieSlices(data)[8]).toEqual({ label: BOT_LABELS.pieOthers, value: 0.3 });
  });

  it.each([[[]], [null], [[{ label: 'x', value: '0' }, { label: 'y', value: 'n/a' }]]])(
    "shows one 'Not Active' slice of 100 without data (%j)",
    (data) => {
      expect(foldPieSlices(data)).toEqual([{ label: BOT_LABELS.pieNotActive, value: 100 }]);
    },
  );
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
    expect(sparklineValues([{ time: 3, value: '3' }, { time: 1, value: '1' }, { time: 2, value: 'x' }])).toEqual([1, 3]);
    expect(sparklineValues(undefined)).toEqual([]);
  });
});
