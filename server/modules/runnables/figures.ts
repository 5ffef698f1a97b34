/**
 * The figures a bot card shows, from the denormalised columns (ARCHITECTURE section 5, Figures):
 * runtime in whole days, roi and APY in percent with 2 decimals. Pure: the clock comes in.
 */
import { Decimal } from '../../../common/money';

const DAY_MS = 86_400_000;

/** Numeric columns come back at scale 18 ('12.500000000000000000'): the plain value. */
export function plain(value: Decimal.Value | null | undefined): string {
  if (value === null || value === undefined || value === '') return '0';
  return new Decimal(value).toFixed();
}

export function plainOrNull(value: Decimal.Value | null | undefined): string | null {
  return value === null || value === undefined ? null : plain(value);
}

/** Whole days since the start, up to the stop when stopped. */
export function runtimeDays(startedAt: Date, stoppedAt: Date | null, now: Date): number {
  const end = stoppedAt ?? now;
  return Math.max(0, Math.floor((end.getTime() - startedAt.getTime()) / DAY_MS));
}

/** Realized PnL as a percent of the investment (History's ROI %). */
export function roiPercent(realized: Decimal.Value, investment: Decimal.Value): string {
  const base = new Decimal(investment);
  if (base.lte(0)) return '0.00';
  return new Decimal(realized).div(base).times(100).toFixed(2, Decimal.ROUND_HALF_UP);
}

/** APY = roi x 365 / max(days, 1): what the bot's `roi` field carries (SPEC shows it as APY). */
export function apyPercent(realized: Decimal.Value, investment: Decimal.Value, days: number): string {
  const base = new Decimal(investment);
  if (base.lte(0)) return '0.00';
  return new Decimal(realized).div(base).times(100).times(365).div(Math.max(days, 1)).toFixed(2, Decimal.ROUND_HALF_UP);
}

/** Held cost / held quantity; null with nothing held. */
export function averagePrice(heldQty: Decimal.Value, heldCost: Decimal.Value): string | null {
  const qty = new Decimal(heldQty);
  return qty.lte(0) ? null : new Decimal(heldCost).div(qty).toFixed();
}

/** Realized plus the holdings valued at the live price. */
export function totalPnl(realized: Decimal.Value, heldQty: Decimal.Value, heldCost: Decimal.Value, price: Decimal.Value): string {
  return new Decimal(realized).plus(new Decimal(heldQty).times(price)).minus(heldCost).toFixed();
}

/** What History shows in the loss book column when no sell closed at a loss. */
export const NO_LOSS = 'NA';
