/**
 * What the spot and USD-M APIs answer alike, each under its own paths, weights and wire shapes:
 * connectivity, klines and depth, tickers' symbol selection, and the account's orders and trades.
 */
import { findOrder } from '../accounts';
import { type Fill, type Market, type Order, SimError } from '../types';
import { depth, klineRow, ticker24hr } from '../wire/market';
import { limitParam, optionalInt, required, type RouteContext, type RouteRegistry } from './route';

/** GET <prefix>/ping and <prefix>/time: weight 1 on both APIs. */
export function connectivityRoutes(routes: RouteRegistry, prefix: string): void {
  routes.publicRoute('GET', `${prefix}/ping`, 1, () => ({}));
  routes.publicRoute('GET', `${prefix}/time`, 1, (c) => ({ serverTime: c.now }));
}

/**
 * A ticker's answer: an object for the one `symbol` named, else an array with one for each of
 * `many()` (every symbol unless the API reads a list too). `many` is called only when no symbol is
 * named, so a malformed list beside a valid symbol goes unread, as before.
 */
export function oneOrMany<T>(c: RouteContext, map: (symbol: string) => T, many = () => c.core.book.symbols()): T | T[] {
  if (c.params.symbol) return map(c.core.book.spec(c.params.symbol).symbol);
  return many().map(map);
}

export function lastPrice(c: RouteContext, symbol: string): string {
  return c.core.book.price(symbol).toFixed();
}

/** One symbol's 24-hour ticker: the same shape on both APIs. */
export function dayTicker(c: RouteContext, symbol: string): Record<string, unknown> {
  return ticker24hr(c.core.book.spec(symbol), c.core.book.stats24h(symbol, c.now));
}

export function klines(c: RouteContext): unknown[] {
  const p = c.params;
  const symbol = required(p, 'symbol');
  return c.core.book
    .klines(
      symbol,
      required(p, 'interval'),
      { startTime: optionalInt(p, 'startTime'), endTime: optionalInt(p, 'endTime'), limit: limitParam(p, 500, 1000) },
      c.now,
    )
    .map(klineRow);
}

/** The order book of the `symbol` parameter, `limit` levels a side (each API has its default and maximum). */
export function bookDepth(c: RouteContext, defaultLimit: number, maxLimit: number): Record<string, unknown> {
  const symbol = required(c.params, 'symbol');
  // An unknown symbol is refused before a malformed limit: the arguments are read in this order.
  return depth(
    c.core.book.spec(symbol),
    c.core.book.price(symbol),
    limitParam(c.params, defaultLimit, maxLimit),
    Math.floor(c.now / 100),
  );
}

/**
 * The order a GET or DELETE names by `orderId` or `origClientOrderId` within `symbol`. Without
 * either it is -1102 with `missingIdMessage`: each API words that refusal its own way.
 */
export function orderRef(c: RouteContext, market: Market, missingIdMessage: string): Order {
  const orderId = optionalInt(c.params, 'orderId');
  if (orderId === undefined && !c.params.origClientOrderId) throw new SimError(-1102, missingIdMessage);
  return findOrder(c.account, market, required(c.params, 'symbol'), orderId, c.params.origClientOrderId);
}

/** A cancel's order: Binance answers one it cannot find with -2011, not the lookup's -2013 or parameter errors. */
export function orderToCancel(find: () => Order): Order {
  try {
    return find();
  } catch {
    throw new SimError(-2011, 'Unknown order sent.');
  }
}

/** GET openOrders: the account's open orders of the market, of one symbol when named. */
export function openOrders(c: RouteContext, market: Market): Order[] {
  return [...c.account.open.values()].filter((o) => o.market === market && (!c.params.symbol || o.symbol === c.params.symbol));
}

/**
 * GET allOrders: the account's orders of the market and `symbol`, oldest first, the newest `limit`
 * (500, at most 1000). Only spot's narrows them to those from `orderId` on and from `startTime`:
 * the USD-M route ignores both parameters.
 */
export function orderHistory(c: RouteContext, market: Market, { narrowsByIdAndTime }: { narrowsByIdAndTime: boolean }): Order[] {
  const symbol = required(c.params, 'symbol');
  const fromId = narrowsByIdAndTime ? (optionalInt(c.params, 'orderId') ?? 0) : 0;
  const fromTime = narrowsByIdAndTime ? (optionalInt(c.params, 'startTime') ?? 0) : 0;
  return [...c.account.orders.values()]
    .filter((o) => o.market === market && o.symbol === symbol && o.orderId >= fromId && o.time >= fromTime)
    .slice(-limitParam(c.params, 500, 1000));
}

/**
 * GET myTrades (spot) and userTrades (USD-M): the account's fills of `symbol` from `startTime`, of
 * one order when `orderId` is named, the first `limit` (500, at most 1000).
 */
export function accountTrades(c: RouteContext, market: Market): Fill[] {
  const symbol = required(c.params, 'symbol');
  const start = optionalInt(c.params, 'startTime') ?? 0;
  const orderId = optionalInt(c.params, 'orderId');
  return c.account.trades[market]
    .filter((f) => f.symbol === symbol && f.time >= start && (orderId === undefined || f.orderId === orderId))
    .slice(0, limitParam(c.params, 500, 1000));
}
