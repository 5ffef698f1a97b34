/**
 * USD-M maintenance-margin brackets, and the isolated-margin liquidation price of a position.
 * The formula (Binance's, explained in trading/core/futures.ts) is the grid core's own, so the
 * exchange liquidates exactly where a backtest says it will.
 */
import { D, liquidationPrice, marginBrackets, type MarginBracket } from '../trading/index';
import { Decimal } from './num';

export interface Bracket {
  bracket: number;
  initialLeverage: number;
  notionalFloor: Decimal;
  notionalCap: Decimal;
  maintMarginRatio: Decimal;
  /** Maintenance amount: cum_n = cum_(n-1) + floor_n x (mmr_n - mmr_(n-1)). */
  cum: Decimal;
}

type Row = [floor: string, cap: string, leverage: number, mmr: string];

// BTCUSDT's published brackets; other symbols use Binance's typical large-cap altcoin table.
const BTC: Row[] = [
  ['0', '50000', 125, '0.004'],
  ['50000', '500000', 100, '0.005'],
  ['500000', '8000000', 50, '0.01'],
  ['8000000', '50000000', 20, '0.025'],
  ['50000000', '80000000', 10, '0.05'],
  ['80000000', '100000000', 5, '0.1'],
  ['100000000', '200000000', 4, '0.125'],
  ['200000000', '300000000', 3, '0.15'],
  ['300000000', '500000000', 2, '0.25'],
  ['500000000', '9223372036854775807', 1, '0.5'],
];
const ALT: Row[] = [
  ['0', '5000', 50, '0.01'],
  ['5000', '50000', 25, '0.025'],
  ['50000', '250000', 10, '0.05'],
  ['250000', '1000000', 5, '0.1'],
  ['1000000', '5000000', 4, '0.125'],
  ['5000000', '9223372036854775807', 2, '0.25'],
];

function build(rows: Row[]): Bracket[] {
  const out: Bracket[] = [];
  rows.forEach(([floor, cap, leverage, mmr], i) => {
    const previous = out[i - 1];
    const cum = previous
      ? previous.cum.add(new Decimal(floor).mul(new Decimal(mmr).sub(previous.maintMarginRatio)))
      : new Decimal(0);
    out.push({
      bracket: i + 1,
      initialLeverage: leverage,
      notionalFloor: new Decimal(floor),
      notionalCap: new Decimal(cap),
      maintMarginRatio: new Decimal(mmr),
      cum,
    });
  });
  return out;
}

const BTC_BRACKETS = build(BTC);
const ALT_BRACKETS = build(ALT);

export function bracketsFor(symbol: string): Bracket[] {
  return symbol === 'BTCUSDT' ? BTC_BRACKETS : ALT_BRACKETS;
}

export function bracketFor(symbol: string, notional: Decimal): Bracket {
  const brackets = bracketsFor(symbol);
  return brackets.find((b) => notional.lt(b.notionalCap)) ?? brackets[brackets.length - 1]!;
}

const CORE_BRACKETS = new Map<string, MarginBracket[]>();

function coreBrackets(symbol: string): MarginBracket[] {
  const brackets = bracketsFor(symbol);
  let core = CORE_BRACKETS.get(symbol === 'BTCUSDT' ? symbol : '*');
  if (!core) {
    core = marginBrackets(
      brackets.map((b) => ({
        notionalCap: b.notionalCap.toFixed(),
        maintMarginRatio: b.maintMarginRatio.toFixed(),
        cum: b.cum.toFixed(),
      })),
    );
    CORE_BRACKETS.set(symbol === 'BTCUSDT' ? symbol : '*', core);
  }
  return core;
}

/**
 * Isolated long liquidation price; zero when the position cannot be liquidated (its margin covers
 * the whole notional, e.g. at 1x), as Binance reports it.
 */
export function isolatedLongLiquidationPrice(
  symbol: string,
  quantity: Decimal,
  entryPrice: Decimal,
  isolatedWallet: Decimal,
): Decimal {
  return liquidationPrice(coreBrackets(symbol), {
    qty: new D(quantity),
    entryPrice: new D(entryPrice),
    margin: new D(isolatedWallet),
  });
}

/** Maintenance margin of a position at a notional (mmr x notional - cum). */
export function maintenanceMargin(symbol: string, notional: Decimal): Decimal {
  const { maintMarginRatio, cum } = bracketFor(symbol, notional);
  return notional.mul(maintMarginRatio).sub(cum);
}
