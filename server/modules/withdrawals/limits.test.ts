import { describe, expect, it } from 'vitest';
import { SERVER } from '../../../common/messages';
import { payableOf, withdrawalRefusal, type WithdrawalTerms } from './limits';

const TERMS: WithdrawalTerms = { minimum: '10', fee: '1', pendingMax: 3, dailyMax: 10 };
const NONE = { pending: 0, lastDay: 0 };
const refusalOf = (amount: string, counts = NONE, terms = TERMS) => {
  const error = withdrawalRefusal(amount, terms, counts);
  return error && { reason: error.reason, status: error.status, message: error.message };
};

describe('withdrawal limits', () => {
  it('takes the minimum itself and anything above it', () => {
    for (const amount of ['10', '10.000000000000000001', '2500']) expect(refusalOf(amount)).toBeNull();
  });

  it('refuses below the minimum with a 400 naming the minimum and the fee', () => {
    for (const amount of ['9.999999999999999999', '1', '0.000000000000000001']) {
      expect(refusalOf(amount)).toEqual({
        reason: 'billing.withdrawal_below_minimum',
        status: 400,
        message: SERVER.withdrawBelowMinimum('10', '1'),
      });
    }
  });

  it('never lets an amount at or under the fee through, even if the minimum is not above it', () => {
    expect(refusalOf('1', NONE, { ...TERMS, minimum: '0.5' })?.reason).toBe('billing.withdrawal_below_minimum');
    expect(refusalOf('1.01', NONE, { ...TERMS, minimum: '0.5' })).toBeNull();
  });

  it('refuses the fourth pending withdrawal with a 409', () => {
    expect(refusalOf('10', { pending: 2, lastDay: 2 })).toBeNull();
    expect(refusalOf('10', { pending: 3, lastDay: 3 })).toEqual({
      reason: 'billing.withdrawal_pending_limit',
      status: 409,
      message: SERVER.withdrawPendingLimit(3),
    });
  });

  it('refuses the eleventh of a day with a 429', () => {
    expect(refusalOf('10', { pending: 0, lastDay: 9 })).toBeNull();
    expect(refusalOf('10', { pending: 0, lastDay: 10 })).toEqual({
      reason: 'billing.withdrawal_daily_limit',
      status: 429,
      message: SERVER.withdrawDailyLimit(10),
    });
  });

  it('names the amount first, then the pending cap, then the daily cap', () => {
    expect(refusalOf('5', { pending: 3, lastDay: 10 })?.reason).toBe('billing.withdrawal_below_minimum');
    expect(refusalOf('10', { pending: 3, lastDay: 10 })?.reason).toBe('billing.withdrawal_pending_limit');
  });

  it('pays out the amount less the fee, exactly', () => {
    expect(payableOf('10', '1')).toBe('9');
    expect(payableOf('25.123456789012345678', '0.25')).toBe('24.873456789012345678');
    expect(payableOf('3', '0')).toBe('3');
  });
});
