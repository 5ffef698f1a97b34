/**
 * A figure in the theme's up colour above zero and its down colour below (app/pnlColors.ts);
 * zero, 'NA' and missing figures keep the ordinary text colour.
 *
 * Props: `value` the number whose sign picks the colour (decimal string, number or Decimal);
 * `children` what to show (default: `value` as USDT, 2 decimals); `zero` a direction for 0 where
 * a screen's rule gives it one; or `direction` outright, for what has no number (BUY, SELL).
 */
import type { ReactNode } from 'react';
import { formatUsdt, type FormatInput } from '../../common/format';
import { directionOf } from '../app/direction';
import { PNL_COLORS, type Direction } from '../app/pnlColors';
import { useTheme } from '../app/theme';

export interface SignedValueProps {
  value?: FormatInput;
  direction?: Direction | null;
  zero?: Direction;
  children?: ReactNode;
  className?: string;
}

export function SignedValue({ value, direction, zero, children, className }: SignedValueProps) {
  const { theme } = useTheme();
  const way = direction === undefined ? directionOf(value, zero ?? null) : direction;
  return (
    <span
      className={className ? `signed-value ${className}` : 'signed-value'}
      data-direction={way ?? 'none'}
      style={way ? { color: PNL_COLORS[theme][way] } : undefined}
    >
      {children ?? formatUsdt(value)}
    </span>
  );
}
