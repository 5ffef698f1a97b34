import { describe, expect, it } from 'vitest';
import { AUTO_FILL_PERCENTAGES } from '../constants';
import { VALIDATION } from '../messages';
import {
  autoFillRows,
  CELL_LABELS,
  cellProblem,
  createStrategySchema,
  detailToRows,
  editStrategySchema,
  emptyRows,
  gridCountOf,
  gridCountBody,
  percentToFraction,
  strategyNameBody,
} from './strategy';

const body = (grids = 3) => ({ strategyName: 'Alpha', noOfGrids: grids, tableData: autoFillRows(grids, AUTO_FILL_PERCENTAGES) });
type Body = ReturnType<typeof body>;

function firstError(schema: { validateSync(v: unknown, o: object): unknown }, value: unknown): string | null {
  try {
    schema.validateSync(value, { abortEarly: false });
    return null;
  } catch (error) {
    const e = error as { inner: { message: string }[]; errors: string[] };
    return e.inner[0]?.message ?? e.errors[0] ?? null;
  }
}

const withCell = (grid: number, field: keyof typeof CELL_LABELS, value: unknown) => (b: Body) => {
  (b.tableData[grid - 1] as unknown as Record<string, unknown>)[field] = value;
  return b;
};

describe('create strategy schema', () => {
  it('accepts Auto Fill rows for 1 to 50 grids', () => {
    for (const grids of [1, 2, 3, 7, 49, 50]) expect(firstError(createStrategySchema, body(grids))).toBeNull();
  });

  it.each<[string, (b: Body) => unknown, string]>([
    ['an empty name', (b) => ({ ...b, strategyName: ' ' }), VALIDATION.strategyNameRequired],
    ['a 51-character name', (b) => ({ ...b, strategyName: 'n'.repeat(51) }), VALIDATION.strategyNameMax],
    ['0 grids', (b) => ({ ...b, noOfGrids: '0' }), VALIDATION.gridsRange],
    ['51 grids', (b) => ({ ...b, noOfGrids: '51' }), VALIDATION.gridsRange],
    ['letters', (b) => ({ ...b, noOfGrids: '1a' }), VALIDATION.gridsRange],
    ['no rows', (b) => ({ ...b, tableData: [] }), VALIDATION.tableRows(3)],
    [
      'an empty cell',
      withCell(2, 'allottedAmountPercentagePerOrder', ''),
      VALIDATION.cellRequired(2, CELL_LABELS.allottedAmountPercentagePerOrder),
    ],
    [
      'a negative cell',
      withCell(3, 'takeProfitPercentageDown', '-0.1'),
      VALIDATION.cellNumber(3, CELL_LABELS.takeProfitPercentageDown),
    ],
    [
      '9 decimals',
      withCell(3, 'buyPercentageUp', '0.123456789'),
      VALIDATION.fractionDigitsMax(`Grid 3: ${CELL_LABELS.buyPercentageUp}`, 8),
    ],
    [
      'a 0 % take profit',
      withCell(1, 'takeProfitPercentage', '0'),
      VALIDATION.cellAboveZero(1, CELL_LABELS.takeProfitPercentage),
    ],
    ['a 0 % buy', withCell(2, 'buyPercentage', '0.0'), VALIDATION.cellAboveZero(2, CELL_LABELS.buyPercentage)],
    ['a grid-1 buy', withCell(1, 'buyPercentageUp', '0.2'), VALIDATION.gridOneAtMarket],
    ['a total of 99.98', withCell(1, 'allottedAmountPercentagePerOrder', '33.31'), VALIDATION.allottedTotal('99.98')],
    ['a total of 100.02', withCell(1, 'allottedAmountPercentagePerOrder', '33.35'), VALIDATION.allottedTotal('100.02')],
  ])('refuses %s', (_case, change, message) => {
    expect(firstError(createStrategySchema, change(body()))).toBe(message);
  });

  it('accepts totals within 0.01 of 100 and Marketprice in grid 1', () => {
    const b = withCell(1, 'allottedAmountPercentagePerOrder', '33.32')(body());
    expect(firstError(createStrategySchema, withCell(1, 'buyPercentage', 'Marketprice')(b))).toBeNull();
  });

  it('reads grid counts as digits only, two at most', () => {
    expect([gridCountOf('1'), gridCountOf(50), gridCountOf('050'), gridCountOf('2.0'), gridCountOf(' 7 ')]).toEqual([
      1,
      50,
      null,
      null,
      7,
    ]);
  });

  it('requires the name in the name-only bodies', () => {
    expect(firstError(strategyNameBody, {})).toBe(VALIDATION.strategyNameRequired);
    expect(firstError(gridCountBody, { strategyName: '' })).toBe(VALIDATION.strategyNameRequired);
  });
});

