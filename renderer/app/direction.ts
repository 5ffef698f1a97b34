/** Which way a figure points, and so which of the theme's P&L colours (pnlColors.ts) it takes. */
import type { Theme } from '../../common/ipc/contract';
import { toDecimal, type FormatInput } from '../../common/format';
import { PNL_COLORS, type Direction } from './pnlColors';

/**
 * 'up' above zero, 'down' below, null for zero or a value that is not a number ('NA', missing),
 * which stay in the ordinary text colour. `zero` gives 0 a direction where a screen's rule says
 * so (the Dashboard's Total P&L is green at 0).
 */
export function directionOf(value: FormatInput, zero: Direction | null = null): Direction | null {
  const amount = toDecimal(value);
  if (amount === null) return null;
  if (amount.isZero()) return zero;
  return amount.isNegative() ? 'down' : 'up';
}

/** The colour for `value` in `theme`; undefined (inherit the text colour) when it has no direction. */
export function pnlColor(value: FormatInput, theme: Theme, zero: Direction | null = null): string | undefined {
  const direction = directionOf(value, zero);
  return direction ? PNL_COLORS[theme][direction] : undefined;
}
