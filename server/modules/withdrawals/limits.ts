/**
 * The rules a reward withdrawal must keep besides the balance (issue 20), pure so they can be
 * tested without a database: a floor (each payout costs the platform gas, and the fee is taken
 * from the amount), at most `pendingMax` withdrawals waiting at once (the payout worker pays
 * oldest first: one member's queue would delay everyone's), and at most `dailyMax` in any 24
 * hours. create.ts counts under the member's row lock, so concurrent requests see each other.
 */
import { Decimal } from '../../../common/money';
import { SERVER } from '../../../common/messages';
import { DomainError } from '../errors';

/** The withdrawal settings in force (support staff set them with the admin CLI). */
export interface WithdrawalTerms {
  /** USDT, fee included. */
  minimum: string;
  /** USDT taken from the amount for the BEP-20 transfer. */
  fee: string;
  pendingMax: number;
  dailyMax: number;
}

/** The member's withdrawals that count against the caps. */
export interface WithdrawalCounts {
  /** Waiting to be paid. */
  pending: number;
  /** Requested in the last 24 hours and not FAILED. */
  lastDay: number;
}

/** What the member asked for is refused for, or null when it keeps every rule. */
export function withdrawalRefusal(amount: Decimal.Value, terms: WithdrawalTerms, counts: WithdrawalCounts): DomainError | null {
  const asked = new Decimal(amount);
  // The settings keep the minimum above the fee; the second test holds even for a hand-edited row.
  if (asked.lt(terms.minimum) || asked.lte(terms.fee)) {
    return new DomainError('billing.withdrawal_below_minimum', SERVER.withdrawBelowMinimum(terms.minimum, terms.fee));
  }
  if (counts.pending >= terms.pendingMax) {
    return new DomainError('billing.withdrawal_pending_limit', SERVER.withdrawPendingLimit(terms.pendingMax));
  }
  if (counts.lastDay >= terms.dailyMax) {
    return new DomainError('billing.withdrawal_daily_limit', SERVER.withdrawDailyLimit(terms.dailyMax));
  }
  return null;
}

/** What reaches the member's address: the amount less the network fee. */
export function payableOf(amount: Decimal.Value, fee: Decimal.Value): string {
  return new Decimal(amount).minus(fee).toFixed();
}
