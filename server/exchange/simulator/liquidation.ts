/**
 * USD-M maintenance-margin brackets and the isolated-margin liquidation price, pure.
 *
 * Binance's liquidation price for one position in one-way mode ("How to Calculate Liquidation
 * Price of USDⓈ-M Futures Contracts",
 * https://www.binance.com/en/support/faq/b3c689c1f50a44cabb3a84e663b81d93):
 *
 *   LP = (WB - TMM1 + UPNL1 + cumB - Side1 x Position1 x EP1) / (Position1 x MMR_B - Side1 x Position1)
 *
 * For an isolated position WB is the position's isolated wallet and TMM1 = UPNL1 = 0. For a long
 * (Side1 = 1, Position1 = Q > 0) that is
 *
 *   LP = (Q x EP - WB - cum) / (Q x (1 - MMR))
 *
 * where MMR and cum (the maintenance amount) come from the bracket of the position's notional.
 * The simulator takes the bracket at the entry notional (Q x EP) so a position's liquidation
 * price is fixed until it is changed by a fill; Binance re-evaluates at the mark, which only
 * differs when the mark moves the notional across a bracket boundary.
 */
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
  ['0', '50000', 125, '0.004'], ['50000', '500000', 100, '0.005'], ['500000', '8000000', 50, '0.01'],
  ['8000000', '50000000', 20, '0.025'], ['50000000', '80000000', 10, '0.05'], ['80000000', '100000000', 5, '0.1'],
  ['100000000', '200000000', 4, '0.125'], ['200000000', '300000000', 3, '0.15'], ['300000000', '500000000', 2, '0.25'],
  ['500000000', '9223372036854775807', 1, '0.5'],
];
const ALT: Row[] = [
  ['0', '5000', 50, '0.01'], ['5000', '50000', 25, '0.025'], ['50000', '250000', 10, '0.05'],
  ['250000', '1000000', 5, '0.1'], ['1000000', '5000000', 4, '0.125'], ['5000000', '9223372036854775807', 2, '0.25'],
];

function build(rows: Row[]): Bracket[] {
  const out: Bracket[] = [];
  rows.forEach(([floor, cap, leverage, mmr], i) => {
    const previous = out[i - 1];
    const cum = previous ? previous.cum.add(new Decimal(floor).mul(new Decimal(mmr).sub(previous.maintMarginRatio))) : new Decimal(0);
    out.push({ bracket: i + 1, initialLeverage: leverage, notionalFloor: new Decimal(floor), notionalCap: new Decimal(cap),
      maintMarginRatio: new Decimal(mmr), cum });
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

/**
 * Isolated long liquidation price (formula above). Zero when the position cannot be liquidated
 * (its margin covers the whole notional, e.g. at 1x), as Binance reports it.
 */
export function isolatedLongLiquidationPrice(symbol: string, quantity: Decimal, entryPrice: Decimal, isolatedWallet: Decimal): Decimal {
  if (quantity.lte(0)) return new Decimal(0);
  const { maintMarginRatio, cum } = bracketFor(symbol, quantity.mul(entryPrice));
  const price = quantity.mul(entryPrice).sub(isolatedWallet).sub(cum).div(quantity.mul(new Decimal(1).sub(maintMarginRatio)));
  return price.gt(0) ? price : new Decimal(0);
}

/** Maintenance margin of a position at a notional (mmr x notional - cum). */
export function maintenanceMargin(symbol: string, notional: Decimal): Decimal {
  const { maintMarginRatio, cum } = bracketFor(symbol, notional);
  return notional.mul(maintMarginRatio).sub(cum);
}
