/**
 * Re-export shim: Withdraw (renderer/pages/withdraw, owned by another change) still imports
 * `money` and `formatDateTime` from here. Every screen formats through common/format; drop this
 * file once Withdraw imports from there itself.
 */
import { formatDateTime as formatDateTimeOr, formatUsdtOrZero } from '../../../common/format';

export const money = formatUsdtOrZero;

/** Its old meaning ('' for no date), and one argument, so a table column may pass it as its render. */
export const formatDateTime = (value: string | null | undefined): string => formatDateTimeOr(value, '');
