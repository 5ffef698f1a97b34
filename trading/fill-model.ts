/** The simulated exchange of the backtester: a market order fills whole at the tick price. */
import { str } from './core/exact';
import { dec, feeFor } from './core/orders';
import type { Fill, LiquidationAction, MarketRules, OrderAction } from './core/types';

/** The exchange's liquidation: the whole position at the liquidation price, no fee (Binance's simulator and ours). */
export function simulateLiquidation(action: LiquidationAction): Fill {
  return { side: 'sell', grid: 0, price: action.price, qty: action.qty, fee: '0', ts: action.ts, liquidation: true };
}

export function simulateFill(order: OrderAction, market: MarketRules): Fill {
  const price = dec(order.price);
  const qty = dec(order.qty);
  const fee = feeFor(price.times(qty), market);
  return {
    side: order.kind === 'buy' ? 'buy' : 'sell',
    grid: order.kind === 'sellAll' ? 0 : order.grid,
    price: order.price,
    qty: order.qty,
    fee: str(fee),
    ts: order.ts,
  };
}
