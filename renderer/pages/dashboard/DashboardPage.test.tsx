import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveBot, PieChartResponse, TotalProfitBookResponse } from '../../../common/api/bots';
import type { IpcResult } from '../../../common/ipc/contract';
import { BOT_LABELS, CHART_LABELS, EXCHANGE_LABELS, STATE_LABELS, TEXT } from '../../../common/messages';
import { chartData } from '../../components/charts/testing/chartsMock';
import { SIGNED_IN, deferred, fail, installFakeBridge, ok, type FakeBridge } from '../../testing/fakeBridge';
import { liveBot } from '../../testing/liveBot';
import { currentPath, renderApp } from '../../testing/renderApp';
import { expectConsoleErrors } from '../../testing/console';

vi.mock('@ant-design/charts', () => import('../../components/charts/testing/chartsMock'));

const bot = liveBot;

const pie: PieChartResponse = {
  chartData: [{ label: 'BTCUSDT', value: '600.25' }],
  usdt: '1000.5',
  availableBalance: '400.25',
};
const profit: TotalProfitBookResponse = { totalProfit: '20', lossBook: '-32.5', totalpnl: '-12.5' };

interface Options {
  agreed?: () => IpcResult<{ agreed: boolean }>;
  bots?: () => IpcResult<LiveBot[]> | Promise<IpcResult<LiveBot[]>>;
  pie?: () => IpcResult<PieChartResponse>;
  profit?: () => IpcResult<TotalProfitBookResponse>;
}

function open({
  agreed = () => ok({ agreed: true }),
  bots = () => ok([bot()]),
  pie: pieReply = () => ok(pie),
  profit: profitReply = () => ok(profit),
}: Options = {}): FakeBridge {
  const bridge = installFakeBridge(SIGNED_IN);
  bridge.handle('keys:serverIp', () => ok({ ip: '203.0.113.7' }));
  bridge.handle('dashboard:disclaimerCheck', agreed);
  bridge.handle('dashboard:disclaimer', () => ok({ message: 'ok' }));
  bridge.handle('bots:status', bots);
  bridge.handle('dashboard:pieChart', pieReply);
  bridge.handle('dashboard:totalProfit', profitReply);
  renderApp('/dashboard');
  return bridge;
}

const figure = (label: string) => screen.getByRole('group', { name: label });
const dataCalls = (bridge: FakeBridge) =>
  ['bots:status', 'dashboard:pieChart', 'dashboard:totalProfit'].map((c) => bridge.callsTo(c as 'bots:status').length);

describe('dashboard warning banner', () => {
  it('asks to whitelist the server IP and leads to API Setting', async () => {
    open();
    const banner = await screen.findByRole('alert');
    expect(banner.className).toContain('ant-alert-warning');
    expect(await screen.findByText(EXCHANGE_LABELS.dashboardWarning)).toBeTruthy();
    expect(await screen.findByText(EXCHANGE_LABELS.dashboardWarningIp('203.0.113.7'))).toBeTruthy();
    fireEvent.click(screen.getByText(EXCHANGE_LABELS.apiSettingButton));
    await waitFor(() => expect(currentPath()).toBe('/api-setting'));
  });

  it('still shows the warning when the IP cannot be read', async () => {
    const bridge = open();
    bridge.handle('keys:serverIp', () => fail(0, 'offline'));
    expect(await screen.findByText(EXCHANGE_LABELS.dashboardWarning)).toBeTruthy();
    expect(screen.getByText(EXCHANGE_LABELS.apiSettingButton)).toBeTruthy();
  });
});

describe('dashboard disclaimer', () => {
  it('shows the disclaimer when not agreed; Agree posts the agreement and closes it', async () => {
    const bridge = open({ agreed: () => ok({ agreed: false }) });
    const dialog = await screen.findByRole('dialog');
    for (const paragraph of BOT_LABELS.disclaimerBody) expect(within(dialog).getByText(paragraph)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: BOT_LABELS.agree }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bridge.callsTo('dashboard:disclaimer')).toEqual([{ disclaimerAgree: true }]);
  });

  it('shows the disclaimer when the check fails, and only logs the failure', async () => {
    const errors = expectConsoleErrors();
    open({ agreed: () => fail(500, 'boom') });
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(errors).toHaveBeenCalled();
  });

  it('does not show the disclaimer once agreed', async () => {
    open();
    await screen.findByText(BOT_LABELS.dailyChart);
    expect(screen.queryByText(BOT_LABELS.disclaimerBody[0])).toBeNull();
  });
});

