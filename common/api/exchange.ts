/**
 * Shapes of the exchange-facing calls (SPEC section 7: API keys, Wallet, market data) and the
 * desktop-only market feeds. Amounts, prices and balances are decimal strings.
 */

export interface CheckConnectionResponse {
  connected: boolean;
}
export interface ServerIpResponse {
  ip: string;
}
export interface FetchKeysResponse {
  /** The bound API key, or null when none is bound. The secret is never returned. */
  apiKey: string | null;
}
/** POST /api/apikeys: both null disconnects. */
export interface ApiKeysRequest {
  apiKey: string | null;
  secretKey: string | null;
}

export interface SymbolPairsResponse {
  /** Tradable USDT pairs, e.g. 'BTCUSDT'. */
  pairs: string[];
}
export interface LivePriceRequest {
  pair: string;
}
export interface LivePriceResponse {
  price: string;
  /** The pair's price step (PRICE_FILTER tickSize): prices show its decimals. Absent when the exchange's rules could not be read. */
  tickSize?: string;
}
export interface MinimumBotAmountResponse {
  minimumBotAmount: string;
}

/** One entry of the price ticker pinned on every signed-in page. */
export interface TickerEntry {
  symbol: string;
  price: string;
  /** 24 h change in percent, e.g. '-1.25'. */
  changePercent: string;
  /** The pair's price step, as on LivePriceResponse. */
  tickSize?: string;
}
/** GET /api/tickers -> {tickers}; GET /api/tickers/stream pushes the same as SSE `tickers`. */
export interface TickersResponse {
  tickers: TickerEntry[];
}

export const KLINE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];
/** GET /api/klines?pair=&interval=&limit= */
export interface KlinesQuery {
  pair: string;
  interval: KlineInterval;
  limit?: number;
}
export interface Kline {
  /** Open time, epoch seconds (UTC). */
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}
export interface KlinesResponse {
  klines: Kline[];
}

export interface SpotBalanceResponse {
  spotusdtAmount: string;
}
export interface FuturesBalanceResponse {
  futuresusdtAmount: string;
}
export interface WalletAsset {
  asset: string;
  balance: string;
  /** Value in USDT. */
  value: string;
}
export type TransferDirection = 'SpotToFutures' | 'FuturesToSpot';
export interface TransferRequest {
  from: 'spot' | 'futures';
  to: 'spot' | 'futures';
  coin: 'USDT';
  amount: string;
}
export interface SwapRequest {
  asset: string;
  amount: string;
}
export interface MessageReply {
  message: string;
}
/** A success that comes with something the member should still know (e.g. a key without an IP whitelist). */
export type WithWarning<T> = T & { warning?: string };
