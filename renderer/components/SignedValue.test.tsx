import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BotHistoryRow, TotalProfitBookResponse } from '../../common/api/bots';
import type { Theme } from '../../common/ipc/contract';
import { BOT_LABELS } from '../../common/messages';
import { PNL_COLORS } from '../app/pnlColors';
import { SIGNED_IN, installFakeBridge, ok } from '../testing/fakeBridge';
import { liveBot } from '../testing/liveBot';
import { renderApp } from '../testing/renderApp';
import { SignedValue } from './SignedValue';

vi.mock('@ant-design/charts', () => import('./charts/testing/chartsMock'));

/** How the DOM reports an inline colour: '#137333' -> 'rgb(19, 115, 51)'. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

describe('SignedValue', () => {
  it('writes a figure as USDT in the up colour above zero and the down colour below', () => {
    render(
      <>
        <SignedValue value="12.345" />
        <SignedValue value="-3.333" />
      </>,
    );
    expect(screen.getByText('12.35').style.color).toBe(rgb(PNL_COLORS.light.up));
    expect(screen.getByText('-3.33').style.color).toBe(rgb(PNL_COLORS.light.down));
  });

  it('leaves zero, NA and missing figures in the ordinary text colour', () => {
    render(
      <>
        <SignedValue value="0" />
        <SignedValue value="NA">NA</SignedValue>
        <SignedValue value={null}>-</SignedValue>
      </>,
    );
    for (const text of ['0.00', 'NA', '-']) {
      const element = screen.getByText(text);
      expect(element.style.color, text).toBe('');
      expect(element.dataset.direction).toBe('none');
    }
  });

  it('shows what it is given, coloured by the value; gives 0 a direction when asked; takes a direction outright', () => {
    render(
      <>
        <SignedValue value="-2.5">-2.50%</SignedValue>
        <SignedValue value="0" zero="up" />
        <SignedValue direction="down">SELL</SignedValue>
      </>,
    );
    expect(screen.getByText('-2.50%').style.color).toBe(rgb(PNL_COLORS.light.down));
    expect(screen.getByText('0.00').style.color).toBe(rgb(PNL_COLORS.light.up));
    expect(screen.getByText('SELL').style.color).toBe(rgb(PNL_COLORS.light.down));
  });
});

/** Signed in, with the theme main's settings hold. */
function signedIn(theme: Theme) {
  const bridge = installFakeBridge(SIGNED_IN);
  bridge.handle('settings:get', () => ok({ theme }));
  return bridge;
}

async function themeApplied(theme: Theme) {
  await waitFor(() => expect(document.documentElement.dataset.theme).toBe(theme));
}

const historyRow = (id: string, totalpnl: string, roi: string): BotHistoryRow => ({
  id,
  symbol: id === 'gain' ? 'BTCUSDT' : 'ETHUSDT',
  strategy_name: 'S',
  runtime: 4,
  investment: '1000',
  profit: totalpnl.startsWith('-') ? '0' : totalpnl,
  lossbook: totalpnl.startsWith('-') ? totalpnl : 'NA',
  totalpnl,
  roi,
  botstarttime: '2026-11-01T10:00:00Z',
  botstoptime: '2026-11-05T10:00:00Z',
  stopAt: '43210.12',
  trades: 9,
  stopReason: 'manual',
});

describe.each(['light', 'dark'] as const)('P&L colours on the screens, %s theme', (theme) => {
  const { up, down } = PNL_COLORS[theme];

  it('History: a gain\u2019s P&L, Profit Book and ROI in the up colour, a loss\u2019s P&L, Loss Book and ROI in the down colour', async () => {
    const bridge = signedIn(theme);
    bridge.handle('bots:multigridHistory', () =>
      ok([historyRow('gain', '20.055', '2.0055'), historyRow('loss', '-3.333', '-0.3333')]),
    );
    bridge.handle('cycles:history', () => ok([]));
    renderApp('/history');
    await themeApplied(theme);
    const gain = (await screen.findByText('BTC/USDT')).closest('tr')!;
    const loss = screen.getByText('ETH/USDT').closest('tr')!;
    for (const text of ['20.06', '2.01%']) expect(within(gain).getAllByText(text)[0]!.style.color, text).toBe(rgb(up));
    for (const text of ['-3.33', '-0.33%']) expect(within(loss).getAllByText(text)[0]!.style.color, text).toBe(rgb(down));
    // No loss booked ('NA') and a zero profit book stay neutral.
    expect(within(gain).getByText('NA').style.color).toBe('');
    expect(within(loss).getByText('0.00').style.color).toBe('');
  });

  it('Dashboard: Total Profit up, Loss Book and a negative Total P&L down, a bot card\u2019s PNL and APY by their sign', async () => {
    const profit: TotalProfitBookResponse = { totalProfit: '20', lossBook: '-32.5', totalpnl: '-12.5' };
    const bridge = signedIn(theme);
    bridge.handle('keys:serverIp', () => ok({ ip: '203.0.113.7' }));
    bridge.handle('dashboard:disclaimerCheck', () => ok({ agreed: true }));
    bridge.handle('bots:status', () =>
      ok([liveBot({ pnl: '12.5', roi: '12.345' }), liveBot({ id: 'b2', name: 'ETHUSDT', pnl: '-3.456', roi: '-1.5' })]),
    );
    bridge.handle('dashboard:pieChart', () => ok({ chartData: [], usdt: '1000', availableBalance: '400' }));
    bridge.handle('dashboard:totalProfit', () => ok(profit));
    renderApp('/dashboard');
    await themeApplied(theme);
    const figure = async (label: string) => screen.findByRole('group', { name: label });
    expect(within(await figure(BOT_LABELS.totalProfit)).getByText('20.00').style.color).toBe(rgb(up));
    expect(within(await figure(BOT_LABELS.lossBook)).getByText('-32.50').style.color).toBe(rgb(down));
    expect(within(await figure(BOT_LABELS.totalPnl)).getByText('-12.50').style.color).toBe(rgb(down));
    const gainCard = await screen.findByRole('link', { name: BOT_LABELS.openBot('BTC/USDT') });
    const lossCard = screen.getByRole('link', { name: BOT_LABELS.openBot('ETH/USDT') });
    expect(within(gainCard).getByText('12.50').style.color).toBe(rgb(up));
    expect(within(gainCard).getByText('12.35%').style.color).toBe(rgb(up));
    expect(within(lossCard).getByText('-3.46').style.color).toBe(rgb(down));
    expect(within(lossCard).getByText('-1.50%').style.color).toBe(rgb(down));
  });
});
