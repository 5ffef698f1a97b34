/** Public market data for the member screens; no member key needed (keyless client). */
import type {
  KlineInterval,
  KlinesResponse,
  LivePriceResponse,
  TickerEntry,
  TickersResponse,
} from '../../../common/api/exchange';
import type { Market, MarketInfo } from '../../exchange/core/gateway';
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

/**
 * Per markets list, its pairs' price steps: the gateway answers the same cached list until it
 * reloads exchangeInfo, so the map of some 2,000 pairs is built once per reload, not per request
 * (every ticker poll and live price read asks).
 */
const tickSizeMaps = new WeakMap<readonly MarketInfo[], ReadonlyMap<string, string>>();

function tickSizeMap(markets: readonly MarketInfo[]): ReadonlyMap<string, string> {
  let map = tickSizeMaps.get(markets);
  if (!map) {
    map = new Map(markets.filter((m) => m.tickSize !== '').map((m) => [m.symbol, m.tickSize]));
    tickSizeMaps.set(markets, map);
  }
  return map;
}

/**
 * Each pair's price step (PRICE_FILTER tickSize) on `market`, so screens show prices to the
 * pair's own decimals (common/format formatPrice). Read from the gateway's cached exchange
 * rules; when those cannot be read the prices still go out, without a step (the formatter then
 * shows at least 5 significant digits).
 */
export async function tickSizes(deps: ExchangeDeps, market: Market): Promise<ReadonlyMap<string, string>> {
  try {
    return tickSizeMap(await exchangeOf(deps).gateway.markets(market));
  } catch {
    return new Map();
  }
}

/** Ticker entries with their pairs' price steps. */
export function withTickSizes(list: readonly TickerEntry[], steps: ReadonlyMap<string, string>): TickerEntry[] {
  return list.map((entry) => {
    const tickSize = steps.get(entry.symbol);
    return tickSize === undefined ? entry : { ...entry, tickSize };
  });
}

async function priceWithStep(
  deps: ExchangeDeps,
  pair: string,
  market: Market,
  read: Promise<string | null>,
): Promise<LivePriceResponse> {
  const [price, steps] = await Promise.all([surfaced(() => read), tickSizes(deps, market)]);
  if (price === null) throw unknownPair(pair);
  const tickSize = steps.get(pair);
  return tickSize === undefined ? { price } : { price, tickSize };
}

export function livePrice(deps: ExchangeDeps, pair: string): Promise<LivePriceResponse> {
  return priceWithStep(deps, pair, 'spot', exchangeOf(deps).marketData.lastPrice(pair));
}

export function futuresLivePrice(deps: ExchangeDeps, pair: string): Promise<LivePriceResponse> {
  return priceWithStep(deps, pair, 'futures', exchangeOf(deps).marketData.futuresPrice(pair));
}

export async function tickers(deps: ExchangeDeps): Promise<TickersResponse> {
  const [list, steps] = await Promise.all([surfaced(() => exchangeOf(deps).marketData.tickers()), tickSizes(deps, 'spot')]);
  return { tickers: withTickSizes(list, steps) };
}

export async function klines(deps: ExchangeDeps, pair: string, interval: KlineInterval, limit: number): Promise<KlinesResponse> {
  try {
    return { klines: await surfaced(() => exchangeOf(deps).marketData.klines(pair, interval, limit)) };
  } catch (error) {
    if (error instanceof DomainError && error.reason === 'market.unknown_pair') throw unknownPair(pair);
    throw error;
  }
}
