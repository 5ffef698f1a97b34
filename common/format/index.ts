/**
 * How every screen writes a figure: prices on the pair's tick, quantities on its step, USDT to
 * 2 decimals, percentages to 2 decimals, runtimes in two units, the APY only after a full day,
 * dates in local time. Pure, decimal.js throughout (never a float), and a missing or unreadable
 * value is always the same dash.
 */
export { NO_VALUE, toDecimal, type FormatInput } from './value';
export { formatPrice, fallbackPriceDecimals, PRICE_FALLBACK } from './price';
export { formatQuantity, QUANTITY_FALLBACK_DECIMALS } from './quantity';
export { formatUsdt, formatUsdtOrZero, isLoss } from './money';
export { formatPercent, type PercentOptions } from './percent';
export { formatRuntime, formatRuntimeDays, secondsBetween, SECONDS_PER_DAY } from './runtime';
export { formatApy, apyIsMeaningful } from './apy';
export { formatClock, formatDate, formatDateTime, formatCountdown } from './date';
