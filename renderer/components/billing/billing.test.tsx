import { describe, expect, it } from 'vitest';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { formatDateTime as dateTimeOrDash } from '../../../common/format';
import { formatDateTime, money } from './format';
import { ifcDollars, subscriptionStatus } from './subscription';
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

  it("keeps Withdraw's old names and meanings through the shim: money 0.00 and dates '' when unknown", () => {
    expect(money('12.345')).toBe('12.35');
    expect(money(undefined)).toBe('0.00');
    expect(formatDateTime(null)).toBe('');
    // A table column passes the row as a second argument; the shim must not take it as the fallback.
    const render = formatDateTime as (v: string | null, row: unknown) => string;
    expect(render(null, { id: 1 })).toBe('');
    expect(formatDateTime('2026-11-05T10:00:00')).toBe(dateTimeOrDash('2026-11-05T10:00:00'));
  });

  it('numbers rows on across pages of 10', () => {
    expect(rowNumber(1, 0)).toBe(1);
    expect(rowNumber(2, 0)).toBe(11);
    expect(rowNumber(3, 9)).toBe(30);
    expect(rowNumber(0, 0)).toBe(1);
  });
});
