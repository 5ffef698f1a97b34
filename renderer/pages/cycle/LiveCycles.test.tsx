import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { REFRESH_MS } from '../../../common/constants';
import { CYCLE_LABELS, STATE_LABELS, UI, VALIDATION } from '../../../common/messages';
import type { LiveCycle } from '../../../common/api/cycles';
import type { IpcResult } from '../../../common/ipc/contract';
import { expectConsoleErrors } from '../../testing/console';
import { deferred, fail, ok } from '../../testing/fakeBridge';
import { liveCycle, openCyclePage } from './testing/cyclePage';

vi.mock('@ant-design/charts', () => import('../../components/charts/testing/chartsMock'));

const L = CYCLE_LABELS;
const at = '2026-11-23T09:00:00Z';
const cards = () => screen.queryAllByTestId('cycle-card');
const card = async (pair = 'BTC/USDT') => {
  const found = await screen.findAllByTestId('cycle-card');
  const mine = found.find((c) => within(c).queryByText(pair));
  if (!mine) throw new Error(`no card for ${pair}`);
  return mine;
};
const progressOf = async (pair = 'BTC/USDT') => (await card(pair)).querySelector('.cycle-progress')?.textContent;
const dialog = () => screen.getByRole('dialog');

describe('live cycles', () => {
  it("shows each cycle's figures, prices and rounds done of the count", async () => {
    openCyclePage({
      cycles: [liveCycle(), liveCycle({ id: 'cy-2', pair: 'ETHUSDT', category: 'Future', leverage: 3, profit: '-4.5' })],
    });
    const btc = await card();
    for (const text of ['Live', '64000.50', '2d', '500.00', '12.35', '61750.24', '68250.26', '52000.20', 'Spot']) {
      expect(within(btc).getByText(text)).toBeTruthy();
    }
    expect(await progressOf()).toBe('2/5');
    const eth = await card('ETH/USDT');
    expect(within(eth).getByText('Future 3x')).toBeTruthy();
    expect(within(eth).getByText('-4.50').dataset.direction).toBe('down');
    expect(btc.querySelector('.sparkline')?.getAttribute('data-points')).toBe('2');
  });

  it('adds the half step once the round has bought', async () => {
    openCyclePage({ cycles: [liveCycle({ cycles_completed: 2, last_bought_price: '61750.24' })] });
    await waitFor(async () => expect(await progressOf()).toBe('2.5/5'));
  });

  it('says when there is no live cycle', async () => {
    openCyclePage();
    expect(await screen.findByText(L.noLiveCycles)).toBeTruthy();
  });

  it('refreshes every 10 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const bridge = openCyclePage({ cycles: [liveCycle()] });
    await card();
    const before = bridge.callsTo('cycles:live').length;
    bridge.handle('cycles:live', () => ok([liveCycle({ last_bought_price: '61750.24' })]));
    vi.advanceTimersByTime(REFRESH_MS);
    await waitFor(async () => expect(await progressOf()).toBe('2.5/5'));
    expect(bridge.callsTo('cycles:live').length).toBe(before + 1);
  });

  it('refreshes at once on a cycle event, and not on a bot one', async () => {
    const bridge = openCyclePage({ cycles: [liveCycle()] });
    await card();
    const before = bridge.callsTo('cycles:live').length;
    act(() => bridge.emit('bots:event', { kind: 'bot.started', botID: 'b1', name: 'ETHUSDT', at }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bridge.callsTo('cycles:live').length).toBe(before);
    bridge.handle('cycles:live', () => ok([]));
    act(() =>
      bridge.emit('bots:event', { kind: 'cycle.completed', cycleID: 'cy-1', name: 'BTCUSDT', cycles: 5, profit: '1', at }),
    );
    expect(await screen.findByText(L.noLiveCycles)).toBeTruthy();
    expect(bridge.callsTo('cycles:live').length).toBe(before + 1);
  });

  it('shows a skeleton while the cycles load, not the empty note', async () => {
    const bridge = openCyclePage({ cycles: [liveCycle()] });
    const reply = deferred<IpcResult<LiveCycle[]>>();
    bridge.handle('cycles:live', () => reply.promise);
    expect(await screen.findByRole('status', { name: L.liveCycles })).toBeTruthy();
    expect(screen.queryByText(L.noLiveCycles)).toBeNull();
    reply.resolve(ok([liveCycle()]));
    await card();
    expect(screen.queryByRole('status', { name: L.liveCycles })).toBeNull();
  });

  it('says the cycles could not be loaded (not that there are none), and Retry reads them again', async () => {
    const errors = expectConsoleErrors();
    const bridge = openCyclePage({ cycles: [liveCycle()] });
    bridge.handle('cycles:live', () => fail(500, 'boom'));
    expect(await screen.findByText(STATE_LABELS.loadFailed)).toBeTruthy();
    expect(screen.queryByText(L.noLiveCycles)).toBeNull();
    expect(errors).toHaveBeenCalled();
    bridge.handle('cycles:live', () => ok([liveCycle()]));
    fireEvent.click(screen.getByRole('button', { name: STATE_LABELS.retry }));
    await card();
    expect(screen.queryByText(STATE_LABELS.loadFailed)).toBeNull();
  });

  it('keeps the cards it showed after a failed refresh, says they are not current, and Retry clears that', async () => {
    const errors = expectConsoleErrors();
    const bridge = openCyclePage({ cycles: [liveCycle()] });
    await card();
    bridge.handle('cycles:live', () => fail(500, 'boom'));
    act(() => bridge.emit('bots:event', { kind: 'cycle.orderFailed', cycleID: 'cy-1', name: 'BTCUSDT', message: 'x', at }));
    await waitFor(() => expect(errors).toHaveBeenCalled());
    expect(cards()).toHaveLength(1);
    const notice = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.state-stale');
      if (!found) throw new Error('no stale notice');
      return found;
    });
    expect(notice.textContent).toContain(STATE_LABELS.stale('').split(' Showing')[0]);
    bridge.handle('cycles:live', () => ok([liveCycle()]));
    fireEvent.click(within(notice).getByRole('button', { name: STATE_LABELS.retry }));
    await waitFor(() => expect(document.querySelector('.state-stale')).toBeNull());
    expect(cards()).toHaveLength(1);
  });
});

