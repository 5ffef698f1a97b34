/** Percentages (APY, ROI, drawdown, 24 h change): 2 decimals and a '%' sign. */
import { NO_VALUE, fixed, toDecimal, type FormatInput } from './value';

const PERCENT_DECIMALS = 2;

export interface PercentOptions {
  /** Write '+' before a gain ('+1.25%'), as the ticker does; off by default. */
  signed?: boolean;
  /** What an unknown value shows; '-' by default. */
  missing?: string;
}

/** '12.345' -> '12.35%', '-13.6912' -> '-13.69%'; '-' when unknown. */
export function formatPercent(value: FormatInput, options: PercentOptions = {}): string {
  const percent = toDecimal(value);
  if (!percent) return options.missing ?? NO_VALUE;
  const text = fixed(percent, PERCENT_DECIMALS);
  const plus = options.signed && !text.startsWith('-') && !percent.toDecimalPlaces(PERCENT_DECIMALS).isZero() ? '+' : '';
  return `${plus}${text}%`;
}
