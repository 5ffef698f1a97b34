import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BotHistoryRow } from '../../../common/api/bots';
import type { CycleHistoryRow } from '../../../common/api/cycles';
import type { BotHistoryKind } from '../../api/bots';
import { BOT_LABELS, CYCLE_LABELS, STATE_LABELS, TEXT } from '../../../common/messages';
import { historyTabPath } from '../../../common/routes';
import { SIGNED_IN, deferred, fail, installFakeBridge, ok, type FakeBridge } from '../../testing/fakeBridge';
import { NUMERIC_CELL } from '../../components/states';
import { renderApp } from '../../testing/renderApp';
import { expectConsoleErrors } from '../../testing/console';
import { STOP_REASON_TEXT, CYCLE_BELOW_MINIMUM_TEXT } from '../../../common/api/stop-reasons';

const row = (i: number, over: Partial<BotHistoryRow> = {}): BotHistoryRow => ({
  id: `r${i}`,
  symbol: 'BTCUSDT',
  strategy_name: `Strategy ${i}`,
  runtime: 4,
  investment: '1000',
  profit: '25.555',
  lossbook: '-5.5',
  totalpnl: '20.055',
  roi: '2.0055',
  botstarttime: '2026-11-01T10:00:00Z',
  botstoptime: '2026-11-05T10:00:00Z',
  stopAt: '43210.12',
  trades: 9,
  stopReason: 'manual',
  ...over,
});

const cycleRow = (i: number, over: Partial<CycleHistoryRow> = {}): CycleHistoryRow => ({
  ...row(i, { symbol: 'ETHUSDT', strategy_name: `Cycle ${i}/5` }),
  status: 'Completed',
  stopReason: null,
  cycles_completed: 5,
  no_of_cycle: 5,
  ...over,
});

function open(
  rows: Partial<Record<BotHistoryKind, BotHistoryRow[]>>,
  cycles: CycleHistoryRow[] | { rows: CycleHistoryRow[] } = [],
  path = '/history',
): FakeBridge {
  const bridge = installFakeBridge(SIGNED_IN);
  bridge.handle('bots:multigridHistory', () => ok(rows.multigrid ?? []));
  bridge.handle('bots:scalpHistory', () => ok(rows.scalp ?? []));
  bridge.handle('cycles:history', () => ok(Array.isArray(cycles) ? cycles : cycles.rows));
  renderApp(path);
  return bridge;
}

const pane = () => screen.getByRole('tabpanel');
const bodyRows = () => [...pane().querySelectorAll<HTMLElement>('tbody tr.ant-table-row')];
const cellTexts = (tr: HTMLElement) => [...tr.querySelectorAll('td')].map((td) => td.textContent);

