/**
 * Price history for klines and 24 h statistics. Before the simulator started (t0) the path is
 * synthetic: a pure, seeded function of time (multi-scale value noise) anchored so that it ends
 * exactly at the starting price, so charts and backtests have data at once and the same seed
 * gives the same history. After t0 it is the recorded price path, kept as 1-minute candles.
 * The synthetic curve is computed in floats (it is chart noise) and rounded to the tick as a
 * decimal; every recorded price stays decimal.
 */
import { hash01, stringSeed } from './rng';
import { Decimal, roundToStep } from './num';
import { type SymbolSpec } from './types';

export interface Candle {
  openTime: number;
  closeTime: number;
  open: Decimal;
  high: Decimal;
  low: Decimal;
  close: Decimal;
  volume: Decimal;
  quoteVolume: Decimal;
  trades: number;
}

interface Minute {
  t: number;
  o: Decimal;
  h: Decimal;
  l: Decimal;
  c: Decimal;
  v: Decimal;
  qv: Decimal;
  n: number;
}

const MINUTE = 60_000;
// Noise scales (ms) and their log-amplitudes: weekly trend down to minute jitter.
const SCALES: Array<[number, number]> = [
  [7 * 86_400_000, 0.1],
  [86_400_000, 0.035],
  [4 * 3_600_000, 0.015],
  [3_600_000, 0.007],
  [15 * MINUTE, 0.003],
  [MINUTE, 0.0008],
];

export class SymbolHistory {
  private readonly minutes: Minute[] = [];
  private readonly noiseSeed: number;
  private readonly anchor: number;

  constructor(
    private readonly spec: SymbolSpec,
    seed: number,
    private readonly t0: number,
    private readonly p0: Decimal,
  ) {
    this.noiseSeed = (seed ^ stringSeed(spec.symbol)) >>> 0;
    this.anchor = this.noise(t0);
  }

  /** Records a traded or set price at `time` (>= t0) with its volume. */
  record(time: number, price: Decimal, qty: Decimal): void {
    const t = Math.floor(time / MINUTE) * MINUTE;
    const last = this.minutes.at(-1);
    if (last && last.t === t) {
      if (price.gt(last.h)) last.h = price;
      if (price.lt(last.l)) last.l = price;
      last.c = price;
      last.v = last.v.add(qty);
      last.qv = last.qv.add(qty.mul(price));
      last.n += qty.isZero() ? 0 : 1;
      return;
    }
    const open = last ? last.c : this.p0;
    this.minutes.push({
      t,
      o: open,
      h: Decimal.max(open, price),
      l: Decimal.min(open, price),
      c: price,
      v: qty,
      qv: qty.mul(price),
      n: qty.isZero() ? 0 : 1,
    });
  }

  /** One candle over [a, b): synthetic before t0, recorded after, merged across t0. */
  candle(a: number, b: number): Candle {
    if (b <= this.t0) return this.synthetic(a, b);
    const base = a < this.t0 ? this.synthetic(a, this.t0) : this.flat(a, b, this.priceAt(a));
    base.openTime = a;
    base.closeTime = b - 1;
    for (let i = this.lowerBound(Math.max(a, this.t0 - MINUTE)); i < this.minutes.length; i++) {
      const m = this.minutes[i]!;
      if (m.t >= b) break;
      if (m.t < a) continue;
      if (m.h.gt(base.high)) base.high = m.h;
      if (m.l.lt(base.low)) base.low = m.l;
      base.close = m.c;
      base.volume = base.volume.add(m.v);
      base.quoteVolume = base.quoteVolume.add(m.qv);
      base.trades += m.n;
    }
    return base;
  }

  /** The price in force at `time` (the last recorded one before it, else the start price). */
  priceAt(time: number): Decimal {
    if (time < this.t0) return this.syntheticPrice(time);
    const i = this.lowerBound(time);
    return i > 0 ? this.minutes[i - 1]!.c : this.p0;
  }

  private flat(a: number, b: number, price: Decimal): Candle {
    return {
      openTime: a,
      closeTime: b - 1,
      open: price,
      high: price,
      low: price,
      close: price,
      volume: new Decimal(0),
      quoteVolume: new Decimal(0),
      trades: 0,
    };
  }

  private synthetic(a: number, b: number): Candle {
    const open = this.syntheticPrice(a);
    const close = this.syntheticPrice(b);
    const mid = this.syntheticPrice(Math.floor((a + b) / 2));
    const minutes = Math.max(1, (b - a) / MINUTE);
    const wick = 0.0008 * Math.pow(minutes, 0.35);
    const hi = Decimal.max(open, close, mid).mul((1 + wick * hash01(this.noiseSeed, a, 1)).toFixed(12));
    const lo = Decimal.min(open, close, mid).mul((1 - wick * hash01(this.noiseSeed, a, 2)).toFixed(12));
    const quoteVolume = new Decimal(Math.round(15_000 * minutes * (0.5 + hash01(this.noiseSeed, a, 3))));
    const mean = open.add(close).div(2);
    const volume = quoteVolume.div(mean).toDecimalPlaces(this.spec.qtyDecimals);
    const tick = this.spec.tickSize;
    return {
      openTime: a,
      closeTime: b - 1,
      open,
      close,
      high: roundToStep(hi, tick),
      low: Decimal.max(tick, roundToStep(lo, tick)),
      volume,
      quoteVolume: volume.mul(mean),
      trades: Math.round(minutes * 20),
    };
  }

  private syntheticPrice(time: number): Decimal {
    const factor = Math.exp(this.noise(time) - this.anchor);
    const price = roundToStep(this.p0.mul(factor.toPrecision(12)), this.spec.tickSize);
    return Decimal.max(price, this.spec.tickSize);
  }

  private noise(time: number): number {
    let sum = 0;
    SCALES.forEach(([scale, amplitude], k) => {
      const x = time / scale;
      const i = Math.floor(x);
      const f = x - i;
      const s = f * f * (3 - 2 * f);
      const left = hash01(this.noiseSeed + k, i, 0) * 2 - 1;
      const right = hash01(this.noiseSeed + k, i + 1, 0) * 2 - 1;
      sum += amplitude * (left + (right - left) * s);
    });
    return sum;
  }

  private lowerBound(time: number): number {
    let lo = 0;
    let hi = this.minutes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.minutes[mid]!.t < time) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