describe('edit cycle', () => {
  async function openEdit(over = {}) {
    const bridge = openCyclePage({ cycles: [liveCycle(over)] });
    fireEvent.click(within(await card()).getByRole('button', { name: L.editCycleOf('BTC/USDT') }));
    await screen.findByText(L.editTitle);
    return bridge;
  }
  const input = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement;
  const edit = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
  const save = () => fireEvent.click(within(dialog()).getByRole('button', { name: L.save }));

  it("opens on the cycle's prices and number of cycles", async () => {
    await openEdit();
    expect(input(L.editBuyPrice).value).toBe('61750.24');
    expect(input(L.editSellPrice).value).toBe('68250.26');
    expect(input(L.editStopLoss).value).toBe('52000.2');
    expect(input(L.editCycleCount).value).toBe('5');
  });

  it('refuses a stop loss above the buy price, also when the buy price moves under it', async () => {
    const bridge = await openEdit();
    edit(L.editStopLoss, '62000');
    expect(await screen.findByText(VALIDATION.cycleStopLossAboveBuy)).toBeTruthy();
    save();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bridge.callsTo('cycles:edit')).toEqual([]);
    edit(L.editStopLoss, '60000');
    await waitFor(() => expect(screen.queryByText(VALIDATION.cycleStopLossAboveBuy)).toBeNull());
    edit(L.editBuyPrice, '59000');
    expect(await screen.findByText(VALIDATION.cycleStopLossAboveBuy)).toBeTruthy();
  });

  it("sends the four values, says 'Cycle updated successfully' and reloads the cards", async () => {
    const bridge = await openEdit();
    bridge.handle('cycles:edit', () => ok({ message: 'Cycle updated' }));
    edit(L.editBuyPrice, '60000');
    edit(L.editCycleCount, '8');
    const before = bridge.callsTo('cycles:live').length;
    save();
    expect(await screen.findByText(UI.cycleUpdated)).toBeTruthy();
    expect(bridge.callsTo('cycles:edit')).toEqual([
      { cycle_id: 'cy-1', buy_price: '60000', sell_price: '68250.26', stop_loss: '52000.2', no_of_cycle: '8' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(bridge.callsTo('cycles:live').length).toBeGreaterThan(before));
  });

  it("says 'Failed to update cycle' when refused, with the server's words under a count below the rounds done", async () => {
    const bridge = await openEdit();
    const words = 'Number of cycles cannot be less than the 2 cycles already completed.';
    bridge.handle('cycles:edit', () => fail(400, words, 'cycle.cycles_below_completed'));
    edit(L.editCycleCount, '1');
    save();
    expect(await screen.findByText(UI.cycleUpdateFailed)).toBeTruthy();
    expect(await within(dialog()).findByText(words)).toBeTruthy();
  });

  it("says 'An error occurred while saving changes.' without an answer", async () => {
    const bridge = await openEdit();
    bridge.handle('cycles:edit', () => fail(0, 'offline'));
    save();
    expect(await screen.findByText(UI.cycleSaveError)).toBeTruthy();
  });
});

describe('confirm stop cycle', () => {
  async function openStop(over = {}) {
    const bridge = openCyclePage({ cycles: [liveCycle(over)] });
    fireEvent.click(within(await card()).getByRole('button', { name: L.stopCycleOf('BTC/USDT') }));
    await screen.findByText(L.stopTitle);
    return bridge;
  }
  const button = (name: string) => within(dialog()).queryByRole('button', { name });

  it("offers only 'Stop' before the round has bought", async () => {
    await openStop();
    expect(button(L.stop)).toBeTruthy();
    expect(button(L.stopAndSell)).toBeNull();
  });

  it("offers 'Stop & Sell' too once bought", async () => {
    await openStop({ last_bought_price: '61750.24' });
    expect(button(L.stop)).toBeTruthy();
    expect(button(L.stopAndSell)).toBeTruthy();
  });

  it('stops, says so and reloads the cards', async () => {
    const bridge = await openStop();
    bridge.handle('cycles:stop', () => ok({ message: 'stopped' }));
    bridge.handle('cycles:live', () => ok([]));
    fireEvent.click(button(L.stop)!);
    expect(await screen.findByText(UI.cycleStopped)).toBeTruthy();
    expect(bridge.callsTo('cycles:stop')).toEqual([{ cycle_id: 'cy-1' }]);
    expect(await screen.findByText(L.noLiveCycles)).toBeTruthy();
  });

  it('stops and sells, and says so', async () => {
    const bridge = await openStop({ last_bought_price: '61750.24' });
    bridge.handle('cycles:stopAndSell', () => ok({ message: 'sold' }));
    fireEvent.click(button(L.stopAndSell)!);
    expect(await screen.findByText(UI.cycleStoppedSold)).toBeTruthy();
    expect(bridge.callsTo('cycles:stopAndSell')).toEqual([{ cycle_id: 'cy-1' }]);
    expect(bridge.callsTo('cycles:stop')).toEqual([]);
  });

  it.each([
    ['stop', UI.cycleStopFailed, L.stop, 'cycles:stop', fail(400, 'Cycle already stopped', 'cycle.already_stopped')],
    ['stop', UI.cycleStopError, L.stop, 'cycles:stop', fail(0, 'offline')],
    [
      'stop & sell',
      UI.cycleStopSellFailed,
      L.stopAndSell,
      'cycles:stopAndSell',
      fail(409, 'try again', 'cycle.change_not_applied'),
    ],
    ['stop & sell', UI.cycleStopSellError, L.stopAndSell, 'cycles:stopAndSell', fail(500, 'boom')],
  ] as const)("a failed %s says '%s'", async (_what, expected, label, channel, answer) => {
    const bridge = await openStop({ last_bought_price: '61750.24' });
    bridge.handle(channel, () => answer);
    fireEvent.click(button(label)!);
    expect(await screen.findByText(expected)).toBeTruthy();
  });
});
