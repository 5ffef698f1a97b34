import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StrategyListItem } from '../../../common/api/strategy';
import { LABELS, SERVER, STATE_LABELS, TEXT, UI } from '../../../common/messages';
import { SIGNED_IN, deferred, fail, installFakeBridge, ok } from '../../testing/fakeBridge';
import { currentPath, renderApp } from '../../testing/renderApp';
import type { IpcResult } from '../../../common/ipc/contract';

const long: StrategyListItem = { strategy_name: 'Momentum ladder 2024', No_of_order: 12, status: 'active', _id: 'a' };
const short: StrategyListItem = { strategy_name: 'Scalp', No_of_order: 3, status: 'inactive', _id: 'b' };

function open(list: () => IpcResult<StrategyListItem[]> | Promise<IpcResult<StrategyListItem[]>>) {
  const bridge = installFakeBridge(SIGNED_IN);
  bridge.handle('strategies:list', list);
  renderApp('/mystrategies');
  return bridge;
}

async function deleteCard(name: string) {
  const card = (await screen.findByTitle(name)).closest('.strategy-card') as HTMLElement;
  fireEvent.click(within(card).getByRole('button', { name: LABELS.delete }));
  const confirm = await waitFor(() => {
    const popup = document.querySelector<HTMLElement>('.ant-popconfirm');
    if (!popup) throw new Error('no confirm yet');
    return popup;
  });
  expect(within(confirm).getByText(LABELS.deleteStrategyTitle(name))).toBeTruthy();
  fireEvent.click(within(confirm).getByRole('button', { name: LABELS.delete }));
}

describe('my strategies', () => {
  it('shows a skeleton of cards, then cards with the name cut to 12 characters, grids and a status badge', async () => {
    const reply = deferred<IpcResult<StrategyListItem[]>>();
    open(() => reply.promise);
    expect(await screen.findByRole('status', { name: TEXT.loading })).toBeTruthy();
    expect(screen.queryByText(TEXT.noStrategiesTitle)).toBeNull();
    reply.resolve(ok([long, short]));
    expect(await screen.findByText('Momentum lad...')).toBeTruthy();
    expect(screen.getByText('Scalp')).toBeTruthy();
    expect(screen.getByText(LABELS.cardGrids(12))).toBeTruthy();
    expect(screen.getByText(LABELS.cardGrids(3))).toBeTruthy();
    const active = screen.getByText('active').closest('.ant-badge')!;
    expect(active.querySelector('.ant-badge-status-success')).toBeTruthy();
    const inactive = screen.getByText('inactive').closest('.ant-badge')!;
    expect(inactive.querySelector('.ant-badge-status-error')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    open(() => ok([]));
    expect(await screen.findByText(TEXT.noStrategiesTitle)).toBeTruthy();
    expect(screen.getByText(TEXT.noStrategiesBody)).toBeTruthy();
  });

  it('shows the load failure, and Retry reads the list again', async () => {
    const bridge = open(() => fail(500, 'boom'));
    expect(await screen.findByText(UI.strategiesLoadError)).toBeTruthy();
    expect(screen.queryByText(TEXT.noStrategiesTitle)).toBeNull();
    bridge.handle('strategies:list', () => ok([short]));
    fireEvent.click(screen.getByRole('button', { name: STATE_LABELS.retry }));
    expect(await screen.findByText('Scalp')).toBeTruthy();
    expect(screen.queryByText(UI.strategiesLoadError)).toBeNull();
  });

  it('goes to the edit page of the card', async () => {
    open(() => ok([long]));
    const card = (await screen.findByTitle(long.strategy_name)).closest('.strategy-card') as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: LABELS.edit }));
    await waitFor(() => expect(currentPath()).toBe('/editstrategy/Momentum%20ladder%202024'));
  });

  it('deletes after confirming, says so and reloads the list', async () => {
    let list = [long, short];
    const bridge = open(() => ok(list));
    bridge.handle('strategies:delete', ({ strategy_name }) => {
      list = list.filter((s) => s.strategy_name !== strategy_name);
      return ok({ message: SERVER.strategyDeleted });
    });
    await deleteCard('Scalp');
    expect(await screen.findByText(UI.strategyDeleted)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTitle('Scalp')).toBeNull());
    expect(bridge.callsTo('strategies:delete')).toEqual([{ strategy_name: 'Scalp' }]);
    expect(bridge.callsTo('strategies:list').length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    [fail(400, SERVER.strategyInUse, 'strategy.in_use'), UI.strategyInUse],
    [fail(404, SERVER.strategyNotFound, 'strategy.not_found'), UI.strategyDeleteFailed(SERVER.strategyNotFound)],
    [fail(0, 'No response'), UI.strategyDeleteFailed('No response')],
  ])('shows the SPEC message when a delete fails %j', async (reply, shown) => {
    const bridge = open(() => ok([short]));
    bridge.handle('strategies:delete', () => reply);
    await deleteCard('Scalp');
    expect(await screen.findByText(shown)).toBeTruthy();
    expect(screen.getByTitle('Scalp')).toBeTruthy();
  });
});
