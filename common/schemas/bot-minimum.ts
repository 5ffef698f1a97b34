/**
 * The minimum bot amount: the one rule the server enforces and both start screens (Start New Bot
 * and the Copy BOTs dialog) show before submitting (issue 23, item 3). Two parts, as in SPEC
 * section 5:
 * - the server's minimum bot amount (the `minimumBotAmount` setting, GET /api/minimum-bot-amount);
 * - the grid rule: 300 USDT under 30 grids, else 10 USDT per grid.
 * SPEC records a second reading of the grid rule seen in the Copy BOTs dialog (100 under 10
 * grids); one rule now serves both screens, and it is the Start form's: the stricter of the
 * two, which keeps every grid's share of the amount clear of the exchange's minimum order.
 * Pure and decimal: no floats, no I/O.
 */
import { Decimal } from '../money';
import { VALIDATION } from '../messages';

export const GRID_MINIMUM_FLAT = 300;
export const GRID_MINIMUM_FLAT_BELOW = 30;
export const GRID_MINIMUM_PER_GRID = 10;

/** The grid rule alone: 300 under 30 grids, else 10 x grids. */
export function gridMinimum(grids: number): Decimal {
  return grids < GRID_MINIMUM_FLAT_BELOW ? new Decimal(GRID_MINIMUM_FLAT) : new Decimal(grids).times(GRID_MINIMUM_PER_GRID);
}

/** The least amount a bot of `grids` grids may start with: the grid rule, never under the server's minimum. */
export function minimumBotAmount(grids: number, serverMinimum: Decimal.Value): Decimal {
  return Decimal.max(gridMinimum(grids), serverMinimum);
}

/**
 * Why `amount` is too little for a bot of `grids` grids, in SPEC's words, or null when it is
 * enough. Below the server's minimum: 'Amount must be greater than or equal to {min}.'; else
 * below the grid rule: 'Insufficient amount. Minimum required for {n} grids is ${min}.'.
 * Null exactly when `amount` >= minimumBotAmount(grids, serverMinimum).
 */
export function botAmountShortfall(amount: Decimal.Value, grids: number, serverMinimum: Decimal.Value): string | null {
  const value = new Decimal(amount);
  const server = new Decimal(serverMinimum);
  if (value.lt(server)) return VALIDATION.amountMin(server.toFixed());
  const grid = gridMinimum(grids);
  if (value.lt(grid)) return VALIDATION.insufficientForGrids(grids, grid.toFixed());
  return null;
}
