/**
 * The minimum amount a start screen shows and checks before submitting: the server's rule
 * (common/schemas/bot-minimum.ts) applied to the server's minimum bot amount, or to the screen's
 * SPEC default while that has not loaded (100 on Start New Bot, 1000 in the Copy BOTs dialog).
 */
import { Decimal } from '../../../common/money';
import { minimumBotAmount } from '../../../common/schemas/bot-minimum';

/** The server minimum as a decimal, or `fallback` while unknown or unreadable. */
export function serverMinimum(minimumBotAmount: string | null | undefined, fallback: number): Decimal {
  try {
    const value = new Decimal(minimumBotAmount ?? '');
    return value.isFinite() && value.gte(0) ? value : new Decimal(fallback);
  } catch {
    return new Decimal(fallback);
  }
}

/**
 * The minimum for a strategy of `grids` grids as a plain decimal string; the server minimum
 * alone while the grid count is not known yet.
 */
export function shownMinimum(grids: number | undefined, server: Decimal): string {
  return (grids === undefined ? server : minimumBotAmount(grids, server)).toFixed();
}
