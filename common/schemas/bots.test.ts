import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../messages';
import { editProfitBookBody, sltpEditBody } from './bots';

const firstError = (run: () => unknown): string | null => {
  try {
    run();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('bot request schemas', () => {
  it('turn form numbers into decimal strings and blanks into null', () => {
    const body = sltpEditBody.validateSync({ botID: 'x', sellAllAndPausePrice: 0.1, restartPrice: '', stoplossPrice: ' 80.50 ' });
    expect(body).toMatchObject({ sellAllAndPausePrice: '0.1', restartPrice: null, stoplossPrice: '80.50' });
  });

  it.each([
    [0.99, VALIDATION.profitBookBelowOne],
    ['-1', VALIDATION.profitBookBelowOne],
    ['1000.0001', VALIDATION.profitBookAboveMax],
    ['1e3', VALIDATION.profitBookNumber],
    [Number.POSITIVE_INFINITY, VALIDATION.profitBookNumber],
    [1, null],
    ['1000', null],
    [null, null],
  ])('profit book %s -> %s', (value, message) => {
    expect(firstError(() => editProfitBookBody.validateSync({ botID: 'x', profitBookValue: value }))).toBe(message);
  });
});
