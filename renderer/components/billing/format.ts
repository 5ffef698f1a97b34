/**
 * Withdraw's two formatters, on common/format: USDT with a zero for a missing amount, and a date
 * with nothing for a missing one. Once Withdraw imports common/format itself, this file goes.
 */
import { formatDateTime as formatDateTimeOr, formatUsdtOrZero } from '../../../common/format';

export const money = formatUsdtOrZero;

/** Its old meaning ('' for no date), and one argument, so a table column may pass it as its render. */
export const formatDateTime = (value: string | null | undefined): string => formatDateTimeOr(value, '');
