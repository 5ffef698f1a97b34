/** USDT amounts (balances, investment, PnL, fees): 2 decimals, half up (SPEC section 9). */
import { MONEY_DECIMALS } from '../constants';
import { NO_VALUE, fixed, toDecimal, type FormatInput } from './value';

/** '9900.32215894' -> '9900.32'; `missing` (default '-') when the amount is unknown. */
export function formatUsdt(value: FormatInput, missing: string = NO_VALUE): string {
  const amount = toDecimal(value);
  return amount ? fixed(amount, MONEY_DECIMALS) : missing;
}

/** True for an amount below zero (shown red); false for zero, a gain or an unknown amount. */
export function isLoss(value: FormatInput): boolean {
  const amount = toDecimal(value);
  return amount !== null && amount.isNegative() && !amount.isZero();
}

/**
 * The account screens' amounts, where SPEC counts a missing figure as 0 ('Rewards Earned' from
 * usdtRewardToken, 0 if absent). One argument, so it is safe as a table column's render.
 */
export function formatUsdtOrZero(value: FormatInput): string {
  return formatUsdt(value, formatUsdt(0));
}
