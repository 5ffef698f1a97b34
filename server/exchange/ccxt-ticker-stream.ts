/**
 * A shared price feed on ccxt.pro: Binance's all-market mini-ticker stream (!miniTicker@arr, one
 * message a second carrying every symbol that changed), on spot or on USD-M's /market route. One connection
 * serves every pair, so a member asking for a new pair never changes the subscription, and the
 * feed costs no request weight. Part of the ccxt boundary.
 */
import { Decimal } from '../../common/money';
import { type CcxtProClient, type ClientTarget, createStreamingClient } from './ccxt-client';
import { trim } from './ccxt-parse';
import { mapExchangeError } from './errors';
import type { Market, Ticker, TickerStream } from './core/gateway';
import type { WeightGovernor } from './core/weight-governor';

interface MiniTicker {
  s?: unknown;
  c?: unknown;
  o?: unknown;
}

/** 24 h change in percent from the mini ticker's open and close, as Binance formats it (3 places). */
export function changePercent(close: string, open: string): string {
  const o = new Decimal(open);
  if (o.isZero()) return '0';
  return trim(new Decimal(close).minus(o).div(o).times(100).toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toFixed(3));
}

export function tickerOfMini(info: MiniTicker): Ticker | null {
  if (typeof info.s !== 'string' || typeof info.c !== 'string' || typeof info.o !== 'string') return null;
  return { symbol: info.s, price: trim(info.c), changePercent: changePercent(info.c, info.o) };
}

export class CcxtTickerStream implements TickerStream {
  private client: Promise<CcxtProClient> | null = null;

  constructor(
    private readonly target: ClientTarget,
    private readonly governor: WeightGovernor,
    private readonly market: Market = 'spot',
  ) {}

  private connect(): Promise<CcxtProClient> {
    if (!this.client) {
      this.client = createStreamingClient(this.target, this.governor);
      this.client.catch(() => (this.client = null));
    }
    return this.client;
  }

  async next(): Promise<Ticker[]> {
    const client = await this.connect();
    try {
      // ccxt reconnects on the next call after a drop; without symbols it watches !miniTicker@arr.
      const tickers = await client.watchTickers(undefined, this.market === 'futures' ? { type: 'future' } : {});
      return Object.values(tickers).flatMap((t) => tickerOfMini((t.info ?? {}) as MiniTicker) ?? []);
    } catch (error) {
      throw mapExchangeError(error);
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (client) await (await client.catch(() => null))?.close();
  }
}
