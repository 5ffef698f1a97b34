/** How the account screens write their figures: money to 2 decimals, dates, the subscription status. */
import type { WalletUserData } from '../../../common/api/billing';
import { Decimal, formatMoney } from '../../../common/decimal';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { formatDateTime, moneyOr } from '../bots/format';

export { formatDateTime, formatMoney, moneyOr };

/** Money to 2 decimals; 0.00 for a missing or broken figure. */
export const money = (value: string | null | undefined): string => moneyOr(value, formatMoney(0));

/** SPEC section 4: Pending while the flag is undefined, Active if true, In-Active if false. */
export function subscriptionStatus(flag: boolean | undefined | null): string {
  if (flag === undefined || flag === null) return ACCOUNT_LABELS.statusPending;
  return flag ? ACCOUNT_LABELS.statusActive : ACCOUNT_LABELS.statusInactive;
}

/** The IFC wallet's dollar value: ifcNewToken x ifcNewTokenPrice, to 2 decimals. */
export function ifcDollars(userData: Pick<WalletUserData, 'ifcNewToken' | 'ifcNewTokenPrice'>): string {
  try {
    return formatMoney(new Decimal(userData.ifcNewToken || 0).times(userData.ifcNewTokenPrice || 0));
  } catch {
    return formatMoney(0);
  }
}

/** A date without its time (the expiry date), '-' when there is none. */
export function formatDate(value: string | null | undefined): string {
  return formatDateTime(value).slice(0, 10) || '-';
}

/** Seconds as mm:ss (the deposit countdown). */
export function mmss(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(whole / 60))}:${two(whole % 60)}`;
}
