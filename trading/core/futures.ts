/**
 * A USD-M long in isolated margin (ARCHITECTURE section 5, Futures), as the exchange keeps it:
 * one position per symbol with an average entry price and an isolated wallet, and the
 * liquidation price Binance's formula gives for it. The simulator's exchange books its positions
 * with these same functions, so the backtester and the live engine agree with it to the last
 * digit on when a position is liquidated and at what price.
 *
 * Binance's liquidation price for one position in one-way mode ("How to Calculate Liquidation
 * Price of USDⓈ-M Futures Contracts"):
 *
 *   LP = (WB - TMM1 + UPNL1 + cumB - Side1 x Position1 x EP1) / (Position1 x MMR_B - Side1 x Position1)
 *
 * For an isolated position WB is the position's isolated wallet and TMM1 = UPNL1 = 0; for a long
 * (Side1 = 1, Position1 = Q > 0) that is LP = (Q x EP - WB - cum) / (Q x (1 - MMR)), with MMR and
 * cum from the bracket of the position's notional. The bracket is taken at the entry notional
 * (Q x EP), so a position's liquidation price changes only with a fill; Binance re-evaluates at
 * the mark, which differs only when the mark moves the notional across a bracket boundary.
 */
import { D, ZERO, type Dec } from './exact';

/** One maintenance-margin bracket: positions with notional under `cap` use it. */
export interface MarginBracket {
  readonly cap: Dec;
  /** Maintenance margin rate, a fraction. */
  readonly mmr: Dec;
  /** Maintenance amount. */
  readonly cum: Dec;
}

export interface FuturesRules {
  readonly leverage: number;
  /** Ascending by notional. */
  readonly brackets: readonly MarginBracket[];
}

export interface LongPosition {
  qty: Dec;
  entryPrice: Dec;
  /** The isolated wallet: the margin put up, without fees (they are paid from the wallet). */
  margin: Dec;
}

export function flatPosition(): LongPosition {
  return { qty: ZERO, entryPrice: ZERO, margin: ZERO };
}

/** A buy fill adds to the long: average entry, and notional / leverage more margin. */
export function addToLong(p: LongPosition, qty: Dec, price: Dec, leverage: number): void {
  const amount = p.qty.plus(qty);
  p.entryPrice = p.qty.times(p.entryPrice).plus(qty.times(price)).div(amount);
  p.margin = p.margin.plus(price.times(qty).div(leverage));
  p.qty = amount;
}

/** A sell fill reduces it: the margin shrinks in proportion, the entry price stays. */
export function reduceLong(p: LongPosition, qty: Dec): void {
  if (qty.gte(p.qty)) {
    p.qty = ZERO;
    p.entryPrice = ZERO;
    p.margin = ZERO;
    return;
  }
  p.margin = p.margin.minus(p.margin.times(qty).div(p.qty));
  p.qty = p.qty.minus(qty);
}

export function bracketAt(brackets: readonly MarginBracket[], notional: Dec): MarginBracket {
  return brackets.find((b) => notional.lt(b.cap)) ?? brackets[brackets.length - 1]!;
}

/**
 * The isolated long's liquidation price (formula above); zero when it cannot be liquidated (its
 * margin covers the whole notional, as at 1x), as Binance reports it.
 */
export function liquidationPrice(brackets: readonly MarginBracket[], p: LongPosition): Dec {
  if (p.qty.lte(0)) return ZERO;
  const notional = p.qty.times(p.entryPrice);
  const { mmr, cum } = bracketAt(brackets, notional);
  const price = notional
    .minus(p.margin)
    .minus(cum)
    .div(p.qty.times(new D(1).minus(mmr)));
  return price.gt(0) ? price : ZERO;
}

/**
 * What a liquidation returns to the bot's books: the position's notional at its entry less the
 * margin the exchange keeps. Booked as the proceeds of the closing trade, the bot's total pnl is
 * the member's wallet change (fees included) however the grids split the position.
 */
export function liquidationProceeds(p: LongPosition): Dec {
  return p.qty.times(p.entryPrice).minus(p.margin);
}

/**
 * The largest position (notional, USDT) the exchange lets one open at `leverage`: the cap of the
 * widest bracket whose initial leverage still reaches it (Binance refuses a larger one, -2027
 * "Exceeded the maximum allowable position at current leverage"). Past it the maintenance margin
 * would exceed the position's own margin: it would be liquidated above its entry. Null: no
 * bracket allows that leverage at all.
 */
export function maxPositionAt(rows: readonly { notionalCap: string; initialLeverage: number }[], leverage: number): Dec | null {
  let max: Dec | null = null;
  for (const r of rows) if (r.initialLeverage >= leverage && (max === null || max.lt(r.notionalCap))) max = new D(r.notionalCap);
  return max;
}

/** Brackets as stored with a bot (decimal strings) -> the core's. */
export function marginBrackets(rows: readonly { notionalCap: string; maintMarginRatio: string; cum: string }[]): MarginBracket[] {
  if (rows.length === 0) throw new RangeError('a futures market needs its maintenance-margin brackets');
  return rows.map((r) => ({ cap: new D(r.notionalCap), mmr: new D(r.maintMarginRatio), cum: new D(r.cum) }));
}
