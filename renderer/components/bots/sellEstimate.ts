/**
 * What Stop & Sell would sell (issue 23): the bot's held quantity of the base coin and its value
 * at the last price, as an estimate (a market sell fills at whatever the book gives). Pure, and
 * in decimals: quantity x price never passes through a float.
 */
import { toDecimal } from '../../../common/format';
import { formatMoney } from '../../../common/money';
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

/** The estimate for `symbol`, or null while the held quantity is unknown. */
export function sellEstimate(
  symbol: string,
  quantity: string | null | undefined,
  lastPrice: string | null | undefined,
): SellEstimate | null {
  const held = toDecimal(quantity);
  if (held === null) return null;
  const [coin = symbol, quote = ''] = pairLabel(symbol).split('/');
  const price = toDecimal(lastPrice);
  const empty = !held.gt(0);
  return {
    coin,
    quote,
    quantity: held.toFixed(),
    amount: price === null || empty ? null : formatMoney(held.times(price)),
    empty,
  };
}
