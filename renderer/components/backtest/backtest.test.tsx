import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BacktestResponse } from '../../../common/api/backtest';
import type { StrategyDetail } from '../../../common/api/strategy';
import { CHART_LABELS, LABELS } from '../../../common/messages';
import { Providers } from '../../app/Providers';
import { EquityChart } from './EquityChart';
import { CELL_LABELS } from '../../../common/schemas/strategy';
import { SIGNED_IN, fail, installFakeBridge, ok } from '../../testing/fakeBridge';
import { renderApp } from '../../testing/renderApp';

// The chart library needs a canvas; the test checks the data handed to it instead.
const setData = vi.fn();
vi.mock('lightweight-charts', () => ({
  ColorType: { Solid: 'solid' },
  LineSeries: 'Line',
  createChart: () => ({
    addSeries: () => ({ setData, applyOptions: () => undefined }),
    applyOptions: () => undefined,
    timeScale: () => ({ fitContent: () => undefined }),
    remove: () => undefined,
  }),
}));

const trade = (i: number) =>
  ({
    ts: 1_700_000_000_000 + i * 3_600_000,
    side: i % 2 ? 'sell' : 'buy',
    grid: 1,
    price: '100.125',
    qty: '3.33',
    quote: '333.33',
    fee: '0.33333',
    pnl: i % 2 ? '2.5' : '0',
  }) as const;
const result: BacktestResponse = {
  interval: '1h',
  candles: 720,
  summary: {
    pnl: '12.345',
    roi: '1.2345',
    apy: '15',
    trades: 25,
    maxGridsHeld: 3,
    heldQty: '0',
    unrealized: '0',
    status: 'live',
    maxDrawdown: '40.5',
    maxDrawdownPercent: '3.95',
  },
  trades: Array.from({ length: 25 }, (_, i) => trade(i)),
  skipped: 0,
  equity: [
    { time: 1_700_000_000, equity: '1000' },
    { time: 1_700_003_600, equity: '1012.345' },
    { time: 1_700_007_200, equity: '1010' },
  ],
};

const detail: StrategyDetail = {
  strategy_name: 'My ladder',
  No_of_order: 2,
  allotted_amount_percentage_per_order: ['0.5', '0.5'],
  buy_percentage: ['1.2'],
  buy_percentage_up: ['0.2'],
  takeprofit_percentage: ['1.2', '1.2'],
  takeprofit_percentage_down: ['0.2', '0.2'],
};
const cell = (grid: number, field: keyof typeof CELL_LABELS) => screen.getByLabelText(LABELS.cellAria(grid, CELL_LABELS[field]));
/** Whole-page flows with a modal and a 20-row table: slow on a loaded CI machine. */
const SLOW = 90_000;
const backtestButton = () => screen.getByRole('button', { name: 'Backtest' }) as HTMLButtonElement;

function openEdit() {
  const bridge = installFakeBridge(SIGNED_IN);
  bridge.handle('strategies:detail', () => ok(detail));
  bridge.handle('strategies:list', () => ok([]));
  bridge.handle('market:symbolPairs', () => fail(400, 'The exchange is not available on this server.'));
  renderApp('/editstrategy/My%20ladder');
  return bridge;
}

describe('Backtest on Create Grid Bot Strategy', () => {
  it(
    'is disabled until the table validates, then sends the unsaved table',
    async () => {
      const bridge = installFakeBridge(SIGNED_IN);
      bridge.handle('strategies:list', () => ok([]));
      bridge.handle('market:symbolPairs', () => ok({ pairs: ['BTCUSDT', 'ETHUSDT'] }));
      bridge.handle('strategies:backtest', () => ok(result));
      renderApp('/create-strategy');
      await screen.findByLabelText(LABELS.strategyName);
      expect(backtestButton().disabled).toBe(true);
      fireEvent.change(screen.getByLabelText(LABELS.noOfGrids), { target: { value: '2' } });
      fireEvent.click(screen.getByRole('button', { name: LABELS.add }));
      await screen.findByLabelText(LABELS.cellAria(2, CELL_LABELS.takeProfitPercentage), {}, { timeout: 10_000 });
      expect(backtestButton().disabled).toBe(true);
      fireEvent.click(screen.getByRole('button', { name: LABELS.autoFill }));
      await waitFor(() => expect(backtestButton().disabled).toBe(false), { timeout: 10_000 });
      fireEvent.change(cell(2, 'takeProfitPercentage'), { target: { value: '' } });
      await waitFor(() => expect(backtestButton().disabled).toBe(true), { timeout: 10_000 });
      fireEvent.change(cell(2, 'takeProfitPercentage'), { target: { value: '1.5' } });
      await waitFor(() => expect(backtestButton().disabled).toBe(false), { timeout: 10_000 });

      fireEvent.click(backtestButton());
      const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Run' }));
      await within(dialog).findByText('12.35 USDT', {}, { timeout: 10_000 });
      const [sent] = bridge.callsTo('strategies:backtest');
      expect(sent).toMatchObject({
        pair: 'BTCUSDT',
        amount: '1000',
        days: 30,
        strategy: { noOfGrids: 2 },
      });
      expect((sent as { strategy: { tableData: unknown[] } }).strategy.tableData[1]).toMatchObject({
        gridNo: 2,
        takeProfitPercentage: '1.5',
        allottedAmountPercentagePerOrder: '50.00',
      });
    },
    SLOW,
  );
});

