/**
 * An exchange order's trades as the one fill the grid core books. Fees are turned into the
 * quote asset: a quote fee as is; a base-asset fee (Binance's default on buys) at the trade's
 * price, and the quantity received is what is left after it, so the grid's cost stays exactly
 * what was paid. A fee in a third asset (BNB) is not in the quote: it is booked as 0 and kept
 * as charged in bot_fills.
 */
import type { Fill as ExchangeFill, OrderState } from '../exchange/core/gateway';
import { D } from '../../trading/index';

export interface BookedTrades {
  /** Average price: cost / quantity. */
  price: string;
  /** Quantity received (bought) or given (sold), after base-asset fees. */
  quantity: string;
  /** Quote amount traded (cummulativeQuoteQty). */
  cost: string;
  /** Fee in the quote asset. */
  fee: string;
}

export function bookTrades(order: OrderState, trades: readonly ExchangeFill[], base: string, quote: string): BookedTrades | null {
  if (trades.length === 0) {
    const filled = new D(order.filled || 0);
    if (filled.isZero()) return null;
    const cost = new D(order.cost || 0);
    return { price: cost.div(filled).toFixed(), quantity: filled.toFixed(), cost: cost.toFixed(), fee: '0' };
  }
  let qty = new D(0);
  let cost = new D(0);
  let fee = new D(0);
  let baseFee = new D(0);
  for (const t of trades) {
    const q = new D(t.quantity);
    const p = new D(t.price);
    qty = qty.plus(q);
    cost = cost.plus(p.times(q));
    if (t.feeAsset === quote) fee = fee.plus(t.fee);
    else if (t.feeAsset === base) {
      fee = fee.plus(new D(t.fee).times(p));
      baseFee = baseFee.plus(t.fee);
    }
  }
  if (qty.isZero()) return null;
  const price = trades.length === 1 ? new D(trades[0]!.price) : cost.div(qty);
  const net = order.side === 'buy' ? qty.minus(baseFee) : qty;
  return { price: price.toFixed(), quantity: net.toFixed(), cost: cost.toFixed(), fee: fee.toFixed() };
}

/** 'BTCUSDT' -> ['BTC', 'USDT']: every pair GridDesk trades is quoted in USDT. */
export function assetsOf(symbol: string): { base: string; quote: string } {
  return symbol.endsWith('USDT') ? { base: symbol.slice(0, -4), quote: 'USDT' } : { base: symbol, quote: 'USDT' };
}
