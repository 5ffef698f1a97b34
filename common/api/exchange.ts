/**
 * Shapes of the exchange-facing calls (SPEC section 7: API keys, Wallet, market data) and the
 * desktop-only market feeds. Amounts, prices and balances are decimal strings. An answer is
 * spelled once, as its JSON Schema; its type is read off it.
 */
import { arrayOf, bool, described, int, object, oneOf, str, strOrNull, type Answer, type MessageAnswer } from './json-schema';

export const KLINE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];
/** GET /api/klines?pair=&interval=&limit= */
export interface KlinesQuery {
  pair: string;
  interval: KlineInterval;
  limit?: number;
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
export const checkConnectionResponse = object({ connected: bool });
export const serverIpResponse = object({ ip: str });
export const fetchKeysResponse = object({
  apiKey: described('The bound API key, or null when none is bound. The secret is never returned.', strOrNull),
});
/** A success that comes with something the member should still know (e.g. a key without an IP whitelist). */
export const bindKeysResponse = object({ message: str, warning: str }, ['warning']);
export const symbolPairsResponse = object({ pairs: described("Tradable USDT pairs, e.g. 'BTCUSDT'", arrayOf(str)) });

const tickSize = described(
  "The pair's price step (PRICE_FILTER tickSize): prices show its decimals. Absent when the exchange's rules could not be read.",
  str,
);
export const livePriceResponse = object({ price: str, tickSize }, ['tickSize']);
export const minimumBotAmountResponse = object({ minimumBotAmount: str });

/** One entry of the price ticker pinned on every signed-in page. */
const tickerEntry = object(
  { symbol: str, price: str, changePercent: described("24 h change in percent, e.g. '-1.25'", str), tickSize },
  ['tickSize'],
);
/** GET /api/tickers -> {tickers}; GET /api/tickers/stream pushes the same as SSE `tickers`. */
export const tickersResponse = object({ tickers: arrayOf(tickerEntry) });

const kline = object({
  time: described('Open time, epoch seconds (UTC)', int),
  open: str,
  high: str,
  low: str,
  close: str,
  volume: str,
});
export const klinesResponse = object({ klines: arrayOf(kline) });

/**
 * The money-at-hand figures of one asset of a wallet. `inBots`: what the member's running bots and
 * cycles hold of it there (a bot's USDT kept for its next buys, the coins it bought, a cycle's
 * resting order or position margin), locked by the exchange or not. `free`: what the member can
 * move or sell without taking it from them, never below 0. Optional: a server that predates them
 * leaves them out, and the wallet then shows the exchange's figure alone.
 */
const moneyAtHand = { free: str, inBots: str } as const;
export const spotBalanceResponse = object(
  { spotusdtAmount: described("The exchange's free USDT (not locked in orders), bots' share included", str), ...moneyAtHand },
  ['free', 'inBots'],
);
export const futuresBalanceResponse = object(
  { futuresusdtAmount: described("The exchange's available USDT margin, bots' share included", str), ...moneyAtHand },
  ['free', 'inBots'],
);
/** A running bot or cycle of the member holding some of an asset. */
const walletHolder = object({
  kind: oneOf(['bot', 'cycle']),
  id: str,
  label: described("How the member knows it: 'BTC/USDT 1a2b3c' (pair and the start of its id, as on the dashboard)", str),
  amount: described('How much of the asset it holds', str),
});
export const walletAssets = arrayOf(
  object(
    {
      asset: str,
      balance: described("The exchange's total, free and locked", str),
      value: described('Value in USDT', str),
      ...moneyAtHand,
      holders: described('Who holds `inBots`, largest first; empty when nothing is held', arrayOf(walletHolder)),
    },
    ['free', 'inBots', 'holders'],
  ),
);

export type CheckConnectionResponse = Answer<typeof checkConnectionResponse>;
export type ServerIpResponse = Answer<typeof serverIpResponse>;
export type FetchKeysResponse = Answer<typeof fetchKeysResponse>;
export type SymbolPairsResponse = Answer<typeof symbolPairsResponse>;
export type LivePriceResponse = Answer<typeof livePriceResponse>;
export type MinimumBotAmountResponse = Answer<typeof minimumBotAmountResponse>;
export type TickerEntry = Answer<typeof tickerEntry>;
export type TickersResponse = Answer<typeof tickersResponse>;
export type Kline = Answer<typeof kline>;
export type KlinesResponse = Answer<typeof klinesResponse>;
export type SpotBalanceResponse = Answer<typeof spotBalanceResponse>;
export type FuturesBalanceResponse = Answer<typeof futuresBalanceResponse>;
export type WalletHolder = Answer<typeof walletHolder>;
export type WalletAsset = Answer<typeof walletAssets>[number];
/** The money-at-hand figures of one asset (moneyAtHand above). */
export type MoneyAtHand = Pick<WalletAsset, 'free' | 'inBots'>;
export type MessageReply = MessageAnswer;
/** A success that comes with something the member should still know (e.g. a key without an IP whitelist). */
export type WithWarning<T> = T & { warning?: string };
