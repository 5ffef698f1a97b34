/** The simulator's own domain types. Raw Binance shapes live only in the wire/ and http/ files. */

export type Side = 'BUY' | 'SELL';
export type OrderType = 'MARKET' | 'LIMIT';
export type OrderStatus = 'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED' | 'EXPIRED';
export type Market = 'spot' | 'futures';

/** A tradable USDT pair as the simulator starts it. Decimal strings throughout. */
export interface SymbolSeed {
  symbol: string;
  base: string;
  quote: string;
  price: string;
  tickSize: string;
  stepSize: string;
  minNotional: string;
}

export interface SymbolSpec extends SymbolSeed {
  minQty: string;
  maxQty: string;
  maxPrice: string;
  /** Decimal places of tickSize / stepSize, for formatting. */
  priceDecimals: number;
  qtyDecimals: number;
}

export interface Fill {
  tradeId: number;
  orderId: number;
  symbol: string;
  side: Side;
  price: string;
  qty: string;
  quoteQty: string;
  commission: string;
  commissionAsset: string;
  time: number;
  maker: boolean;
  /** Futures only: profit realised by a closing fill. */
  realizedPnl?: string;
}

export interface Order {
  market: Market;
  orderId: number;
  clientOrderId: string;
  symbol: string;
  side: Side;
  type: OrderType;
  /** '0' for market orders, as Binance reports them. */
  price: string;
  origQty: string;
  executedQty: string;
  cumQuote: string;
  origQuoteOrderQty: string;
  status: OrderStatus;
  time: number;
  updateTime: number;
  reduceOnly: boolean;
  fills: Fill[];
  /** Quote (spot) or margin (futures) held while the order rests. */
  reserved: string;
}

export interface NewOrder {
  symbol: string;
  side: Side;
  type: OrderType;
  quantity?: string;
  quoteOrderQty?: string;
  price?: string;
  clientOrderId?: string;
  reduceOnly?: boolean;
}

export interface Faults {
  latencyMs: number;
  /** Probability (0..1) that an accepted order or transfer is answered with a 5xx anyway. */
  failAfterAcceptRate: number;
  /** The next N accepted orders or transfers are answered with a 5xx anyway. */
  failAfterAcceptCount: number;
  /** GET order answers -2013 for this long after the order was accepted. */
  orderNotFoundMs: number;
}

export const NO_FAULTS: Faults = { latencyMs: 0, failAfterAcceptRate: 0, failAfterAcceptCount: 0, orderNotFoundMs: 0 };

/** A refusal in Binance's terms: HTTP status, Binance error code, Binance message. */
export class SimError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** Binance's refusal of a request without a parameter it must carry (-1102). */
export function missingParameter(name: string): SimError {
  return new SimError(-1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`);
}