describe('history', () => {
  it('has Multigrid and Cycle tabs only, and the columns of SPEC', async () => {
    open({ multigrid: [row(1)] });
    expect(await screen.findByRole('tab', { name: BOT_LABELS.historyMultigrid })).toBeTruthy();
    expect(screen.getByRole('tab', { name: BOT_LABELS.historyCycle })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: BOT_LABELS.historyScalping })).toBeNull();
    await screen.findByText('Strategy 1');
    const headers = [...pane().querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual([
      BOT_LABELS.colSymbol,
      BOT_LABELS.colStrategy,
      BOT_LABELS.colRuntime,
      BOT_LABELS.colInvestment,
      BOT_LABELS.colProfitBook,
      BOT_LABELS.colLossBook,
      BOT_LABELS.colTotalPnl,
      BOT_LABELS.colRoi,
      BOT_LABELS.colStartTime,
      BOT_LABELS.colStopTime,
      BOT_LABELS.colClosedPrice,
      BOT_LABELS.colTotalOrders,
    ]);
  });

  it("writes a row with 2-decimal money, 'System Strategy' by default and 'NA' without a loss book", async () => {
    open({ multigrid: [row(1, { strategy_name: '', lossbook: 'NA', totalpnl: '-3.333' })] });
    await screen.findByText('BTC/USDT');
    const [tr] = bodyRows();
    const cells = cellTexts(tr!);
    expect(cells.slice(1, 8)).toEqual(['System Strategy', '4d', '1000.00', '25.56', TEXT.notApplicable, '-3.33', '2.01%']);
    expect(cells[8]).toMatch(/^2026-11-0[12] \d\d:00:00$/);
    expect(cells.slice(10)).toEqual(['43210.12', '9']);
    expect(within(tr!).getByText('-3.33').dataset.direction).toBe('down');
  });

  it('writes the runtime from start to stop in two units, and the closed price with its cents', async () => {
    open({
      multigrid: [
        row(1, { runtime: 0, botstarttime: '2026-11-01T10:00:00Z', botstoptime: '2026-11-01T10:13:30Z', stopAt: '67392.7' }),
      ],
    });
    await screen.findByText('BTC/USDT');
    const cells = cellTexts(bodyRows()[0]!);
    expect(cells[2]).toBe('13m');
    expect(cells[10]).toBe('67392.70');
  });

  it('shows a booked loss to 2 decimals', async () => {
    open({ multigrid: [row(1)] });
    await screen.findByText('BTC/USDT');
    expect(cellTexts(bodyRows()[0]!)[5]).toBe('-5.50');
  });

  it('pages at 20 rows with at most 5 page numbers, Previous and Next', async () => {
    open({ multigrid: Array.from({ length: 130 }, (_, i) => row(i + 1)) });
    await screen.findByText('Strategy 1');
    expect(bodyRows()).toHaveLength(20);
    const pager = screen.getByRole('navigation', { name: BOT_LABELS.pagination });
    const numbers = () =>
      within(pager)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent);
    expect(numbers()).toEqual(['1', '2', '3', '4', '5']);
    expect((within(pager).getByRole('button', { name: BOT_LABELS.previous }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: BOT_LABELS.pageNumber(5) }));
    await screen.findByText('Strategy 81');
    expect(numbers()).toEqual(['3', '4', '5', '6', '7']);
    fireEvent.click(within(pager).getByRole('button', { name: BOT_LABELS.pageNumber(7) }));
    await screen.findByText('Strategy 130');
    expect(bodyRows()).toHaveLength(10);
    expect((within(pager).getByRole('button', { name: BOT_LABELS.next }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: BOT_LABELS.previous }));
    await screen.findByText('Strategy 101');
  });

  it("shows a skeleton of rows while loading, and 'No Records Found.' only for an empty answer", async () => {
    const bridge = open({});
    const pending = deferred<ReturnType<typeof ok<BotHistoryRow[]>>>();
    bridge.handle('bots:multigridHistory', () => pending.promise);
    expect(await screen.findByRole('status', { name: STATE_LABELS.loading })).toBeTruthy();
    expect(screen.queryByText(TEXT.noRecords)).toBeNull();
    pending.resolve(ok([]));
    expect(await screen.findByText(TEXT.noRecords)).toBeTruthy();
    expect(screen.queryByRole('status', { name: STATE_LABELS.loading })).toBeNull();
  });

  it('says a failed fetch could not be loaded (not an empty history), and Retry reads it again', async () => {
    const errors = expectConsoleErrors();
    const bridge = installFakeBridge(SIGNED_IN);
    bridge.handle('bots:multigridHistory', () => fail(500, 'boom'));
    renderApp('/history');
    expect(await screen.findByText(STATE_LABELS.loadFailed)).toBeTruthy();
    expect(screen.queryByText(TEXT.noRecords)).toBeNull();
    await waitFor(() => expect(errors).toHaveBeenCalled());
    bridge.handle('bots:multigridHistory', () => ok([row(1)]));
    fireEvent.click(screen.getByRole('button', { name: STATE_LABELS.retry }));
    expect(await screen.findByText('Strategy 1')).toBeTruthy();
    expect(screen.queryByText(STATE_LABELS.loadFailed)).toBeNull();
  });

  it('keeps the symbol column fixed while the others scroll, figures right-aligned on one line', async () => {
    open({ multigrid: [row(1)] });
    await screen.findByText('Strategy 1');
    const first = bodyRows()[0]!.querySelector('td')!;
    expect(first.className).toMatch(/ant-table-cell-fix/);
    expect(pane().querySelector('.ant-table-content, .ant-table-body')).not.toBeNull();
    const figures = [...bodyRows()[0]!.querySelectorAll<HTMLElement>(`td.${NUMERIC_CELL}`)];
    // Runtime to Total Orders: ten columns of figures, times and prices.
    expect(figures).toHaveLength(10);
    for (const td of figures) {
      expect(td.style.whiteSpace).toBe('nowrap');
      expect(td.style.textAlign === 'right' || /align-right/.test(td.className)).toBe(true);
    }
  });

  it('reloads when a bot stops', async () => {
    const rows: Partial<Record<BotHistoryKind, BotHistoryRow[]>> = { multigrid: [row(1)] };
    const bridge = open(rows);
    await screen.findByText('Strategy 1');
    rows.multigrid = [row(2), row(1)];
    act(() =>
      bridge.emit('bots:event', {
        kind: 'bot.stopped',
        botID: 'r2',
        name: 'BTCUSDT',
        reason: 'manual',
        status: 'Stopped',
        at: '2026-11-23T09:00:00Z',
      }),
    );
    expect(await screen.findByText('Strategy 2')).toBeTruthy();
  });

  it('offers a help link with its tooltip', async () => {
    open({});
    const help = await screen.findByText(BOT_LABELS.historyHelp);
    fireEvent.click(help);
    expect(await screen.findByText(BOT_LABELS.historyHelpTooltip)).toBeTruthy();
  });
});