describe('Backtest on Edit Grid Bot Strategy', () => {
  it(
    'runs the edited values and shows the figures, the chart data and 20 trades a page',
    async () => {
      const bridge = openEdit();
      bridge.handle('strategies:backtest', () => ok(result));
      await waitFor(() => expect(backtestButton().disabled).toBe(false), { timeout: 10_000 });
      fireEvent.change(cell(2, 'buyPercentage'), { target: { value: '2.5' } });
      fireEvent.click(backtestButton());
      const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
      const pair = within(dialog).getByLabelText('Pair') as HTMLInputElement;
      expect(pair.value).toBe('BTCUSDT'); // a free input: the exchange could not list pairs
      fireEvent.change(within(dialog).getByLabelText('Days'), { target: { value: '7' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Run' }));
      await within(dialog).findByText('12.35 USDT', {}, { timeout: 10_000 });
      expect(within(dialog).getByText('1.23%')).toBeTruthy();
      expect(within(dialog).getByText('40.50 USDT (3.95%)')).toBeTruthy();
      expect(within(dialog).getByText('Held grids (max)').closest('th')?.nextElementSibling?.textContent).toBe('3');
      expect(within(dialog).getByText('Live')).toBeTruthy();
      expect(within(dialog).getAllByText('100.13')).toHaveLength(20);
      // Fees are USDT: 2 decimals like every amount (0.33333 -> 0.33), never a mix of 3 and 4.
      expect(within(dialog).getAllByText('0.33')).toHaveLength(20);
      await waitFor(() =>
        expect(setData).toHaveBeenCalledWith([
          { time: 1_700_000_000, value: 1000 },
          { time: 1_700_003_600, value: 1012.345 },
          { time: 1_700_007_200, value: 1010 },
        ]),
      );
      expect(within(dialog).getByText(CHART_LABELS.equityHeader('1h'))).toBeTruthy();
      const [sent] = bridge.callsTo('strategies:backtest');
      expect(sent).toMatchObject({ pair: 'BTCUSDT', days: 7, strategy: { noOfGrids: 2 } });
      expect((sent as { strategy: { tableData: unknown[] } }).strategy.tableData[1]).toMatchObject({
        buyPercentage: '2.5',
      });
    },
    SLOW,
  );

  it('is disabled while the edited table is invalid', async () => {
    openEdit();
    await waitFor(() => expect(backtestButton().disabled).toBe(false), { timeout: 10_000 });
    fireEvent.change(cell(1, 'allottedAmountPercentagePerOrder'), { target: { value: '20' } });
    await waitFor(() => expect(backtestButton().disabled).toBe(true), { timeout: 10_000 });
  });

  it('shows the server message when the backtest fails', async () => {
    const bridge = openEdit();
    bridge.handle('strategies:backtest', () => fail(400, 'The exchange is not available on this server.'));
    await waitFor(() => expect(backtestButton().disabled).toBe(false), { timeout: 10_000 });
    fireEvent.click(backtestButton());
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Run' }));
    expect(await within(dialog).findByText('The exchange is not available on this server.')).toBeTruthy();
  });
});

describe('EquityChart', () => {
  it('shows a note instead of a line below 3 points, under its header', () => {
    setData.mockClear();
    render(
      <Providers>
        <EquityChart points={result.equity.slice(0, 2)} interval="1h" />
      </Providers>,
    );
    expect(screen.getByText(CHART_LABELS.notEnoughData)).toBeTruthy();
    expect(screen.getByText('Equity (USDT) · 1 hour candles (UTC)')).toBeTruthy();
    expect(screen.queryByTestId('backtest-equity-chart')).toBeNull();
    expect(setData).not.toHaveBeenCalled();
  });
});
