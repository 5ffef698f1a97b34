/**
 * The Withdraw screen's words for a refused withdrawal, chosen by the refusal's reason (never by
 * its words). The limit refusals carry the figures in force on the server (a setting may have
 * changed since the screen read them), so their message is shown; the screen's own terms only
 * stand in when there is none.
 */
import type { WithdrawalLimits } from '../../../common/api/billing';
import { Decimal } from '../../../common/money';
import { SERVER, UI } from '../../../common/messages';
import type { Reason } from '../../../common/reasons';
import { isApiError } from '../../api/bridge';

/** Refusals with words of the screen's own. */
const FIXED: Partial<Record<Reason, string>> = {
  'billing.withdrawal_to_platform_address': SERVER.withdrawToPlatformAddress,
  'network.unreachable': UI.noResponse,
};

/** Refusals whose words name the terms: the server's message has them as in force, these stand in without one. */
const FROM_TERMS: Partial<Record<Reason, (limits: WithdrawalLimits) => string>> = {
  'billing.withdrawal_below_minimum': (limits) => SERVER.withdrawBelowMinimum(limits.minimum, limits.fee),
  'billing.withdrawal_pending_limit': (limits) => SERVER.withdrawPendingLimit(limits.pendingMax),
  'billing.withdrawal_daily_limit': (limits) => SERVER.withdrawDailyLimit(limits.dailyMax),
};

export function withdrawErrorMessage(error: unknown, limits: WithdrawalLimits | undefined): string {
  if (!isApiError(error)) return UI.genericError;
  const fixed = FIXED[error.reason];
  if (fixed) return fixed;
  if (error.message) return error.message;
  const fromTerms = FROM_TERMS[error.reason];
  return fromTerms && limits ? fromTerms(limits) : UI.genericError;
}

/** What reaches the address for `amount` typed: amount - fee, or null while that is no positive figure. */
export function arrivingAmount(amount: string | undefined, fee: string): string | null {
  if (!amount || !/^\d+(\.\d+)?$/.test(amount)) return null;
  const arrives = new Decimal(amount).minus(fee);
  return arrives.gt(0) ? arrives.toFixed() : null;
}
