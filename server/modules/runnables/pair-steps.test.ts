import { describe, expect, it } from 'vitest';
import { pairStepsOf } from './pair-steps';

describe('the pair steps a bot or cycle shows its figures to', () => {
  it('reads the steps stored with it when it started', () => {
    expect(pairStepsOf({ tickSize: '0.01', stepSize: '0.00001', minNotional: '5', feeRate: '0.001' })).toEqual({
      tickSize: '0.01',
      stepSize: '0.00001',
    });
  });

  it('has none for a row without stored rules, or with empty ones', () => {
    expect(pairStepsOf(null)).toEqual({ tickSize: null, stepSize: null });
    expect(pairStepsOf({})).toEqual({ tickSize: null, stepSize: null });
    expect(pairStepsOf({ tickSize: '', stepSize: '' })).toEqual({ tickSize: null, stepSize: null });
  });
});
