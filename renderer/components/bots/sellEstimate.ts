/**
 * What Stop & Sell would sell (issue 23): the bot's held quantity of the base coin and its value
 * at the last price, as an estimate (a market sell fills at whatever the book gives). Pure, and
 * in decimals: quantity x price never passes through a float.
 */
import { Decimal, formatMoney } from '../../../common/decimal';
import { pairLabel } from '../../../common/pairs';

export interface SellEstimate {
  /** 'BTC' of 'BTCUSDT'. */
  coin: string;
  /** 'USDT' of 'BTCUSDT': what the estimate is in. */
  quote: string;
  /** The held quantity as the server sent it, never rounded away. */
  quantity: string;
  /** quantity x last price, to 2 decimals; null when the price is unknown. */
  amount: string | null;
  /** Nothing held: nothing would be sold. */
  empty: boolean;
}

function decimalOrNull(value: string | null | undefined): Decimal | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  try {
    const number = new Decimal(value);
    return number.isFinite() ? number : null;
  } catch {
    return null;
  }
}

/** The estimate for `symbol`, or null while the held quantity is unknown. */
export function sellEstimate(symbol: string, quantity: string | null | undefined, lastPrice: string | null | undefined): SellEstimate | null {
  const held = decimalOrNull(quantity);
  if (held === null) return null;
  const [coin = symbol, quote = ''] = pairLabel(symbol).split('/');
  const price = decimalOrNull(lastPrice);
  const empty = !held.gt(0);
  return {
    coin,
    quote,
    quantity: held.toFixed(),
    amount: price === null || empty ? null : formatMoney(held.times(price)),
    empty,
  };
}
