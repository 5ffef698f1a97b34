import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CYCLE_LABELS, STATE_LABELS, UI } from '../../../common/messages';
import { deferred, fail, ok } from '../../testing/fakeBridge';
import { choose, field, openCyclePage, optionOf, type } from './testing/cyclePage';

vi.mock('@ant-design/charts', () => import('../../components/charts/testing/chartsMock'));

const L = CYCLE_LABELS;
const submit = () => fireEvent.click(screen.getByRole('button', { name: L.start }));
const requiredMarked = (label: string) =>
  screen.getByText(label, { selector: 'label' }).classList.contains('ant-form-item-required');

async function ready() {
  await screen.findByRole('heading', { name: 'Start Cycle' });
  await screen.findByText(L.startNewCycle);
}

describe('start new cycle', () => {
  it('marks category, pair, amount, cycle count, buy-at and sell-at as required, and not the stop loss', async () => {
    openCyclePage();
    await ready();
    for (const label of [L.category, L.pair, L.amount, L.cycleCount, L.buyAt, L.sellAt]) expect(requiredMarked(label)).toBe(true);
    expect(requiredMarked(L.stopLossAt)).toBe(false);
  });

  it("prefills buy, sell and stop loss at 95, 105 and 80 % of the pair's live price", async () => {
    const bridge = openCyclePage();
    await ready();
    await choose(L.category, 'Spot');
    await choose(L.pair, 'BTC/USDT');
    expect(await screen.findByText(L.livePriceOf('65000.25'))).toBeTruthy();
    await waitFor(() => expect(field(L.buyAt).value).toBe('61750.24'));
    expect(field(L.sellAt).value).toBe('68250.26');
    expect(field(L.stopLossAt).value).toBe('52000.2');
    expect(screen.getByText(L.suggested('95', '61750.24'))).toBeTruthy();
    expect(screen.getByText(L.suggested('105', '68250.26'))).toBeTruthy();
    expect(screen.getByText(L.suggested('80', '52000.2'))).toBeTruthy();
    expect(bridge.callsTo('market:livePrice')).toEqual([{ pair: 'BTCUSDT' }]);
  });

  it('follows another pair and a refresh, but keeps a price the member typed', async () => {
    const bridge = openCyclePage();
    await ready();
    await choose(L.category, 'Spot');
    await choose(L.pair, 'BTC/USDT');
    await waitFor(() => expect(field(L.buyAt).value).toBe('61750.24'));
    type(L.sellAt, '70000');
    await choose(L.pair, 'ETH/USDT');
    await waitFor(() => expect(field(L.buyAt).value).toBe('2850.5'));
    expect(field(L.stopLossAt).value).toBe('2400.4');
    expect(field(L.sellAt).value).toBe('70000');
    bridge.handle('market:livePrice', () => ok({ price: '3100' }));
    fireEvent.click(screen.getByRole('button', { name: L.refreshPrice }));
    await waitFor(() => expect(field(L.buyAt).value).toBe('2945'));
    expect(field(L.stopLossAt).value).toBe('2480');
    expect(field(L.sellAt).value).toBe('70000');
  });

  it('says the pairs are loading, or that they could not be read with Retry, never an empty list', async () => {
    const bridge = openCyclePage();
    const pairs = deferred<ReturnType<typeof ok<{ pairs: string[] }>>>();
    bridge.handle('market:symbolPairs', () => pairs.promise);
    await ready();
    fireEvent.mouseDown(field(L.pair));
    expect(await screen.findByText(STATE_LABELS.loading, { selector: '.ant-select-dropdown *' })).toBeTruthy();
    pairs.resolve(fail(0, 'offline'));
    const failed = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.options-failed');
      if (!found) throw new Error('no failed note in the pair list');
      return found;
    });
    expect(failed.textContent).toContain(STATE_LABELS.loadFailed);
    bridge.handle('market:symbolPairs', () => ok({ pairs: ['BTCUSDT'] }));
    fireEvent.click(within(failed).getByRole('button', { name: STATE_LABELS.retry }));
    await choose(L.pair, 'BTC/USDT');
  });

  it('says the live price is loading, then that it could not be read, instead of a dash', async () => {
    const bridge = openCyclePage();
    const price = deferred<ReturnType<typeof ok<{ price: string }>>>();
    bridge.handle('market:livePrice', () => price.promise);
    await ready();
    await choose(L.category, 'Spot');
    await choose(L.pair, 'BTC/USDT');
    expect(await screen.findByText(L.livePriceOf(STATE_LABELS.loading))).toBeTruthy();
    price.resolve(fail(0, 'offline'));
    expect(await screen.findByText(L.livePriceOf(STATE_LABELS.priceFailed))).toBeTruthy();
    bridge.handle('market:livePrice', () => ok({ price: '65000.25' }));
    fireEvent.click(screen.getByRole('button', { name: L.refreshPrice }));
    expect(await screen.findByText(L.livePriceOf('65000.25'))).toBeTruthy();
  });

  it('sends the form as filled, with leverage null for Spot, and says the cycle is starting', async () => {
    const bridge = openCyclePage();
    await ready();
    await choose(L.category, 'Spot');
    await choose(L.pair, 'BTC/USDT');
    await waitFor(() => expect(field(L.buyAt).value).toBe('61750.24'));
    type(L.amount, ' 500 ');
    type(L.cycleCount, '3');
    submit();
    await waitFor(() => expect(bridge.callsTo('cycles:start')).toHaveLength(1));
    // Once started, the button is back and the toast says so.
    await screen.findByRole('button', { name: L.start });
    expect(await screen.findByText(UI.cycleStarting)).toBeTruthy();
    expect(bridge.callsTo('cycles:start')).toEqual([
      {
        category: 'Spot',
        pair: 'BTCUSDT',
        amount: '500',
        priceReachAt: '61750.24',
        sellPriceAt: '68250.26',
        stopLossAt: '52000.2',
        cycleCount: '3',
        leverage: null,
      },
    ]);
    // The new cycle's card comes with the live list, which reloads at once.
    await waitFor(() => expect(bridge.callsTo('cycles:live').length).toBeGreaterThan(1));
  });

  it('offers Future only when futures are enabled', async () => {
    openCyclePage();
    await ready();
    fireEvent.mouseDown(field(L.category));
    await waitFor(() => expect(optionOf(L.comingSoonOption('Future'))).toBeTruthy());
    expect(optionOf(L.comingSoonOption('Future'))!.getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByLabelText(L.leverage)).toBeNull();
  });

  it('asks a Future cycle its leverage, 1x to 10x, and sends it with the futures price', async () => {
    const bridge = openCyclePage({ futuresEnabled: true });
    await ready();
    await choose(L.category, 'Future');
    await choose(L.pair, 'BTC/USDT');
    await waitFor(() => expect(field(L.buyAt).value).toBe('61740.6'));
    fireEvent.mouseDown(field(L.leverage));
    await waitFor(() => expect(optionOf('10x')).toBeTruthy());
    const leverages = [...document.querySelectorAll('.ant-select-item-option')]
      .map((el) => el.textContent)
      .filter((t) => /^\d+x$/.test(t ?? ''));
    expect(leverages).toEqual(['1x', '2x', '3x', '4x', '5x', '6x', '7x', '8x', '9x', '10x']);
    fireEvent.click(optionOf('3x')!);
    type(L.amount, '200');
    type(L.cycleCount, '2');
    submit();
    await waitFor(() => expect(bridge.callsTo('cycles:start')).toHaveLength(1));
    expect(bridge.callsTo('cycles:start')[0]).toMatchObject({ category: 'Future', leverage: 3, priceReachAt: '61740.6' });
    expect(bridge.callsTo('market:futureLivePrice')).toEqual([{ pair: 'BTCUSDT' }]);
  });

  it('checks nothing itself: an empty form goes to the server, whose message is shown', async () => {
    const bridge = openCyclePage();
    bridge.handle('cycles:start', () => fail(400, 'Select category is required.', 'validation.required'));
    await ready();
    submit();
    expect(await screen.findByText('Select category is required.')).toBeTruthy();
    expect(bridge.callsTo('cycles:start')).toEqual([
      { category: '', pair: '', amount: '', priceReachAt: '', sellPriceAt: '', stopLossAt: '', cycleCount: '', leverage: null },
    ]);
  });

  it('shows the server message when a bot or cycle already runs on the pair', async () => {
    const bridge = openCyclePage();
    const refusal = 'A bot is already running on BTCUSDT. Stop it before starting a cycle on that pair.';
    bridge.handle('cycles:start', () => fail(400, refusal, 'cycle.pair_in_use'));
    await ready();
    submit();
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.queryByText(UI.cycleStarting)).toBeNull();
  });

  it.each([
    ['no answer', () => fail(0, 'socket hang up')],
    ['a server failure', () => fail(500, 'TypeError: x is undefined')],
    ['a server without cycles', () => fail(404, 'Route POST:/api/startcycledata not found')],
  ])("says 'An error occurred while starting the cycle.' on %s", async (_what, answer) => {
    const bridge = openCyclePage();
    bridge.handle('cycles:start', answer);
    await ready();
    submit();
    expect(await screen.findByText(UI.cycleStartError)).toBeTruthy();
  });

  it("reads 'Cycle Starting...' on the button while the start is on its way", async () => {
    const bridge = openCyclePage();
    const reply = deferred<ReturnType<typeof ok<{ message: string; cycle_id: string }>>>();
    bridge.handle('cycles:start', () => reply.promise);
    await ready();
    submit();
    expect(await screen.findByRole('button', { name: UI.cycleStarting })).toBeTruthy();
    reply.resolve(ok({ message: 'ok', cycle_id: 'c' }));
    expect(await screen.findByRole('button', { name: L.start })).toBeTruthy();
  });
});