describe('auto fill and rows', () => {
  it('splits 100 to 2 decimals with the remainder on the last grid', () => {
    const rows = autoFillRows(7, AUTO_FILL_PERCENTAGES);
    expect(rows.map((r) => r.allottedAmountPercentagePerOrder)).toEqual([
      '14.29',
      '14.29',
      '14.29',
      '14.29',
      '14.29',
      '14.29',
      '14.26',
    ]);
    expect(rows[0]).toMatchObject({
      buyPercentage: '',
      buyPercentageUp: '',
      takeProfitPercentage: '1.2',
      takeProfitPercentageDown: '0.2',
    });
    expect(rows[6]).toMatchObject({ gridNo: 7, buyPercentage: '1.2', buyPercentageUp: '0.2' });
    expect(emptyRows(2).map((r) => r.gridNo)).toEqual([1, 2]);
  });

  it('converts between fractions and percent exactly', () => {
    expect(percentToFraction('33.33')).toBe('0.3333');
    const detail = {
      strategy_name: 'A',
      No_of_order: 2,
      allotted_amount_percentage_per_order: ['0.125', 0.875],
      buy_percentage: ['1'],
      buy_percentage_up: ['0.5'],
      takeprofit_percentage: ['2', '2'],
      takeprofit_percentage_down: ['0', '0'],
    };
    expect(detailToRows(detail).map((r) => [r.allottedAmountPercentagePerOrder, r.buyPercentage])).toEqual([
      ['12.5', null],
      ['87.5', '1'],
    ]);
  });
});

describe('edit strategy schema', () => {
  const detail = () => ({
    strategy_name: 'A',
    No_of_order: 2,
    allotted_amount_percentage_per_order: ['0.5', '0.5'],
    buy_percentage: ['1'],
    buy_percentage_up: ['0.5'],
    takeprofit_percentage: ['2', '2'],
    takeprofit_percentage_down: ['0', '0'],
  });

  it('accepts a valid detail', () => {
    expect(firstError(editStrategySchema, { dataToSend: detail() })).toBeNull();
  });

  it.each<[string, object, string]>([
    ['no dataToSend', {}, VALIDATION.fieldRequired('dataToSend')],
    ['a missing array', { dataToSend: { ...detail(), buy_percentage: undefined } }, VALIDATION.fieldRequired('buy_percentage')],
    [
      'a long buy array',
      { dataToSend: { ...detail(), buy_percentage_up: ['1', '1'] } },
      VALIDATION.detailEntries('buy_percentage_up', 1),
    ],
    [
      'a short take-profit array',
      { dataToSend: { ...detail(), takeprofit_percentage: ['1'] } },
      VALIDATION.detailEntries('takeprofit_percentage', 2),
    ],
    [
      'a fraction total of 0.95',
      { dataToSend: { ...detail(), allotted_amount_percentage_per_order: ['0.5', '0.45'] } },
      VALIDATION.allottedTotal('95'),
    ],
    [
      'an empty buy',
      { dataToSend: { ...detail(), buy_percentage: [''] } },
      VALIDATION.cellRequired(2, CELL_LABELS.buyPercentage),
    ],
  ])('refuses %s', (_case, value, message) => {
    expect(firstError(editStrategySchema, value)).toBe(message);
  });
});

describe('cell problems (issue 23: short words in the cell, the full message in the summary)', () => {
  it.each([
    [2, 'takeProfitPercentage', '', VALIDATION.cellRequiredShort, VALIDATION.cellRequired(2, CELL_LABELS.takeProfitPercentage)],
    [2, 'buyPercentage', '0', VALIDATION.cellAboveZeroShort, VALIDATION.cellAboveZero(2, CELL_LABELS.buyPercentage)],
    [
      3,
      'allottedAmountPercentagePerOrder',
      '1.2.3',
      VALIDATION.cellNumberShort,
      VALIDATION.cellNumber(3, CELL_LABELS.allottedAmountPercentagePerOrder),
    ],
    [1, 'buyPercentage', '5', VALIDATION.gridOneAtMarketShort, VALIDATION.gridOneAtMarket],
  ] as const)('grid %i %s %j -> %s', (grid, field, value, short, message) => {
    expect(cellProblem(grid, field, value)).toEqual({ gridNo: grid, field, short, message });
  });

  it('says too many digits in short, the schema message in full', () => {
    const problem = cellProblem(2, 'takeProfitPercentage', '1234567');
    expect(problem?.short).toBe(VALIDATION.cellDigitsShort);
    expect(problem?.message).toContain('Grid 2');
  });

  it('is null for a valid cell', () => {
    expect(cellProblem(2, 'buyPercentageUp', '0')).toBeNull();
    expect(cellProblem(1, 'buyPercentage', '')).toBeNull();
  });
});
