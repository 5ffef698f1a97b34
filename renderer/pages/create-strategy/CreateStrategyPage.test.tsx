import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CreateStrategyRequest } from '../../../common/api/strategy';
import type { IpcResult } from '../../../common/ipc/contract';
import { LABELS, SERVER, TEXT, UI, VALIDATION } from '../../../common/messages';
import { CELL_LABELS } from '../../../common/schemas/strategy';
import { SIGNED_IN, deferred, fail, installFakeBridge, ok } from '../../testing/fakeBridge';
import { currentPath, renderApp } from '../../testing/renderApp';

const cell = (grid: number, field: keyof typeof CELL_LABELS) =>
  screen.getByLabelText(LABELS.cellAria(grid, CELL_LABELS[field])) as HTMLInputElement;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function open() {
  const bridge = installFakeBridge(SIGNED_IN);
  bridge.handle('strategies:list', () => ok([]));
  renderApp('/create-strategy');
  await screen.findByLabelText(LABELS.strategyName);
  return bridge;
}

async function fill(name: string, grids: string, button: string = LABELS.autoFill) {
  type(screen.getByLabelText(LABELS.strategyName), name);
  type(screen.getByLabelText(LABELS.noOfGrids), grids);
  fireEvent.click(screen.getByRole('button', { name: button }));
}

const saveButton = () => screen.getByRole('button', { name: LABELS.save }) as HTMLButtonElement;
const save = () => fireEvent.click(saveButton());
/** The cells antd marks invalid (their red outline). */
const invalidCells = () => screen.queryAllByRole('textbox').filter((input) => input.getAttribute('aria-invalid') === 'true');
/** The table's summary (the allotted total has its own alert below the table). */
const summaryElement = () => {
  const [alert] = screen.queryAllByRole('alert').filter((el) => el.classList.contains('table-error-summary'));
  if (!alert) throw new Error('no table summary');
  return alert;
};
const summary = () => summaryElement().textContent;

