/** The live ticker event and the query keys of the exchange screens (SPEC section 7: API keys, Wallet; market data). */
import type { KlineInterval, TickerEntry } from '../../common/api/exchange';

/** Main's live ticker; returns the unsubscribe function (a no-op without a bridge). */
export function onTickers(listener: (tickers: TickerEntry[]) => void): () => void {
  return window.griddesk?.on('market:tickers', ({ tickers }) => listener(tickers)) ?? (() => undefined);
}

export const EXCHANGE_KEYS = {
  connection: ['keys', 'connection'] as const,
  serverIp: ['keys', 'serverIp'] as const,
  apiKey: ['keys', 'apiKey'] as const,
  tickers: ['market', 'tickers'] as const,
  klines: (pair: string, interval: KlineInterval) => ['market', 'klines', pair, interval] as const,
  wallet: ['wallet'] as const,
};
