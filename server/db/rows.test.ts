import { describe, expect, it } from 'vitest';
import { rowsOf } from './rows';

describe('rowsOf', () => {
  it.each([
    ['node-postgres and PGlite ({rows})', { rows: [{ id: 'a' }], rowCount: 1 }],
    ['a driver answering the array itself', [{ id: 'a' }]],
  ])('reads the rows of %s', (_driver, result) => {
    expect(rowsOf<{ id: string }>(result)).toEqual([{ id: 'a' }]);
  });
});
