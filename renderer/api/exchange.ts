/**
 * Exchange calls (SPEC section 7: API keys, Wallet; issue 3's market data), one function per
 * channel, plus the live ticker event and the query keys the screens share.
 */
import type { KlineInterval, TickerEntry, TransferDirection } from '../../common/api/exchange';
import { invoke } from './bridge';

export const keysApi = {
  checkConnection: () => invoke('keys:checkConnection', {}),
  serverIp: () => invoke('keys:serverIp', {}),
  fetch: () => invoke('keys:fetch', {}),
  save: (apiKey: string, secretKey: string) => invoke('keys:save', { apiKey, secretKey }),
  disconnect: () => invoke('keys:disconnect', {}),
};

export const marketApi = {
  symbolPairs: () => invoke('market:symbolPairs', {}),
  livePrice: (pair: string) => invoke('market:livePrice', { pair }),
  futureLivePrice: (pair: string) => invoke('market:futureLivePrice', { pair }),
  minimumBotAmount: () => invoke('market:minimumBotAmount', {}),
  tickers: () => invoke('market:tickers', {}),
  klines: (pair: string, interval: KlineInterval, limit?: number) =>
    invoke('market:klines', limit === undefined ? { pair, interval } : { pair, interval, limit }),
};

export const walletApi = {
  spotBalance: () => invoke('wallet:spotBalance', {}),
  futuresBalance: () => invoke('wallet:futuresBalance', {}),
  spotAssets: () => invoke('wallet:spotAssets', {}),
  futuresAssets: () => invoke('wallet:futuresAssets', {}),
  transfer: (direction: TransferDirection, amount: string) => invoke('wallet:transfer', { direction, amount }),
  swap: (asset: string, amount: string) => invoke('wallet:swap', { asset, amount }),
};

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
