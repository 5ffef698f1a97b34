/** Member commands on a running bot: stop, stop & sell, and the live edits. */
import { protectionValue, toDecimal } from './core/strategy';
import { refresh } from './state';
import { sellAll, setStatus } from './step';
import type { Action, GridBot, NumberLike, Tick } from './core/types';

/** Stop: no new orders, holdings stay. A stopped bot never trades again. */
export function stop(bot: GridBot, tick: Pick<Tick, 'ts'>): Action[] {
  if (bot.status === 'stopped') return [];
  const out: Action[] = [];
  setStatus(bot, { ts: tick.ts, price: bot.px.s }, 'stopped', 'stop', out);
  return out;
}

/** Stop & sell: one market sell of everything held at `tick`'s price, then stopped. */
export function stopAndSell(bot: GridBot, tick: Tick): Action[] {
  if (bot.status === 'stopped') return [];
  const out: Action[] = [];
  bot.px.set(tick.price);
  sellAll(bot, tick, 'stopAndSell', 'stopped', out);
  return out;
}

type PriceEdit = NumberLike | null;

function priceOrNull(value: PriceEdit, field: string) {
  if (value === null) return null;
  const d = toDecimal(value, field);
  if (!d.isPositive() || d.isZero()) throw new RangeError(`${field} must be above 0`);
  return d;
}

/** The SL/TP edit: sell-all-and-pause, restart and stoploss prices (null resets). */
export function editPrices(
  bot: GridBot,
  prices: { pausePrice?: PriceEdit; restartPrice?: PriceEdit; stoplossPrice?: PriceEdit },
): void {
  const p = bot.params;
  if (prices.pausePrice !== undefined) p.pausePrice = priceOrNull(prices.pausePrice, 'pause price');
  if (prices.restartPrice !== undefined) p.restartPrice = priceOrNull(prices.restartPrice, 'restart price');
  if (prices.stoplossPrice !== undefined) p.stoplossPrice = priceOrNull(prices.stoplossPrice, 'stoploss price');
  refresh(bot);
}

/** Profit book & stop at P % of the investment (null resets). */
export function editProfitBook(bot: GridBot, percent: PriceEdit): void {
  bot.params.profitBook = priceOrNull(percent, 'profit book %');
  refresh(bot);
}

/** Overbuy grid protection k (null resets). */
export function editOverbuyProtection(bot: GridBot, k: NumberLike | null): void {
  bot.params.overbuyProtection = protectionValue(k);
  refresh(bot);
}
