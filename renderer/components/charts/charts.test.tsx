import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BOT_LABELS } from '../../../common/messages';
import { Providers } from '../../app/Providers';
import { DailyProfitChart } from './DailyProfitChart';
import { FundsPie } from './FundsPie';
import { ProfitChart } from './ProfitChart';
import { Sparkline } from './Sparkline';
import { BOT_PALETTE } from './chartData';
import { chartData } from './testing/chartsMock';
import { expectConsoleErrors } from '../../testing/console';

const broken = { current: false };
vi.mock('@ant-design/charts', async () => {
  const mock = await import('./testing/chartsMock');
  const Pie = (props: Record<string, unknown>) => {
    if (broken.current) throw new Error('canvas unavailable');
    return (
      <div data-testid="chart-pie" data-json={JSON.stringify(props.data)} data-colors={JSON.stringify((props.scale as { color: { range: string[] } }).color.range)} />
    );
  };
  return { ...mock, Pie };
});

beforeEach(() => {
  broken.current = false;
});

const inApp = (ui: React.ReactNode) => render(<Providers>{ui}</Providers>);

describe('chart wrappers', () => {
  it('draws the Daily Chart at 445 px by default, and an empty state without data', async () => {
    const { unmount } = inApp(<DailyProfitChart bots={[{ id: 'a', name: 'BTCUSDT', datewiseprofit: { '2026-11-01': '2' } }]} />);
    const chart = await screen.findByTestId('chart-line');
    expect(chart.getAttribute('data-height')).toBe('445');
    expect(chartData(chart)).toEqual([{ date: '2026-11-01', profit: 2, bot: 'BTC/USDT' }]);
    unmount();
    inApp(<DailyProfitChart bots={[]} />);
    expect(screen.getByRole('img', { name: BOT_LABELS.dailyChart }).querySelector('.ant-empty')).toBeTruthy();
  });

  it('draws the Profit Chart at the height it is given', async () => {
    inApp(<ProfitChart datewiseprofit={{ '2026-11-02': '1', '2026-11-01': '-1' }} height={200} />);
    const chart = await screen.findByTestId('chart-line');
    expect(chart.getAttribute('data-height')).toBe('200');
    expect(chartData(chart)).toEqual([
      { date: '2026-11-01', profit: -1 },
      { date: '2026-11-02', profit: 1 },
    ]);
  });

  it('colours the pie slices from the nine-colour palette', async () => {
    const data = Array.from({ length: 10 }, (_, i) => ({ label: `B${i}`, value: '1' }));
    inApp(<FundsPie chartData={data} />);
    const chart = await screen.findByTestId('chart-pie');
    expect(chartData<unknown[]>(chart)).toHaveLength(9);
    expect(JSON.parse(chart.getAttribute('data-colors') ?? '[]')).toEqual([...BOT_PALETTE]);
  });

  it("draws 'Not Active' in one neutral colour", async () => {
    inApp(<FundsPie chartData={[]} />);
    const chart = await screen.findByTestId('chart-pie');
    expect(chartData(chart)).toEqual([{ label: BOT_LABELS.pieNotActive, value: 100 }]);
    expect(JSON.parse(chart.getAttribute('data-colors') ?? '[]')).toHaveLength(1);
  });

  it('leaves an empty box instead of breaking the page when the chart library fails', async () => {
    const errors = expectConsoleErrors();
    broken.current = true;
    inApp(<FundsPie chartData={[]} />);
    const region = screen.getByRole('img', { name: BOT_LABELS.totalFunds });
    await vi.waitFor(() => expect(errors).toHaveBeenCalledWith('Chart failed to draw', expect.any(Error)));
    expect(region.querySelector('[data-testid="chart-pie"]')).toBeNull();
  });

  it('draws a sparkline from two points or more', async () => {
    const { unmount } = inApp(<Sparkline points={[{ time: 2, value: '5' }, { time: 1, value: '1' }]} />);
    expect(chartData(await screen.findByTestId('chart-tiny-line'))).toEqual([1, 5]);
    unmount();
    inApp(<Sparkline points={[{ time: 1, value: '1' }]} />);
    expect(screen.queryByTestId('chart-tiny-line')).toBeNull();
  });
});