describe("history's Cycle tab", () => {
  const openCycleTab = async (cycles: CycleHistoryRow[]) => {
    const bridge = open({ multigrid: [row(1)] }, cycles);
    await screen.findByText('BTC/USDT');
    fireEvent.click(screen.getByRole('tab', { name: BOT_LABELS.historyCycle }));
    return bridge;
  };

  it("has SPEC's columns, then the rounds done of the count and the status", async () => {
    await openCycleTab([cycleRow(1)]);
    await screen.findByText('ETH/USDT');
    const headers = [...pane().querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers.slice(0, 12)).toEqual([
      BOT_LABELS.colSymbol,
      BOT_LABELS.colStrategy,
      BOT_LABELS.colRuntime,
      BOT_LABELS.colInvestment,
      BOT_LABELS.colProfitBook,
      BOT_LABELS.colLossBook,
      BOT_LABELS.colTotalPnl,
      BOT_LABELS.colRoi,
      BOT_LABELS.colStartTime,
      BOT_LABELS.colStopTime,
      BOT_LABELS.colClosedPrice,
      BOT_LABELS.colTotalOrders,
    ]);
    expect(headers.slice(12)).toEqual([CYCLE_LABELS.colCycles, CYCLE_LABELS.colStatus]);
  });

  it('writes a completed cycle and a stopped one with why it stopped', async () => {
    const bridge = await openCycleTab([
      cycleRow(1),
      cycleRow(2, { status: 'Stopped', stopReason: 'stoploss', cycles_completed: 2, no_of_cycle: 5, totalpnl: '-40.5' }),
      cycleRow(3, { status: 'Stopped', stopReason: 'belowMinimum', cycles_completed: 0, no_of_cycle: 3 }),
    ]);
    await screen.findByText('Cycle 1/5');
    const [done, stopLoss, belowMinimum] = bodyRows().map(cellTexts);
    expect(done!.slice(1, 8)).toEqual(['Cycle 1/5', '4d', '1000.00', '25.56', '-5.50', '20.06', '2.01%']);
    expect(done!.slice(12)).toEqual(['5/5', 'Completed']);
    expect(stopLoss!.slice(12)).toEqual(['2/5', `Stopped${STOP_REASON_TEXT.stoploss}`]);
    expect(stopLoss![6]).toBe('-40.50');
    expect(belowMinimum!.slice(12)).toEqual(['0/3', `Stopped${CYCLE_BELOW_MINIMUM_TEXT}`]);
    expect(bridge.callsTo('cycles:history')).toEqual([{}]);
    expect(bridge.callsTo('bots:multigridHistory')).toEqual([{}]);
  });

  it('pages at 20 rows like the Multigrid tab', async () => {
    await openCycleTab(Array.from({ length: 45 }, (_, i) => cycleRow(i + 1)));
    await screen.findByText('Cycle 1/5');
    expect(bodyRows()).toHaveLength(20);
    const pager = screen.getByRole('navigation', { name: BOT_LABELS.pagination });
    fireEvent.click(within(pager).getByRole('button', { name: BOT_LABELS.pageNumber(3) }));
    await screen.findByText('Cycle 41/5');
    expect(bodyRows()).toHaveLength(5);
  });

  it('opens on the Cycle tab from ?tab=cycle (where a cycle notification leads)', async () => {
    const bridge = open({ multigrid: [row(1)] }, [cycleRow(7)], historyTabPath('cycle'));
    expect(await screen.findByText('Cycle 7/5')).toBeTruthy();
    expect(screen.getByRole('tab', { name: BOT_LABELS.historyCycle }).getAttribute('aria-selected')).toBe('true');
    expect(bridge.callsTo('bots:multigridHistory')).toEqual([]);
  });

  it('falls back to the Multigrid tab for a tab it does not know', async () => {
    open({ multigrid: [row(1)] }, [], '/history?tab=scalp');
    expect(await screen.findByText('Strategy 1')).toBeTruthy();
  });

  it('reloads when a cycle completes or stops, not for a failed order', async () => {
    const cycles = { rows: [cycleRow(1)] };
    const bridge = open({}, cycles, historyTabPath('cycle'));
    await screen.findByText('Cycle 1/5');
    const at = '2026-11-23T09:00:00Z';
    cycles.rows = [cycleRow(2), ...cycles.rows];
    act(() =>
      bridge.emit('bots:event', { kind: 'cycle.completed', cycleID: 'r2', name: 'ETHUSDT', cycles: 5, profit: '10', at }),
    );
    expect(await screen.findByText('Cycle 2/5')).toBeTruthy();
    cycles.rows = [cycleRow(3, { status: 'Stopped', stopReason: 'stoploss' }), ...cycles.rows];
    act(() => bridge.emit('bots:event', { kind: 'cycle.stopped', cycleID: 'r3', name: 'ETHUSDT', reason: 'stoploss', at }));
    expect(await screen.findByText('Cycle 3/5')).toBeTruthy();
    const calls = bridge.callsTo('cycles:history').length;
    act(() => bridge.emit('bots:event', { kind: 'cycle.orderFailed', cycleID: 'r4', name: 'ETHUSDT', message: 'x', at }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bridge.callsTo('cycles:history')).toHaveLength(calls);
  });
});
