/**
 * Equity curve and maximum drawdown of a backtest with memory independent of its length.
 * Floats only choose which ticks are the peak and the trough (a report, not a decision); the
 * reported amounts are recomputed exactly from the holdings at those ticks.
 */
import { D, HUNDRED, ZERO, str, type Dec } from './exact';
import type { Tick } from './types';

/** What a backtest holds, read as it changes: a grid bot's or a cycle's books. */
export interface EquitySource {
  readonly investment: Dec;
  readonly realized: Dec;
  readonly heldQty: Dec;
  readonly heldCost: Dec;
  /** The runner's parsed tick price, when it keeps one (saves parsing each tick twice). */
  readonly px: { readonly s: string; readonly f: number } | null;
}

export interface EquityPoint {
  ts: number;
  equity: string;
}

interface Snapshot {
  ts: number;
  price: string;
  realized: Dec;
  qty: Dec;
  cost: Dec;
}

export class EquityTracker {
  private realizedF = 0;
  private qtyF = 0;
  private costF = 0;
  private readonly baseF: number;
  private peakF = -Infinity;
  // The peak as plain fields, not an object: a rising market makes a new peak every few ticks.
  private peakTs = 0;
  private peakPrice = '';
  private peakRealized: Dec = ZERO;
  private peakQty: Dec = ZERO;
  private peakCost: Dec = ZERO;
  private worstF = 0;
  private worst: { peak: Snapshot; trough: Snapshot } | null = null;
  private samples: Snapshot[] = [];
  private stride = 1;
  private untilSample = 1;

  constructor(
    private readonly bot: EquitySource,
    private readonly maxPoints: number,
  ) {
    this.baseF = bot.investment.toNumber();
  }

  holdingsChanged(): void {
    this.realizedF = this.bot.realized.toNumber();
    this.qtyF = this.bot.heldQty.toNumber();
    this.costF = this.bot.heldCost.toNumber();
  }

  observe(tick: Tick): void {
    const px = this.bot.px;
    const p = px !== null && px.s === tick.price ? px.f : +tick.price;
    const eq = this.baseF + this.realizedF + this.qtyF * p - this.costF;
    if (eq > this.peakF) {
      this.peakF = eq;
      this.peakTs = tick.ts;
      this.peakPrice = tick.price;
      this.peakRealized = this.bot.realized;
      this.peakQty = this.bot.heldQty;
      this.peakCost = this.bot.heldCost;
    } else if (this.peakF - eq > this.worstF) {
      this.worstF = this.peakF - eq;
      const peak = {
        ts: this.peakTs,
        price: this.peakPrice,
        realized: this.peakRealized,
        qty: this.peakQty,
        cost: this.peakCost,
      };
      this.worst = { peak, trough: this.snap(tick) };
    }
    if (--this.untilSample === 0) {
      this.sample(tick);
      this.untilSample = this.stride;
    }
  }

  private snap(tick: Tick): Snapshot {
    const b = this.bot;
    return { ts: tick.ts, price: tick.price, realized: b.realized, qty: b.heldQty, cost: b.heldCost };
  }

  private sample(tick: Tick): void {
    this.samples.push(this.snap(tick));
    if (this.samples.length >= 2 * this.maxPoints) {
      this.samples = this.samples.filter((_, i) => i % 2 === 0);
      this.stride *= 2;
    }
  }

  private exact(s: Snapshot): Dec {
    return this.bot.investment
      .plus(s.realized)
      .plus(s.qty.times(new D(s.price)))
      .minus(s.cost);
  }

  points(): EquityPoint[] {
    return this.samples.map((s) => ({ ts: s.ts, equity: str(this.exact(s)) }));
  }

  drawdown(): { amount: Dec; percent: Dec } {
    if (this.worst === null) return { amount: ZERO, percent: ZERO };
    const peak = this.exact(this.worst.peak);
    const amount = peak.minus(this.exact(this.worst.trough));
    return { amount, percent: peak.isZero() ? ZERO : amount.div(peak).times(HUNDRED) };
  }
}
