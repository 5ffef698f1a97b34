import { describe, expect, it } from 'vitest';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { ifcDollars, mmss, money, subscriptionStatus } from './format';
import { rowNumber } from './PagedTable';

describe('account screen figures', () => {
  it.each([
    [undefined, ACCOUNT_LABELS.statusPending],
    [null, ACCOUNT_LABELS.statusPending],
    [true, ACCOUNT_LABELS.statusActive],
    [false, ACCOUNT_LABELS.statusInactive],
  ])('reads isActiveSubscription %s as %s', (flag, label) => {
    expect(subscriptionStatus(flag)).toBe(label);
  });

  it('values the IFC wallet at ifcNewToken x ifcNewTokenPrice without float error', () => {
    expect(ifcDollars({ ifcNewToken: '0.1', ifcNewTokenPrice: '0.2' })).toBe('0.02');
    expect(ifcDollars({ ifcNewToken: '400', ifcNewTokenPrice: '0.255' })).toBe('102.00');
    expect(ifcDollars({ ifcNewToken: '', ifcNewTokenPrice: '0.25' })).toBe('0.00');
  });

  it('writes money to 2 decimals and a broken figure as 0.00', () => {
    expect(money('12.345')).toBe('12.35');
    expect(money(undefined)).toBe('0.00');
    expect(money('abc')).toBe('0.00');
  });

  it('writes the countdown as mm:ss', () => {
    expect(mmss(900)).toBe('15:00');
    expect(mmss(125)).toBe('02:05');
    expect(mmss(0)).toBe('00:00');
    expect(mmss(-3)).toBe('00:00');
  });

  it('numbers rows on across pages of 10', () => {
    expect(rowNumber(1, 0)).toBe(1);
    expect(rowNumber(2, 0)).toBe(11);
    expect(rowNumber(3, 9)).toBe(30);
    expect(rowNumber(0, 0)).toBe(1);
  });
});