describe('dashboard refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  it('fetches pichart, botstatus and totalprofitbookdata together every 10 s', async () => {
    const bridge = open();
    await screen.findByText(BOT_LABELS.dailyChart);
    expect(dataCalls(bridge)).toEqual([1, 1, 1]);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(dataCalls(bridge)).toEqual([2, 2, 2]));
  });

  it('does not refresh while the disclaimer shows, and resumes after Agree', async () => {
    const bridge = open({ agreed: () => ok({ agreed: false }) });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dataCalls(bridge)).toEqual([1, 1, 1]));
    await act(() => vi.advanceTimersByTimeAsync(25_000));
    expect(dataCalls(bridge)).toEqual([1, 1, 1]);
    act(() => bridge.emit('bots:event', { kind: 'bot.started', botID: 'b1', name: 'BTCUSDT', at: '2026-11-23T09:00:00Z' }));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(dataCalls(bridge)).toEqual([1, 1, 1]);
    fireEvent.click(within(dialog).getByRole('button', { name: BOT_LABELS.agree }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(dataCalls(bridge)).toEqual([2, 2, 2]));
  });

  it('refreshes at once on a bot event', async () => {
    let bots = [bot()];
    const bridge = open({ bots: () => ok(bots) });
    await screen.findByRole('link', { name: BOT_LABELS.openBot('BTC/USDT') });
    bots = [bot(), bot({ id: 'b2', name: 'ETHUSDT' })];
    act(() => bridge.emit('bots:event', { kind: 'bot.started', botID: 'b2', name: 'ETHUSDT', at: '2026-11-23T09:00:00Z' }));
    expect(await screen.findByRole('link', { name: BOT_LABELS.openBot('ETH/USDT') })).toBeTruthy();
    expect(dataCalls(bridge)).toEqual([2, 2, 2]);
  });
});

