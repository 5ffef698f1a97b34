import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StrategyDetail } from '../../../common/api/strategy';
import { LABELS, SERVER, TEXT, UI, VALIDATION } from '../../../common/messages';
import { CELL_LABELS } from '../../../common/schemas/strategy';
import { SIGNED_IN, fail, installFakeBridge, ok } from '../../testing/fakeBridge';
import { currentPath, renderApp } from '../../testing/renderApp';

const detail: StrategyDetail = {
  strategy_name: 'My ladder',
  No_of_order: 3,
  allotted_amount_percentage_per_order: ['0.25', '0.25', '0.5'],
  buy_percentage: ['1.2', '1.5'],
  buy_percentage_up: ['0.2', '0.3'],
  takeprofit_percentage: ['1.2', '1.2', '2'],
  takeprofit_percentage_down: ['0.2', '0.2', '0.4'],
};

const cell = (grid: number, field: keyof typeof CELL_LABELS) =>
  screen.getByLabelText(LABELS.cellAria(grid, CELL_LABELS[field])) as HTMLInputElement;

function open() {
  const bridge = installFakeBridge(SIGNED_IN);
  bridge.handle('strategies:detail', () => ok(detail));
  bridge.handle('strategies:list', () => ok([]));
  renderApp('/editstrategy/My%20ladder');
  return bridge;
}

const saveButton = () => screen.getByRole('button', { name: LABELS.saveChanges }) as HTMLButtonElement;

describe('edit grid bot strategy', () => {
  it('shows name and grids read-only, allotted in percent and marketprice disabled in grid 1', async () => {
    const bridge = open();
    const name = (await screen.findByLabelText(LABELS.strategyName)) as HTMLInputElement;
    expect(name.value).toBe('My ladder');
    expect(name.readOnly).toBe(true);
    expect((screen.getByLabelText(LABELS.noOfGrids) as HTMLInputElement).readOnly).toBe(true);
    await waitFor(() => expect(cell(3, 'allottedAmountPercentagePerOrder').value).toBe('50'));
    expect(cell(1, 'buyPercentage').value).toBe(TEXT.marketPriceEdit);
    expect(cell(1, 'buyPercentageUp').disabled).toBe(true);
    expect(cell(3, 'buyPercentageUp').value).toBe('0.3');
    expect(bridge.callsTo('strategies:detail')).toEqual([{ strategy_name: 'My ladder' }]);
  });

  it('saves the changes as fractions and goes back to My Strategies', async () => {
    const bridge = open();
    bridge.handle('strategies:edit', () => ok({ message: SERVER.strategyUpdated }));
    await waitFor(() => expect(cell(1, 'allottedAmountPercentagePerOrder').value).toBe('25'));
    fireEvent.change(cell(1, 'allottedAmountPercentagePerOrder'), { target: { value: '12.5' } });
    fireEvent.change(cell(2, 'allottedAmountPercentagePerOrder'), { target: { value: '37.5' } });
    fireEvent.click(screen.getByRole('button', { name: LABELS.saveChanges }));
    expect(await screen.findByText(UI.strategyUpdated)).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe('/mystrategies'));
    expect(bridge.callsTo('strategies:edit')).toEqual([
      { dataToSend: { ...detail, allotted_amount_percentage_per_order: ['0.125', '0.375', '0.5'] } },
    ]);
  });

  it('refuses a total other than 100 and a missing cell: Save Changes disabled, short cell error, full summary', async () => {
    const bridge = open();
    await waitFor(() => expect(cell(1, 'allottedAmountPercentagePerOrder').value).toBe('25'));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.change(cell(1, 'allottedAmountPercentagePerOrder'), { target: { value: '20' } });
    expect(await screen.findByText(VALIDATION.allottedTotal('95'))).toBeTruthy();
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    fireEvent.change(cell(2, 'takeProfitPercentage'), { target: { value: '' } });
    expect(await screen.findByText(VALIDATION.cellRequiredShort)).toBeTruthy();
    await waitFor(() => expect(cell(2, 'takeProfitPercentage').getAttribute('aria-invalid')).toBe('true'));
    expect(
      await screen.findByText(VALIDATION.cellRequired(2, CELL_LABELS.takeProfitPercentage), {
        selector: '.table-error-summary *',
      }),
    ).toBeTruthy();
    fireEvent.click(saveButton());
    expect(bridge.callsTo('strategies:edit')).toHaveLength(0);
  });

  it('shows the update failure and stays', async () => {
    const bridge = open();
    bridge.handle('strategies:edit', () => fail(500, 'boom'));
    await waitFor(() => expect(cell(1, 'allottedAmountPercentagePerOrder').value).toBe('25'));
    fireEvent.click(screen.getByRole('button', { name: LABELS.saveChanges }));
    expect(await screen.findByText(UI.strategyUpdateFailed)).toBeTruthy();
    expect(currentPath()).toBe('/editstrategy/My%20ladder');
  });

  it('shows the detail failure', async () => {
    const bridge = installFakeBridge(SIGNED_IN);
    bridge.handle('strategies:detail', () => fail(404, SERVER.strategyNotFound));
    renderApp('/editstrategy/Gone');
    expect(await screen.findByText(UI.strategyDetailError)).toBeTruthy();
  });

  it('Cancel returns to My Strategies', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: LABELS.cancel }));
    await waitFor(() => expect(currentPath()).toBe('/mystrategies'));
  });
});
