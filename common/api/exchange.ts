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

/**
 * The money-at-hand figures of one asset of a wallet. `inBots`: what the member's running bots and
 * cycles hold of it there (a bot's USDT kept for its next buys, the coins it bought, a cycle's
 * resting order or position margin), locked by the exchange or not. `free`: what the member can
 * move or sell without taking it from them, never below 0. Absent from a server that predates
 * them: the wallet then shows the exchange's figure alone.
 */
export interface MoneyAtHand {
  free?: string;
  inBots?: string;
}
export interface SpotBalanceResponse extends MoneyAtHand {
  /** The exchange's free USDT (not locked in orders), bots' share included. */
  spotusdtAmount: string;
}
export interface FuturesBalanceResponse extends MoneyAtHand {
  /** The exchange's available USDT margin, bots' share included. */
  futuresusdtAmount: string;
}
/** A running bot or cycle of the member holding some of an asset. */
export interface WalletHolder {
  kind: 'bot' | 'cycle';
  id: string;
  /** How the member knows it: 'BTC/USDT 1a2b3c' (pair and the start of its id, as on the dashboard). */
  label: string;
  /** How much of the asset it holds. */
  amount: string;
}
export interface WalletAsset extends MoneyAtHand {
  asset: string;
  /** The exchange's total, free and locked. */
  balance: string;
  /** Value in USDT. */
  value: string;
  /** Who holds `inBots`, largest first; empty when nothing is held. */
  holders?: WalletHolder[];
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