describe('dashboard content', () => {
  it("holds each card's place with a skeleton while loading, no figures and no empty note", async () => {
    const reply = deferred<IpcResult<LiveBot[]>>();
    open({ bots: () => reply.promise });
    for (const card of [BOT_LABELS.dailyChart, BOT_LABELS.totalFunds, BOT_LABELS.liveBots]) {
      expect(await screen.findByRole('status', { name: card })).toBeTruthy();
    }
    expect(screen.queryByText(TEXT.noActiveBotTitle)).toBeNull();
    expect(screen.queryByRole('group', { name: BOT_LABELS.usdt })).toBeNull();
    reply.resolve(ok([]));
    await waitFor(() => expect(screen.queryByRole('status', { name: BOT_LABELS.liveBots })).toBeNull());
    expect(await screen.findByText(TEXT.noActiveBotTitle)).toBeTruthy();
  });

  it("reserves the banner's IP line while the IP loads, so the page does not shift", async () => {
    const bridge = open();
    const ip = deferred<IpcResult<{ ip: string }>>();
    bridge.handle('keys:serverIp', () => ip.promise);
    const title = await screen.findByText(EXCHANGE_LABELS.dashboardWarning);
    const banner = title.closest<HTMLElement>('.ant-alert')!;
    expect(banner.querySelector('.ant-alert-description')).not.toBeNull();
    ip.resolve(ok({ ip: '203.0.113.7' }));
    expect(await within(banner).findByText(EXCHANGE_LABELS.dashboardWarningIp('203.0.113.7'))).toBeTruthy();
  });

  it("shows 'No Active Bot' without live bots", async () => {
    open({ bots: () => ok([]) });
    expect(await screen.findByText(TEXT.noActiveBotTitle)).toBeTruthy();
    expect(screen.getByText(TEXT.noActiveBotBody)).toBeTruthy();
  });

  it('shows each live bot as a card leading to its Running Bot page', async () => {
    open({ bots: () => ok([bot(), bot({ id: 'b 2', name: 'ETHUSDT', status: 'Pause', pnl: '-3.456' })]) });
    const link = await screen.findByRole('link', { name: BOT_LABELS.openBot('BTC/USDT') });
    expect(link.getAttribute('href')).toBe('#/running-bot/b1');
    expect(within(link).getByText('Live').className).toContain('ant-tag-green');
    expect(within(link).getByText('12.35%')).toBeTruthy();
    expect(within(link).getByText('1000.00')).toBeTruthy();
    expect(within(link).getByText('12.50')).toBeTruthy();
    const paused = screen.getByRole('link', { name: BOT_LABELS.openBot('ETH/USDT') });
    expect(within(paused).getByText('Pause').className).toContain('ant-tag-gold');
    expect(within(paused).getByText('-3.46').dataset.direction).toBe('down');
    fireEvent.click(link);
    await waitFor(() => expect(currentPath()).toBe('/running-bot/b1'));
  });

  it('shows a bot under a day old with its live price on the tick, no APY yet and its runtime in words', async () => {
    open({ bots: () => ok([bot({ runtime: 0, roi: '-13.6912', liveprice: '67392.7' })]) });
    const link = await screen.findByRole('link', { name: BOT_LABELS.openBot('BTC/USDT') });
    expect(within(link).getByText('67392.70')).toBeTruthy();
    expect(within(link).getByText(BOT_LABELS.runtimeUnderADay)).toBeTruthy();
    expect(within(link).getByText(BOT_LABELS.apyAfterFirstDay)).toBeTruthy();
    expect(within(link).queryByText('-13.69%')).toBeNull();
  });

  it('draws the Daily Chart from each bot’s datewiseprofit, dates ascending', async () => {
    open({ bots: () => ok([bot(), bot({ id: 'b2', datewiseprofit: { '2026-11-22': '-1', '2026-11-21': '2' } })]) });
    const chart = await screen.findByTestId('chart-line');
    expect(chart.getAttribute('data-height')).toBe('445');
    expect(chartData(chart)).toEqual([
      { date: '2026-11-20', profit: 7, bot: 'BTC/USDT' },
      { date: '2026-11-21', profit: 5.5, bot: 'BTC/USDT' },
      { date: '2026-11-21', profit: 2, bot: 'BTC/USDT #2' },
      { date: '2026-11-22', profit: -1, bot: 'BTC/USDT #2' },
    ]);
  });

  it('shows Total Funds figures: Unutilised Bot USDT is the wallet minus free to use, a negative P&L red', async () => {
    open();
    await screen.findByRole('group', { name: BOT_LABELS.totalPnl });
    expect(within(figure(BOT_LABELS.usdt)).getByText('1000.50')).toBeTruthy();
    expect(within(figure(BOT_LABELS.availableBalance)).getByText('400.25')).toBeTruthy();
    expect(within(figure(BOT_LABELS.unutilisedBotUsdt)).getByText('600.25')).toBeTruthy();
    expect(within(figure(BOT_LABELS.totalProfit)).getByText('20.00')).toBeTruthy();
    expect(within(figure(BOT_LABELS.lossBook)).getByText('-32.50')).toBeTruthy();
    expect(within(figure(BOT_LABELS.totalPnl)).getByText('-12.50').dataset.direction).toBe('down');
  });

  it('shows a Total P&L of 0 green', async () => {
    open({ profit: () => ok({ ...profit, totalpnl: '0' }) });
    await screen.findByRole('group', { name: BOT_LABELS.totalPnl });
    expect(within(figure(BOT_LABELS.totalPnl)).getByText('0.00').dataset.direction).toBe('up');
  });

  it("folds the pie to 8 named slices plus 'Others'", async () => {
    const chartDataIn = Array.from({ length: 10 }, (_, i) => ({ label: `B${i}`, value: String(10 + i) }));
    open({ pie: () => ok({ ...pie, chartData: chartDataIn }) });
    const chart = await screen.findByTestId('chart-pie');
    const slices = chartData<{ name: string; amount: string }[]>(chart);
    expect(slices.map((s) => s.name)).toEqual([
      'B9',
      'B8',
      'B7',
      'B6',
      'B5',
      'B4',
      'B3',
      'B2',
      BOT_LABELS.pieOthers,
      CHART_LABELS.pieFreeUsdt,
    ]);
    expect(slices[8]).toMatchObject({ name: BOT_LABELS.pieOthers, amount: '21' });
    expect(slices[9]).toMatchObject({ amount: '400.25' });
  });

  it("shows one 'Not Active' slice of 100 without funds data", async () => {
    open({ pie: () => ok({ ...pie, chartData: [] }) });
    const chart = await screen.findByTestId('chart-pie');
    expect(chartData<{ label: string; value: number }[]>(chart).map((s) => [s.label, s.value])).toEqual([
      [BOT_LABELS.pieNotActive, 100],
    ]);
  });

  it('says in each card what could not be loaded instead of going blank, and Retry reads it all again', async () => {
    const errors = expectConsoleErrors();
    const bridge = open({ bots: () => fail(500, 'boom'), pie: () => fail(0), profit: () => fail(500, 'boom') });
    await waitFor(() => expect(errors).toHaveBeenCalledTimes(3));
    // Daily Chart, Total Funds and Live BOTs each say so; no zeros, no 'No Active Bot'.
    await waitFor(() => expect(screen.getAllByText(STATE_LABELS.loadFailed)).toHaveLength(3));
    expect(screen.getByText(BOT_LABELS.dailyChart)).toBeTruthy();
    expect(screen.getByText(BOT_LABELS.liveBots)).toBeTruthy();
    expect(screen.queryByText(TEXT.noActiveBotTitle)).toBeNull();
    expect(screen.queryByRole('group', { name: BOT_LABELS.usdt })).toBeNull();
    const before = dataCalls(bridge);
    bridge.handle('bots:status', () => ok([bot()]));
    bridge.handle('dashboard:pieChart', () => ok(pie));
    bridge.handle('dashboard:totalProfit', () => ok(profit));
    fireEvent.click(screen.getAllByRole('button', { name: STATE_LABELS.retry })[0]!);
    await waitFor(() => expect(screen.queryByText(STATE_LABELS.loadFailed)).toBeNull());
    expect(dataCalls(bridge)).toEqual(before.map((n) => n + 1));
    expect(figure(BOT_LABELS.usdt)).toBeTruthy();
  });

  it('says the funds figures could not be loaded when only they fail, keeping the rest', async () => {
    expectConsoleErrors();
    open({ pie: () => fail(0) });
    expect(await screen.findByText(STATE_LABELS.loadFailed)).toBeTruthy();
    expect(figure(BOT_LABELS.totalProfit)).toBeTruthy();
    expect(screen.queryByRole('group', { name: BOT_LABELS.usdt })).toBeNull();
  });
});
