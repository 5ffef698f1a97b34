import { describe, expect, it } from 'vitest';
import { D, type Dec } from '../core/exact';
import { marketRules } from '../core/strategy';
import { runCycleBacktest } from './backtest';
import { cycleParams } from './params';

const market = marketRules({ stepSize: '0.001', minNotional: '5', feeRate: '0.001' });
const ticks = (...prices: string[]) => prices.map((price, i) => ({ ts: (i + 1) * 60_000, price }));
const run = (
  prices: string[],
  over: Partial<{ count: number; buy: string; sell: string; stop: string; amount: string }> = {},
) => {
  const o = { amount: '1000', count: 2, buy: '95', sell: '105', stop: '80', ...over };
  return runCycleBacktest(ticks(...prices), {
    params: cycleParams({ amount: o.amount, count: o.count, buyPrice: o.buy, sellPrice: o.sell, stopLoss: o.stop }),
    market,
  });
};

describe('the cycle backtester', () => {
  it('fills a resting limit at its own price when a tick crosses it, round after round, then Completed', () => {
    const r = run(['100', '94', '99', '106', '100', '95', '105', '90']);
    expect(r.trades.map((t) => `${t.side} r${t.grid} ${t.qty}@${t.price}`)).toEqual([
      'buy r1 10.526@95',
      'sell r1 10.526@105',
      'buy r2 10.526@95',
      'sell r2 10.526@105',
    ]);
    expect(r.cycle).toEqual({ completed: 2, count: 2, end: 'completed' });
    expect(r.summary.status).toBe('stopped');
    const cost = new D('95').times('10.526').times('1.001');
    const proceeds = new D('105').times('10.526').times('0.999');
    expect(r.summary.pnl).toBe(proceeds.minus(cost).times(2).toFixed());
    expect(r.summary.trades).toBe(4);
  });

  it('fills a limit marketable when placed at the price now, not its own; a resting one at its own', () => {
    const r = run(['90', '110'], { count: 1 });
    // The buy is placed at 90 (marketable: filled at 90); the sell then rests at 105 and 110 crosses it.
    expect(r.trades.map((t) => `${t.side} ${t.price}`)).toEqual(['buy 90', 'sell 105']);
    // Bought at 90 with A / b of quantity: the same A buys floor(1000 / 95) whatever the fill price.
    expect(r.trades[0]!.qty).toBe('10.526');
  });

  it('sells at market at the stop loss and stops, the round not counted', () => {
    const r = run(['100', '95', '85', '80', '120']);
    expect(r.trades.map((t) => `${t.side} ${t.price}`)).toEqual(['buy 95', 'sell 80']);
    expect(r.cycle).toEqual({ completed: 0, count: 2, end: 'stoploss' });
    expect(new D(r.summary.pnl).isNegative()).toBe(true);
  });

  it('keeps the holdings open at the end and reports them as unrealized', () => {
    const r = run(['100', '95', '100']);
    expect(r.summary).toMatchObject({ status: 'live', heldQty: '10.526' });
    expect(r.summary.unrealized).toBe(new D('100').times('10.526').minus(new D('95').times('10.526').times('1.001')).toFixed());
  });

  it('agrees with a plain decimal model of the rules on random walks', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let path = 0; path < 40; path++) {
      let p = 100;
      const prices = Array.from({ length: 400 }, () => (p = Math.max(1, p * (1 + (rand() - 0.5) * 0.04))).toFixed(2));
      const settings = { amount: '500', count: 1 + (path % 4), buy: '97', sell: '103', stop: path % 3 === 0 ? '90' : '50' };
      const r = run(prices, settings);
      expect(r.trades.map((t) => `${t.side}@${t.price}x${t.qty}:${t.pnl}`)).toEqual(model(prices, settings));
    }
  });
});

/** The rules of ARCHITECTURE section 5 ("Cycle") spelled out one tick at a time, in decimals. */
function model(prices: string[], s: { amount: string; count: number; buy: string; sell: string; stop: string }): string[] {
  const out: string[] = [];
  const b = new D(s.buy);
  const qty = new D(s.amount).div(b).toDecimalPlaces(3, D.ROUND_DOWN);
  const st = { phase: 'none' as 'none' | 'buy' | 'sell', cost: new D(0) };
  let done = 0;
  const trade = (side: string, price: Dec, pnl: Dec) => out.push(`${side}@${price.toFixed()}x${qty.toFixed()}:${pnl.toFixed()}`);
  const buyAt = (price: Dec) => {
    st.cost = price.times(qty).times('1.001');
    trade('buy', price, new D(0));
    st.phase = 'sell';
  };
  const sellAt = (price: Dec) => {
    trade('sell', price, price.times(qty).times('0.999').minus(st.cost));
  };
  for (const text of prices) {
    const p = new D(text);
    // A resting order crossed by this tick fills at its own price.
    if (st.phase === 'buy' && p.lte(b)) {
      buyAt(b);
    } else if (st.phase === 'sell' && p.gte(s.sell)) {
      sellAt(new D(s.sell));
      done++;
      st.phase = 'none';
    }
    if (st.phase === 'sell' && p.lte(s.stop)) {
      sellAt(p);
      return out;
    }
    if (st.phase === 'none') {
      if (done >= s.count) return out;
      // Placed now: marketable, it fills at the price now.
      if (p.lte(b)) {
        buyAt(p);
        if (p.lte(s.stop)) {
          sellAt(p);
          return out;
        }
      } else st.phase = 'buy';
    }
    // The sell is placed now; marketable only if the price is at or above s.
    if (st.phase === 'sell' && p.gte(s.sell) && out.at(-1)?.startsWith('buy')) {
      sellAt(p);
      done++;
      st.phase = 'none';
      if (done < s.count) {
        if (p.lte(b)) buyAt(p);
        else st.phase = 'buy';
      }
    }
  }
  return out;
}