describe('create grid bot strategy', () => {
  it.each(['0', '51', '99', ''])('refuses %j grids with the SPEC message and builds no table', async (grids) => {
    await open();
    await fill('Alpha', grids, LABELS.add);
    expect(await screen.findByText(VALIDATION.gridsRange)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('keeps digits only, two at most', async () => {
    await open();
    const input = screen.getByLabelText(LABELS.noOfGrids) as HTMLInputElement;
    type(input, '1a2.5');
    expect(input.value).toBe('12');
  });

  it('Add builds one empty row per grid, with a read-only Marketprice for grid 1', async () => {
    await open();
    await fill('Alpha', '3', LABELS.add);
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3 + 2));
    for (const header of [
      LABELS.colGridNo,
      LABELS.colAllotted,
      LABELS.colBuy,
      LABELS.colTakeProfit,
      LABELS.colFirstDown,
      LABELS.colSecondUp,
      LABELS.colFirstUp,
      LABELS.colSecondDown,
    ]) {
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    }
    expect(cell(1, 'buyPercentage').value).toBe(TEXT.marketPrice);
    expect(cell(1, 'buyPercentageUp').readOnly).toBe(true);
    expect(cell(3, 'allottedAmountPercentagePerOrder').value).toBe('');
  });

  it('Auto Fill uses the SPEC defaults and puts the rounding remainder on the last grid', async () => {
    await open();
    await fill('Alpha', '3');
    await waitFor(() => expect(cell(1, 'allottedAmountPercentagePerOrder').value).toBe('33.33'));
    expect(cell(3, 'allottedAmountPercentagePerOrder').value).toBe('33.34');
    expect([cell(2, 'buyPercentage').value, cell(2, 'buyPercentageUp').value]).toEqual(['1.2', '0.2']);
    expect([cell(3, 'takeProfitPercentage').value, cell(3, 'takeProfitPercentageDown').value]).toEqual(['1.2', '0.2']);
    expect(await screen.findByText(LABELS.allottedSoFar('100'))).toBeTruthy();
    expect(screen.getByText(LABELS.customPercentagesNote)).toBeTruthy();
  });

  it('Clear empties every cell', async () => {
    await open();
    await fill('Alpha', '2');
    await waitFor(() => expect(cell(2, 'takeProfitPercentage').value).toBe('1.2'));
    fireEvent.click(screen.getByRole('button', { name: LABELS.clear }));
    await waitFor(() => expect(cell(2, 'takeProfitPercentage').value).toBe(''));
    expect(cell(1, 'allottedAmountPercentagePerOrder').value).toBe('');
    expect(cell(1, 'buyPercentage').value).toBe(TEXT.marketPrice);
  });

  it('requires every cell and the allotted total of 100, with Save disabled and no server call', async () => {
    const bridge = await open();
    await fill('Alpha', '2', LABELS.add);
    await waitFor(() =>
      expect(summary()).toBe(
        VALIDATION.tableSummary(VALIDATION.cellRequired(1, CELL_LABELS.allottedAmountPercentagePerOrder), 7),
      ),
    );
    expect(saveButton().disabled).toBe(true);
    type(cell(1, 'allottedAmountPercentagePerOrder'), '50');
    type(cell(2, 'allottedAmountPercentagePerOrder'), '40.5');
    for (const grid of [1, 2]) {
      type(cell(grid, 'takeProfitPercentage'), '1');
      type(cell(grid, 'takeProfitPercentageDown'), '0');
    }
    type(cell(2, 'buyPercentage'), '0');
    type(cell(2, 'buyPercentageUp'), '0.1');
    await waitFor(() => expect(summary()).toBe(VALIDATION.cellAboveZero(2, CELL_LABELS.buyPercentage)));
    expect(await screen.findByText(VALIDATION.cellAboveZeroShort)).toBeTruthy();
    type(cell(2, 'buyPercentage'), '1');
    // Every cell is valid, the total is not: its SPEC message shows without pressing Save.
    expect(await screen.findByText(VALIDATION.allottedTotal('90.5'))).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryAllByRole('alert').filter((el) => el.classList.contains('table-error-summary'))).toHaveLength(0),
    );
    expect(saveButton().disabled).toBe(true);
    save();
    expect(bridge.callsTo('strategies:create')).toHaveLength(0);
    type(cell(2, 'allottedAmountPercentagePerOrder'), '50');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
  });

  it('keeps Save disabled on an empty form and until name, grids and table are valid', async () => {
    await open();
    expect(saveButton().disabled).toBe(true);
    type(screen.getByLabelText(LABELS.noOfGrids), '2');
    fireEvent.click(screen.getByRole('button', { name: LABELS.autoFill }));
    await waitFor(() => expect(cell(2, 'buyPercentage').value).toBe('1.2'));
    // The table is valid, the name is missing.
    expect(saveButton().disabled).toBe(true);
    type(screen.getByLabelText(LABELS.strategyName), 'Alpha');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    // Another grid count without Add: the table no longer matches it.
    type(screen.getByLabelText(LABELS.noOfGrids), '3');
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(await screen.findByText(VALIDATION.tableRows(3))).toBeTruthy();
  });

  it('Add marks each empty cell with a short Required and a red outline, and one full summary above the table', async () => {
    await open();
    await fill('Alpha', '3', LABELS.add);
    await waitFor(() => expect(invalidCells()).toHaveLength(3 * 5 - 2));
    // antd shows a field's errors a moment after they are set (it debounces them).
    await waitFor(() => expect(screen.getAllByText(VALIDATION.cellRequiredShort)).toHaveLength(13));
    // The long message appears once, in the summary, never under a cell.
    expect(screen.queryByText(VALIDATION.cellRequired(2, CELL_LABELS.buyPercentage))).toBeNull();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    const table = screen.getAllByRole('table')[0]!;
    expect(summaryElement().compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(summary()).toBe(VALIDATION.tableSummary(VALIDATION.cellRequired(1, CELL_LABELS.allottedAmountPercentagePerOrder), 12));
  });

  it('Auto Fill clears the errors of the cells it fills, and Save enables', async () => {
    await open();
    await fill('Alpha', '3', LABELS.add);
    await waitFor(() => expect(invalidCells()).toHaveLength(13));
    fireEvent.click(screen.getByRole('button', { name: LABELS.autoFill }));
    await waitFor(() => expect(invalidCells()).toHaveLength(0));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await waitFor(() => expect(saveButton().disabled).toBe(false));
  });

  it('Clear validates again: every emptied cell is Required and Save disables', async () => {
    await open();
    await fill('Alpha', '2');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    expect(invalidCells()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: LABELS.clear }));
    await waitFor(() => expect(invalidCells()).toHaveLength(2 * 5 - 2));
    expect(summary()).toBe(VALIDATION.tableSummary(VALIDATION.cellRequired(1, CELL_LABELS.allottedAmountPercentagePerOrder), 7));
    expect(saveButton().disabled).toBe(true);
  });

  it('shows Saving... while saving, sends the SPEC body and goes to My Strategies', async () => {
    const bridge = await open();
    const reply = deferred<IpcResult<{ message: string }>>();
    bridge.handle('strategies:create', () => reply.promise);
    await fill('  Alpha  ', '2');
    await waitFor(() => expect(cell(2, 'buyPercentage').value).toBe('1.2'));
    save();
    expect(await screen.findByRole('button', { name: TEXT.saving })).toBeTruthy();
    reply.resolve(ok({ message: SERVER.strategySaved }));
    await waitFor(() => expect(currentPath()).toBe('/mystrategies'));
    const [sent] = bridge.callsTo('strategies:create') as CreateStrategyRequest[];
    expect(sent).toEqual({
      strategyName: 'Alpha',
      noOfGrids: 2,
      tableData: [
        {
          gridNo: 1,
          allottedAmountPercentagePerOrder: '50.00',
          buyPercentage: null,
          buyPercentageUp: null,
          takeProfitPercentage: '1.2',
          takeProfitPercentageDown: '0.2',
        },
        {
          gridNo: 2,
          allottedAmountPercentagePerOrder: '50.00',
          buyPercentage: '1.2',
          buyPercentageUp: '0.2',
          takeProfitPercentage: '1.2',
          takeProfitPercentageDown: '0.2',
        },
      ],
    });
  });

  it.each([
    [fail(400, SERVER.strategyExists, 'strategy.exists'), UI.strategyExists],
    [fail(400, VALIDATION.gridsRange), UI.strategySaveFailed],
    [fail(0, 'offline'), UI.strategySaveFailed],
  ])('maps a failed save %j to the SPEC message and stays', async (reply, shown) => {
    const bridge = await open();
    bridge.handle('strategies:create', () => reply);
    await fill('Alpha', '1');
    await waitFor(() => expect(cell(1, 'allottedAmountPercentagePerOrder').value).toBe('100.00'));
    save();
    expect(await screen.findByText(shown)).toBeTruthy();
    expect(currentPath()).toBe('/create-strategy');
  });

  it('builds 50 auto-filled rows totalling exactly 100', async () => {
    await open();
    await fill('Wide', '50');
    await waitFor(() => expect(cell(50, 'allottedAmountPercentagePerOrder').value).toBe('2.00'));
    // The total line watches the table on its own (Form.useWatch), one update after the cells.
    expect(await screen.findByText(LABELS.allottedSoFar('100'))).toBeTruthy();
  });
});
