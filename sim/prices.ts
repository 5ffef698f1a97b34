/** Current prices, their history and the seeded random walk that moves them. */
import { SymbolHistory, type Candle } from './history';
import { Decimal, ZERO, roundToStep } from './num';
import { gaussian, seededRandom } from './rng';
import { SimError, type SymbolSpec } from './types';

export const INTERVALS: Record<string, number> = {
  '1m': 60_000,
  '3m': 180_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '2h': 7_200_000,
  '4h': 14_400_000,
  '6h': 21_600_000,
  '8h': 28_800_000,
  '12h': 43_200_000,
  '1d': 86_400_000,
};

/** Per-step volatility of the walk (log-return standard deviation, about 0.05 %). */
const WALK_SIGMA = 0.0005;

export interface Stats24h {
  open: Decimal;
  high: Decimal;
  low: Decimal;
  last: Decimal;
  volume: Decimal;
  quoteVolume: Decimal;
  trades: number;
  openTime: number;
  closeTime: number;
}

export class PriceBook {
  readonly specs = new Map<string, SymbolSpec>();
  private readonly prices = new Map<string, Decimal>();
  private readonly histories = new Map<string, SymbolHistory>();
  private readonly rand: () => number;

  constructor(specs: SymbolSpec[], seed: number, t0: number) {
    this.rand = seededRandom(seed);
    for (const spec of specs) {
      const price = new Decimal(spec.price);
      this.specs.set(spec.symbol, spec);
      this.prices.set(spec.symbol, price);
      this.histories.set(spec.symbol, new SymbolHistory(spec, seed, t0, price));
    }
  }

  spec(symbol: string): SymbolSpec {
    const spec = this.specs.get(symbol);
    if (!spec) throw new SimError(-1121, 'Invalid symbol.');
    return spec;
  }

  price(symbol: string): Decimal {
    this.spec(symbol);
    return this.prices.get(symbol)!;
  }

  symbols(): string[] {
    return [...this.specs.keys()];
  }

  /** Sets a price (control API or walk) and records it in the history. */
  set(symbol: string, price: Decimal, time: number): void {
    this.spec(symbol);
    this.prices.set(symbol, price);
    this.histories.get(symbol)!.record(time, price, ZERO);
  }

  /** Records traded volume at the current price. */
  trade(symbol: string, price: Decimal, qty: Decimal, time: number): void {
    this.histories.get(symbol)?.record(time, price, qty);
  }

  /** One seeded step of every symbol; returns the symbols whose price changed. */
  walk(time: number): string[] {
    const changed: string[] = [];
    for (const [symbol, spec] of this.specs) {
      const current = this.prices.get(symbol)!;
      const factor = Math.exp(WALK_SIGMA * gaussian(this.rand)).toFixed(12);
      const next = Decimal.max(spec.tickSize, roundToStep(current.mul(factor), spec.tickSize));
      if (!next.eq(current)) {
        this.set(symbol, next, time);
        changed.push(symbol);
      }
    }
    return changed;
  }

  klines(
    symbol: string,
    interval: string,
    query: { startTime?: number; endTime?: number; limit: number },
    now: number,
  ): Candle[] {
    const size = INTERVALS[interval];
    if (size === undefined) throw new SimError(-1120, 'Invalid interval.');
    const history = this.histories.get(symbol);
    if (!history) throw new SimError(-1121, 'Invalid symbol.');
    const end = Math.min(query.endTime ?? now, now);
    let first = Math.floor(end / size) * size - (query.limit - 1) * size;
    if (query.startTime !== undefined) first = Math.ceil(query.startTime / size) * size;
    const candles: Candle[] = [];
    for (let a = first; a <= end && candles.length < query.limit; a += size) candles.push(history.candle(a, a + size));
    return candles;
  }

  stats24h(symbol: string, now: number): Stats24h {
    const history = this.histories.get(symbol);
    if (!history) throw new SimError(-1121, 'Invalid symbol.');
    const from = now - 86_400_000;
    const c = history.candle(from, now + 1);
    const last = this.prices.get(symbol)!;
    return {
      open: c.open,
      high: Decimal.max(c.high, last),
      low: Decimal.min(c.low, last),
      last,
      volume: c.volume,
      quoteVolume: c.quoteVolume,
      trades: c.trades,
      openTime: from,
      closeTime: now,
    };
  }
}
