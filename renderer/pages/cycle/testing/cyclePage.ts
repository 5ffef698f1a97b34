/** The Cycle page's tests: a live cycle as GET /api/livecycles sends it, and the page opened on a fake bridge. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { LiveCycle } from '../../../../common/api/cycles';
import { SIGNED_IN, installFakeBridge, ok, type FakeBridge } from '../../../testing/fakeBridge';
import { renderApp } from '../../../testing/renderApp';

export const liveCycle = (over: Partial<LiveCycle> = {}): LiveCycle => ({
  id: 'cy-1',
  pair: 'BTCUSDT',
  category: 'Spot',
  leverage: null,
  status: 'Live',
  liveprice: '64000.5',
  runtime: 2,
  investment: '500',
  profit: '12.345',
  cycles_completed: 2,
  no_of_cycle: 5,
  last_bought_price: null,
  buy_price: '61750.24',
  sell_price: '68250.26',
  stop_loss: '52000.2',
  tickSize: null,
  stepSize: null,
  sparklineData: [
    { time: 1, value: '0' },
    { time: 2, value: '12.345' },
  ],
  ...over,
});

export interface CyclePageOptions {
  futuresEnabled?: boolean;
  cycles?: LiveCycle[];
}

/** Opens /cycle signed in, with two pairs (BTC 65000.25, ETH 3000.5; futures BTC 64990.1) and the given live cycles. */
export function openCyclePage({ futuresEnabled = false, cycles = [] }: CyclePageOptions = {}): FakeBridge {
  const bridge = installFakeBridge(SIGNED_IN);
  bridge.handle('market:tickers', () => ok({ tickers: [] }));
  bridge.handle('bots:features', () => ok({ futuresEnabled }));
  bridge.handle('market:symbolPairs', () => ok({ pairs: ['BTCUSDT', 'ETHUSDT'] }));
  bridge.handle('market:livePrice', ({ pair }) => ok({ price: pair === 'ETHUSDT' ? '3000.5' : '65000.25' }));
  bridge.handle('market:futureLivePrice', () => ok({ price: '64990.1' }));
  bridge.handle('cycles:live', () => ok(cycles));
  bridge.handle('cycles:start', () => ok({ message: 'Cycle created', cycle_id: 'cy-9' }));
  renderApp('/cycle');
  return bridge;
}

export const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
export const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

/** Opens an antd Select by its label and picks the option with that text. */
export async function choose(label: string, option: string) {
  fireEvent.mouseDown(field(label));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((el) => el.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

export const optionOf = (text: string) =>
  [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((el) => el.textContent === text);
