import { act, render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Kline } from '../../common/api/exchange';
import { Providers, createQueryClient } from '../app/Providers';
import { SIGNED_IN, installFakeBridge, ok, type FakeBridge } from '../testing/fakeBridge';
import { CANDLE_SECONDS, nextBar } from './MarketChart.candles';
import { CANDLES_HEIGHT, CHART_CANDLES, MarketChart } from './MarketChart';
import { CHART_LABELS } from '../../common/messages';
import { BRAND_COLOR } from '../app/themeConfig';

const chartMock = vi.hoisted(() => {
  const series = { setData: vi.fn(), update: vi.fn() };
  const chart = {
    addSeries: vi.fn((..._args: unknown[]) => series),
    applyOptions: vi.fn(),
    remove: vi.fn(),
    timeScale: vi.fn(() => ({ fitContent: vi.fn() })),
  };
  return { series, chart, createChart: vi.fn((..._args: unknown[]) => chart) };
});

vi.mock('lightweight-charts', () => ({
  createChart: chartMock.createChart,
  CandlestickSeries: { type: 'Candlestick' },
  ColorType: { Solid: 'solid' },
}));

const now = Math.floor(Date.now() / 1000);
const lastOpen = Math.floor(now / CANDLE_SECONDS) * CANDLE_SECONDS;
const kline = (time: number, close: string): Kline => ({ time, open: '100', high: '110', low: '90', close, volume: '1' });

let bridge: FakeBridge;
let theme: 'light' | 'dark';

beforeEach(() => {
  vi.clearAllMocks();
  theme = 'light';
  bridge = installFakeBridge(SIGNED_IN);
  bridge.handle('settings:get', () => ok({ theme }));
  bridge.handle('market:tickers', () => ok({ tickers: [] }));
  bridge.handle('market:klines', ({ pair }) =>
    ok({
      klines: [
        kline(lastOpen - 2 * CANDLE_SECONDS, '99'),
        kline(lastOpen - CANDLE_SECONDS, pair === 'BTCUSDT' ? '101' : '201'),
        kline(lastOpen, '105'),
      ],
    }),
  );
});

function mount(pair?: string) {
  const client = createQueryClient();
  const view = render(
    <Providers client={client}>
      <MarketChart pair={pair} />
    </Providers>,
  );
  return {
    ...view,
    setPair: (next: string) =>
      view.rerender(
        <Providers client={client}>
          <MarketChart pair={next} />
        </Providers>,
      ),
  };
}

