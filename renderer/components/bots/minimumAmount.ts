/**
 * The Copy BOTs dialog's minimum amount (SPEC section 5, 'Start bot dialog (live bots)'): at
 * least 100 under 10 grids, else 10 per grid, and never under the server's minimum bot amount
 * (1000 until it has loaded). The Start New Bot form has its own reading (300 / 30 grids).
 */
import { MIN_BOT_AMOUNT_DEFAULT_LIVE_DIALOG } from '../../../common/constants';
import { Decimal } from '../../../common/decimal';
import { liveDialogGridMinimum } from '../../../common/schemas/bot-form';

/** The server minimum as a number, or the dialog's default while unknown or unreadable. */
export function serverMinimum(minimumBotAmount: string | null | undefined): Decimal {
  try {
    const value = new Decimal(minimumBotAmount ?? '');
    return value.isFinite() && value.gte(0) ? value : new Decimal(MIN_BOT_AMOUNT_DEFAULT_LIVE_DIALOG);
  } catch {
    return new Decimal(MIN_BOT_AMOUNT_DEFAULT_LIVE_DIALOG);
  }
}

/** Whichever is higher: the grid rule or the server minimum; as a plain decimal string. */
export function liveDialogMinimum(totalGrid: number, minimumBotAmount: string | null | undefined): string {
  return Decimal.max(liveDialogGridMinimum(totalGrid), serverMinimum(minimumBotAmount)).toFixed();
}
