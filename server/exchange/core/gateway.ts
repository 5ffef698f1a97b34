/**
 * The exchange gateway: what the engine and the modules use to talk to the exchange. Amounts
 * and prices are decimal strings; symbols are exchange ids ('BTCUSDT'). One implementation,
 * ccxt-gateway.ts; nothing else in the server imports ccxt.
 */
import type { Kline, KlineInterval } from '../../../common/api/exchange';

export interface MemberKey {
  apiKey: string;
  secretKey: string;
}

export type Market = 'spot' | 'futures';

export interface MarketInfo {
  symbol: string;
  base: string;
  quote: string;
  /** PRICE_FILTER tickSize, LOT_SIZE stepSize / minQty, MIN_NOTIONAL. */
  tickSize: string;
  stepSize: string;
  minQty: string;
  minNotional: string;
}

export interface Ticker {
  symbol: string;
  price: string;
  changePercent: string;
}

/** Asset -> free amount (spot) or available amount (futures), zero balances omitted. */
export type Balances = Record<string, { free: string; total: string }>;

export interface ApiRestrictions {
  ipRestrict: boolean;
  enableWithdrawals: boolean;
  enableSpotAndMarginTrading: boolean;
  enableFutures: boolean;
}

export interface OrderRequest {
  market: Market;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'market' | 'limit';
  quantity: string;
  price?: string;
  /** Ours, deterministic: the key for finding the order again after an unknown outcome. */
  clientOrderId: string;
  /**
   * USD-M only: the order may only shrink the position. A bot's sells carry it: in one-way mode a
   * plain sell larger than the long (one the member shrank by hand) would open a short.
   */
  reduceOnly?: boolean;
}

export interface OrderState {
  id: string;
  clientOrderId: string;
  symbol: string;
  side: 'buy' | 'sell';
  type: string;
  status: 'open' | 'closed' | 'canceled' | 'expired' | 'rejected';
  price: string | null;
  quantity: string;
  filled: string;
  /** Quote amount filled (cost). */
  cost: string;
  /** The trades behind the fill, when the answer carried them (spot FULL responses). */
  trades?: Fill[];
}

export interface Fill {
  id: string;
  orderId: string;
  symbol: string;
  side: 'buy' | 'sell';
  price: string;
  quantity: string;
  fee: string;
  feeAsset: string;
  time: number;
}

export interface TransferResult {
  id: string;
}

/** One completed transfer between the member's spot and USD-M futures wallets. */
export interface TransferRecord {
  id: string;
  asset: string;
  amount: string;
  from: Market;
  to: Market;
  /** Exchange time of the transfer, ms. */
  time: number;
  status: 'confirmed' | 'pending' | 'failed';
}

/** One USD-M maintenance-margin bracket of a symbol (GET /fapi/v1/leverageBracket). */
export interface LeverageBracket {
  notionalFloor: string;
  notionalCap: string;
  /** Maintenance margin rate, a fraction (0.004 = 0.4 %). */
  maintMarginRatio: string;
  /** Maintenance amount ("cum"). */
  cum: string;
  initialLeverage: number;
}

/** The member's USD-M position in one symbol (one-way mode), as the exchange reports it. */
export interface FuturesPosition {
  symbol: string;
  /** Signed base quantity; GridDesk only opens longs, so positive. */
  quantity: string;
  entryPrice: string;
  /** The position's isolated wallet (margin without unrealized pnl). */
  isolatedWallet: string;
  liquidationPrice: string;
  leverage: number;
  marginType: 'isolated' | 'cross';
}

/** A position the exchange closed itself (Binance's forceOrders, autoCloseType LIQUIDATION). */
export interface FuturesLiquidation {
  orderId: string;
  symbol: string;
  /** Base quantity closed. */
  quantity: string;
  /** Average price of the close. */
  price: string;
  time: number;
}

/** Calls that need the member's key. */
export interface MemberGateway {
  apiRestrictions(): Promise<ApiRestrictions>;
  balances(market: Market): Promise<Balances>;
  placeOrder(order: OrderRequest): Promise<OrderState>;
  cancelOrder(market: Market, symbol: string, clientOrderId: string): Promise<OrderState>;
  /** null when the exchange does not know the clientOrderId (after any lag allowance). */
  fetchOrder(market: Market, symbol: string, clientOrderId: string): Promise<OrderState | null>;
  myTrades(market: Market, symbol: string, since?: number): Promise<Fill[]>;
  /** The trades of one order (by the exchange's order id): its fills, fees included. */
  orderTrades(market: Market, symbol: string, orderId: string): Promise<Fill[]>;
  transfer(asset: string, amount: string, from: Market, to: Market): Promise<TransferResult>;
  /** Transfers in one direction since `since` (ms), newest first: resolves a transfer whose outcome was unknown. */
  transferHistory(from: Market, to: Market, since: number): Promise<TransferRecord[]>;
  /** USD-M user-data stream listen key: opens one, or returns (and extends) the valid one. */
  futuresListenKey(): Promise<string>;
  /** Extends the futures listen key's validity by 60 minutes (Binance: every 30 minutes). */
  keepAliveFuturesListenKey(): Promise<void>;
  /**
   * Readies a USD-M symbol for a bot: isolated margin (already isolated counts as done) and the
   * leverage (1-10). Called before the bot's first order and on every takeover.
   */
  prepareFutures(symbol: string, leverage: number): Promise<void>;
  /** The member's open USD-M position in `symbol`, or null when there is none (flat). */
  futuresPosition(symbol: string): Promise<FuturesPosition | null>;
  /** The exchange's liquidations of the member's `symbol` position since `since` (ms), oldest first. */
  futuresLiquidations(symbol: string, since: number): Promise<FuturesLiquidation[]>;
  /** The symbol's maintenance-margin brackets, lowest notional first. */
  leverageBrackets(symbol: string): Promise<LeverageBracket[]>;
  /** Market-sells `quantity` of `asset` into USDT (quantity already rounded to the step). */
  convertToUsdt(asset: string, quantity: string, clientOrderId: string): Promise<OrderState>;
}

/**
 * A pushed feed of spot tickers for every symbol. `next` resolves with the tickers that changed
 * since the previous batch; it rejects when the connection drops, and the following call
 * reconnects.
 */
export interface TickerStream {
  next(): Promise<Ticker[]>;
  close(): Promise<void>;
}

/** Public market data (no key) plus a factory of member gateways. */
export interface ExchangeGateway {
  markets(market: Market): Promise<MarketInfo[]>;
  lastPrices(market: Market, symbols?: string[]): Promise<Record<string, string>>;
  tickers(symbols: string[]): Promise<Ticker[]>;
  /** A new WebSocket ticker feed of one market (the market-data hub holds one of each for the process). */
  tickerStream(market: Market): TickerStream;
  klines(symbol: string, interval: KlineInterval, limit: number): Promise<Kline[]>;
  member(key: MemberKey): MemberGateway;
  /**
   * Opens the connection spot orders go out on, ahead of the first order (the engine's start);
   * resolves false when orders go over REST instead. Gateways without one leave it out.
   */
  openOrderConnection?(): Promise<boolean>;
  close(): Promise<void>;
}
