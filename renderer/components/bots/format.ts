/**
 * How the bot screens write a bot's figures (SPEC sections 3 and 9): money and percentages to 2 decimals, the symbol image path. Pure: the Start New Bot, Running
 * Bot, Dashboard, Copy BOTs and History screens share it.
 */
import { MONEY_DECIMALS } from '../../../common/constants';
import { Decimal, formatMoney } from '../../../common/decimal';
import { pairLabel } from '../../../common/pairs';

export { formatMoney };

/** The base asset of a symbol: 'BTCUSDT' -> 'BTC' (used by the image fallback). */
export function baseAsset(symbol: string): string {
  return pairLabel(symbol).split('/')[0] ?? symbol;
}

/** SPEC section 3: the symbol image lives at /img/symbols/{name}.png. */
export function symbolImagePath(symbol: string): string {
  return `/img/symbols/${encodeURIComponent(symbol)}.png`;
}

/** True for a decimal string or number the screens can compute with. */
function isNumeric(value: Decimal.Value | null | undefined): value is Decimal.Value {
  if (value === null || value === undefined || value === '') return false;
  try {
    return new Decimal(value).isFinite();
  } catch {
    return false;
  }
}

/** Money to 2 decimals, or the fallback for a value that is missing or not a number. */
export function moneyOr(value: Decimal.Value | null | undefined, fallback: string): string {
  return isNumeric(value) ? formatMoney(value) : fallback;
}

/** A percent figure ('12.345' -> '12.35%'); '0.00%' when missing. */
export function formatPercent(value: Decimal.Value | null | undefined): string {
  return `${moneyOr(value, (0).toFixed(MONEY_DECIMALS))}%`;
}

/** Sign of a decimal string: green at or above 0, red below (SPEC section 9, Total P&L). */
export function isLoss(value: Decimal.Value | null | undefined): boolean {
  return isNumeric(value) && new Decimal(value).isNegative() && !new Decimal(value).isZero();
}

/** a - b as a decimal string, or null when either is not a number. */
export function minus(a: Decimal.Value | null | undefined, b: Decimal.Value | null | undefined): string | null {
  return isNumeric(a) && isNumeric(b) ? new Decimal(a).minus(b).toFixed() : null;
}

/** A local date and time as YYYY-MM-DD HH:mm:ss; '' when the value is not a date. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}
