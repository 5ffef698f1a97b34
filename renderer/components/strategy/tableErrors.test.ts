import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../../../common/messages';
import { CELL_LABELS } from '../../../common/schemas/strategy';
import { tableErrorSummary } from './tableErrors';

const error = ['shown'];

describe('tableErrorSummary', () => {
  it('is null when no cell shows an error, whatever the values', () => {
    expect(tableErrorSummary([])).toBeNull();
    expect(tableErrorSummary([{ name: ['tableData', 0, 'takeProfitPercentage'], errors: [], value: '' }])).toBeNull();
  });

  it('gives the full message of the first cell in table order and counts the others', () => {
    const summary = tableErrorSummary([
      { name: ['tableData', 1, 'buyPercentage'], errors: error, value: '0' },
      { name: ['tableData', 0, 'takeProfitPercentageDown'], errors: error, value: '' },
      { name: ['tableData', 0, 'allottedAmountPercentagePerOrder'], errors: error, value: '' },
      { name: ['strategyName'], errors: error, value: '' },
    ]);
    expect(summary).toBe(VALIDATION.tableSummary(VALIDATION.cellRequired(1, CELL_LABELS.allottedAmountPercentagePerOrder), 2));
  });

  it('names a single cell without a count', () => {
    expect(tableErrorSummary([{ name: ['tableData', 1, 'buyPercentage'], errors: error, value: '0' }])).toBe(
      VALIDATION.cellAboveZero(2, CELL_LABELS.buyPercentage),
    );
    expect(VALIDATION.tableSummary('x', 1)).toBe('x 1 more cell needs a value or a fix.');
  });

  it('ignores an error antd still shows for a cell that is valid by now', () => {
    expect(tableErrorSummary([{ name: ['tableData', 0, 'takeProfitPercentage'], errors: error, value: '1.2' }])).toBeNull();
  });
});
