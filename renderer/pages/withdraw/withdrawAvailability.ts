/**
 * Whether the rewards can be withdrawn at all (issue 23): with $0.00, or less than the minimum
 * the server accepts, the Withdraw button is disabled and the member is told why instead of
 * filling in a form the server can only refuse.
 */
import { toDecimal } from '../../../common/format';
import { Decimal } from '../../../common/money';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { MONEY_DECIMALS } from '../../../common/constants';

/**
 * The reason nothing can be withdrawn, or null when a withdrawal may go ahead. Unknown figures
 * (still loading, or unreadable) block nothing: the server checks them anyway.
 */
/** Rounded down: 9.999 must not read as $10.00 beside a minimum of 10. */
const dollarsDown = (value: Decimal) => value.toDecimalPlaces(MONEY_DECIMALS, Decimal.ROUND_DOWN).toFixed(MONEY_DECIMALS);

export function withdrawBlockedReason(rewards: string | null | undefined, minimum: string | null | undefined): string | null {
  const available = toDecimal(rewards);
  if (available === null) return null;
  if (!available.gt(0)) return ACCOUNT_LABELS.withdrawNoRewards;
  const least = toDecimal(minimum);
  if (least !== null && available.lt(least))
    return ACCOUNT_LABELS.withdrawRewardsBelowMinimum(dollarsDown(available), least.toFixed());
  return null;
}
