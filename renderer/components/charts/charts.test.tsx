import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BOT_LABELS, CHART_LABELS } from '../../../common/messages';
import { Providers } from '../../app/Providers';
import { DailyProfitChart } from './DailyProfitChart';
import { FundsPie } from './FundsPie';
import { ProfitChart } from './ProfitChart';
import { Sparkline } from './Sparkline';
import { BOT_PALETTE, FREE_USDT_COLOR } from './chartData';
import { chartData } from './testing/chartsMock';
import { expectConsoleErrors } from '../../testing/console';

const broken = { current: false };
vi.mock('@ant-design/charts', async () => {
  const mock = await import('./testing/chartsMock');
  const Pie = (props: Record<string, unknown>) => {
    if (broken.current) throw new Error('canvas unavailable');
    return (
      <div
        data-testid="chart-pie"
        data-json={JSON.stringify(props.data)}
        data-colors={JSON.stringify((props.scale as { color: { range: string[] } }).color.range)}
      />
    );
  };
  return { ...mock, Pie };
});

beforeEach(() => {
  broken.current = false;
});

const inApp = (ui: React.ReactNode) => render(<Providers>{ui}</Providers>);

const threeDays = { '2026-11-03': '0.5', '2026-11-02': '1', '2026-11-01': '-1' };

describe('chart wrappers', () => {
  it('draws the Daily Chart at 445 px by default', async () => {
    inApp(<DailyProfitChart bots={[{ id: 'a', name: 'BTCUSDT', datewiseprofit: threeDays }]} />);
    const chart = await screen.findByTestId('chart-line');
    expect(chart.getAttribute('data-height')).toBe('445');
    expect(chartData(chart)).toEqual([
      { date: '2026-11-01', profit: -1, bot: 'BTC/USDT' },
      { date: '2026-11-02', profit: 1, bot: 'BTC/USDT' },
      { date: '2026-11-03', profit: 0.5, bot: 'BTC/USDT' },
    ]);
  });

  it.each([
    ['no date', {}],
    ['one date', { '2026-11-01': '2' }],
    ['two dates', { '2026-11-01': '2', '2026-11-02': '3' }],
  ])('shows a one-line note instead of a chart with %s', (_, datewiseprofit) => {
    const { unmount } = inApp(<ProfitChart datewiseprofit={datewiseprofit} height={200} />);
    const region = screen.getByRole('img', { name: BOT_LABELS.chartProfit });
    expect(region.textContent).toBe(CHART_LABELS.notEnoughData);
    expect(screen.queryByTestId('chart-line')).toBeNull();
    unmount();
    inApp(
      <DailyProfitChart
        bots={[
          { id: 'a', name: 'BTCUSDT', datewiseprofit },
          { id: 'b', name: 'ETHUSDT', datewiseprofit },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: BOT_LABELS.dailyChart }).textContent).toBe(CHART_LABELS.notEnoughData);
  });

  it('draws the Profit Chart at the height it is given, from 3 dates', async () => {
    inApp(<ProfitChart datewiseprofit={threeDays} height={200} />);
    const chart = await screen.findByTestId('chart-line');
    expect(chart.getAttribute('data-height')).toBe('200');
    expect(chartData<unknown[]>(chart)).toHaveLength(3);
  });

  it('labels the pie by pair and share, adds free USDT, and shows the total', async () => {
    inApp(
      <FundsPie
        chartData={[
          { label: 'BTC/USDT 8ca48a', value: '300' },
          { label: 'BTC/USDT 77aa01', value: '121' },
          { label: 'ETH/USDT 1f2e3d', value: '300' },
        ]}
        free="279"
      />,
    );
    const chart = await screen.findByTestId('chart-pie');
    const labels = chartData<{ label: string }[]>(chart).map((d) => d.label);
    expect(labels).toEqual(['BTC/USDT 42.10%', 'ETH/USDT 30.00%', `${CHART_LABELS.pieFreeUsdt} 27.90%`]);
    expect(labels.join(' ')).not.toMatch(/8ca48a|77aa01|1f2e3d/);
    expect(JSON.parse(chart.getAttribute('data-colors') ?? '[]')).toEqual([BOT_PALETTE[0], BOT_PALETTE[1], FREE_USDT_COLOR]);
    expect(screen.getByText(CHART_LABELS.pieTotal('1000.00'))).toBeTruthy();
  });

  it('colours up to 8 pairs and Others from the nine-colour palette', async () => {
    const data = Array.from({ length: 10 }, (_, i) => ({ label: `B${i}/USDT`, value: '1' }));
    inApp(<FundsPie chartData={data} />);
    const chart = await screen.findByTestId('chart-pie');
    expect(chartData<unknown[]>(chart)).toHaveLength(9);
    expect(JSON.parse(chart.getAttribute('data-colors') ?? '[]')).toEqual([...BOT_PALETTE]);
  });

  it("draws 'Not Active' in one neutral colour", async () => {
    inApp(<FundsPie chartData={[]} />);
    const chart = await screen.findByTestId('chart-pie');
    expect(chartData<{ label: string; value: number }[]>(chart).map((d) => [d.label, d.value])).toEqual([
      [BOT_LABELS.pieNotActive, 100],
    ]);
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

  it('draws a sparkline from two points or more, and leaves no box below that', async () => {
    const { unmount, container } = inApp(
      <Sparkline
        points={[
          { time: 2, value: '5' },
          { time: 1, value: '1' },
        ]}
      />,
    );
    expect(chartData(await screen.findByTestId('chart-tiny-line'))).toEqual([1, 5]);
    expect(container.querySelector('.sparkline')).toBeTruthy();
    unmount();
    for (const points of [[{ time: 1, value: '1' }], [], null]) {
      const view = inApp(<Sparkline points={points} />);
      expect(view.container.querySelector('.sparkline')).toBeNull();
      view.unmount();
    }
  });
});
