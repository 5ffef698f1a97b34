import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BotInfo, PurchasedQtyResponse } from '../../../common/api/bots';
import { RUNNING_BOT_LABELS as L, STOP_SELL_LABELS as S } from '../../../common/messages';
import { SIGNED_IN, installFakeBridge, ok } from '../../testing/fakeBridge';
import { renderApp } from '../../testing/renderApp';

vi.mock('@ant-design/charts', () => import('../../components/charts/testing/chartsMock'));

const bot: BotInfo = {
  name: 'ETHUSDT',
  category: 'Spot',
  leverage: null,
  strategy_name: 'System Strategy',
  liveprice: '3012.5',
  status: 'Live',
  runtime: 3,
  roi: '1',
  trades24h: 7,
  grid_no: 2,
  total_grid: 10,
  last_buying_price: '3000',
  investment: '1000',
  pnl: '1',
  botstartdate: '2026-11-20T08:00:00.000Z',
  datewiseprofit: {},
  sparklineData: [],
  overbuy_protection_value: null,
  stopReason: null,
  botstopdate: null,
  tickSize: null,
  stepSize: null,
};

function open(totalQuantity: string) {
  const bridge = installFakeBridge(SIGNED_IN);
  bridge.handle('market:tickers', () => ok({ tickers: [] }));
  bridge.handle('bots:info', () => ok(bot));
  bridge.handle('bots:orderBook', () => ok({ orders: [] }));
  bridge.handle('bots:purchasedQty', () =>
    ok<PurchasedQtyResponse>({ totalQuantity, avgPrice: '3000', totalpnl: '1', pnl: '0.5' }),
  );
  bridge.handle('bots:sltp', () =>
    ok({ sell_all_and_pause_at_price: null, restart_at_price: null, stoploss_and_stopbot_at_price: null }),
  );
  bridge.handle('bots:protection', () => ok({ is_protection_active: false, protection_grid_at: null }));
  bridge.handle('bots:profitBook', () => ok({ profitbookat: null }));
  renderApp('/running-bot/bot-1');
  return bridge;
}

async function openStopDialog() {
  fireEvent.click(await screen.findByRole('button', { name: L.stop }, { timeout: 15_000 }));
  const modal = await screen.findByRole('dialog');
  expect(within(modal).getByText(L.stopTitle)).toBeTruthy();
  return modal;
}

describe('Confirm Stop Bot: what Stop & Sell sells', () => {
  it('names the coin and quantity held and its estimated USDT value at the last price', async () => {
    const bridge = open('0.0425');
    const modal = await openStopDialog();
    await waitFor(() => expect(within(modal).getByText(S.willSell('0.0425', 'ETH'))).toBeTruthy());
    // 0.0425 x 3012.5 = 128.03125
    expect(within(modal).getByText(S.estimate('128.03', 'USDT'))).toBeTruthy();
    expect(within(modal).getByRole('button', { name: L.stopAndSell })).toBeTruthy();
    // Only the page's own calls: the dialog reads what the page already loaded.
    expect(bridge.callsTo('bots:purchasedQty')).toHaveLength(1);
    expect(bridge.callsTo('bots:info')).toHaveLength(1);
  });

  it('says there is nothing to sell when the bot holds nothing', async () => {
    open('0');
    const modal = await openStopDialog();
    await waitFor(() => expect(within(modal).getByText(S.nothingHeld('ETH'))).toBeTruthy());
    expect(within(modal).queryByText(/Estimated value/)).toBeNull();
  });
});
