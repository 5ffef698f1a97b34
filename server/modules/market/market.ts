/** Public market data for the member screens; no member key needed (keyless client). */
import type { KlineInterval, KlinesResponse, TickersResponse } from '../../../common/api/exchange';
import { DomainError } from '../errors';
import { exchangeOf, surfaced } from '../../exchange/domain-errors';
import type { ExchangeDeps } from '../keys/exchange-deps';

export async function symbolPairs(deps: ExchangeDeps): Promise<{ pairs: string[] }> {
  const markets = await surfaced(() => exchangeOf(deps).gateway.markets('spot'));
  return { pairs: markets.map((m) => m.symbol).sort() };
}

function unknownPair(pair: string): DomainError {
  return new DomainError('market.unknown_pair', `${pair} is not a tradable pair.`);
}

export async function livePrice(deps: ExchangeDeps, pair: string): Promise<{ price: string }> {
  const price = await surfaced(() => exchangeOf(deps).marketData.lastPrice(pair));
  if (price === null) throw unknownPair(pair);
  return { price };
}

export async function futuresLivePrice(deps: ExchangeDeps, pair: string): Promise<{ price: string }> {
  const price = await surfaced(() => exchangeOf(deps).marketData.futuresPrice(pair));
  if (price === null) throw unknownPair(pair);
  return { price };
}

export async function tickers(deps: ExchangeDeps): Promise<TickersResponse> {
  return { tickers: await surfaced(() => exchangeOf(deps).marketData.tickers()) };
}

export async function klines(deps: ExchangeDeps, pair: string, interval: KlineInterval, limit: number): Promise<KlinesResponse> {
  try {
    return { klines: await surfaced(() => exchangeOf(deps).marketData.klines(pair, interval, limit)) };
  } catch (error) {
    if (error instanceof DomainError && error.reason === 'market.unknown_pair') throw unknownPair(pair);
    throw error;
  }
}