describe('MarketChart', () => {
  it('draws 15-minute candles of BTCUSDT by default, 587 px high with its header', async () => {
    const view = mount();
    await waitFor(() => expect(chartMock.series.setData).toHaveBeenCalled());
    expect(bridge.callsTo('market:klines')).toEqual([{ pair: 'BTCUSDT', interval: '15m', limit: CHART_CANDLES }]);
    expect(chartMock.createChart.mock.calls[0]?.[1]).toMatchObject({
      height: CANDLES_HEIGHT,
      autoSize: true,
      timeScale: { timeVisible: true, secondsVisible: false },
    });
    expect(view.getByText(CHART_LABELS.marketHeader('BTC/USDT', '15m'))).toBeTruthy();
    expect(CHART_LABELS.marketHeader('BTC/USDT', '15m')).toBe('BTC/USDT · 15 min candles (UTC)');
    expect(chartMock.series.setData.mock.calls[0]?.[0]).toEqual([
      { time: lastOpen - 2 * CANDLE_SECONDS, open: 100, high: 110, low: 90, close: 99 },
      { time: lastOpen - CANDLE_SECONDS, open: 100, high: 110, low: 90, close: 101 },
      { time: lastOpen, open: 100, high: 110, low: 90, close: 105 },
    ]);
    expect(view.getByRole('figure', { name: 'BTCUSDT market chart' }).style.height).toBe('587px');
  });

  it('draws up candles in the brand colour', async () => {
    mount();
    await waitFor(() => expect(chartMock.chart.addSeries).toHaveBeenCalled());
    expect(chartMock.chart.addSeries.mock.calls[0]).toEqual([
      expect.anything(),
      expect.objectContaining({ upColor: BRAND_COLOR, wickUpColor: BRAND_COLOR }),
    ]);
  });

  it('shows a note instead of the candles while there are fewer than 3', async () => {
    bridge.handle('market:klines', () => ok({ klines: [kline(lastOpen - CANDLE_SECONDS, '101'), kline(lastOpen, '105')] }));
    const view = mount('ETHUSDT');
    expect(await view.findByText(CHART_LABELS.notEnoughData)).toBeTruthy();
    expect(view.getByText(CHART_LABELS.marketHeader('ETH/USDT', '15m'))).toBeTruthy();
  });

  it('asks for the new pair when the selection changes', async () => {
    const view = mount('ETHUSDT');
    await waitFor(() => expect(chartMock.series.setData).toHaveBeenCalledTimes(1));
    view.setPair('SOLUSDT');
    await waitFor(() => expect(chartMock.series.setData).toHaveBeenCalledTimes(2));
    expect(bridge.callsTo('market:klines')).toEqual([
      { pair: 'ETHUSDT', interval: '15m', limit: CHART_CANDLES },
      { pair: 'SOLUSDT', interval: '15m', limit: CHART_CANDLES },
    ]);
  });

  it('follows the theme', async () => {
    mount();
    await waitFor(() =>
      expect(chartMock.chart.applyOptions).toHaveBeenCalledWith(
        expect.objectContaining({ layout: expect.objectContaining({ background: { type: 'solid', color: '#ffffff' } }) }),
      ),
    );
    theme = 'dark';
    await waitFor(
      () =>
        expect(chartMock.chart.applyOptions).toHaveBeenLastCalledWith(
          // The dark theme's card surface (themeConfig.ts), near-black rather than antd's #141414.
          expect.objectContaining({ layout: expect.objectContaining({ background: { type: 'solid', color: '#161b22' } }) }),
        ),
      { timeout: 4_000 },
    );
  });

  it('moves the last candle with the live ticker of its pair only', async () => {
    // Inside the last candle's 15 minutes, whenever the test runs: past them, the ticker would
    // rightly open the next candle (this failed when a run crossed a quarter hour).
    const clock = vi.spyOn(Date, 'now').mockReturnValue((lastOpen + 60) * 1000);
    onTestFinished(() => clock.mockRestore());
    mount();
    await waitFor(() => expect(chartMock.series.setData).toHaveBeenCalled());
    act(() => bridge.emit('market:tickers', { tickers: [{ symbol: 'ETHUSDT', price: '3000', changePercent: '0' }] }));
    act(() => bridge.emit('market:tickers', { tickers: [{ symbol: 'BTCUSDT', price: '120', changePercent: '1' }] }));
    await waitFor(() => expect(chartMock.series.update).toHaveBeenCalledTimes(1));
    expect(chartMock.series.update).toHaveBeenCalledWith({ time: lastOpen, open: 100, high: 120, low: 90, close: 120 });
  });

  it('removes the chart on unmount', async () => {
    const view = mount();
    await waitFor(() => expect(chartMock.createChart).toHaveBeenCalled());
    view.unmount();
    expect(chartMock.chart.remove).toHaveBeenCalled();
  });
});

describe('nextBar', () => {
  const last = { time: 900, open: 1, high: 2, low: 0.5, close: 1.5 };
  it('moves the current candle, opens the next one, ignores an older price', () => {
    expect(nextBar(last, 3, 1000)).toEqual({ ...last, high: 3, close: 3 });
    expect(nextBar(last, 1, 1800)).toEqual({ time: 1800, open: 1.5, high: 1.5, low: 1, close: 1 });
    expect(nextBar(last, 1, 100)).toBeNull();
    expect(nextBar(undefined, 1, 1000)).toBeNull();
  });
});
