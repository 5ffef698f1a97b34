/** /api/v3 routes: thin adapters from Binance parameters to the core and back to Binance shapes. */
import { randomBytes } from 'node:crypto';
import { findOrder } from '../accounts';
import { SimError, type Order } from '../types';
import { depth, bidAsk, klineRow, spotExchangeInfo, ticker24hr } from '../wire/market';
import { spotAccount, spotCancelResponse, spotOrder, spotOrderResponse, spotTrade } from '../wire/spot';
import {
  add,
  limitParam,
  newOrder,
  optionalInt,
  type Params,
  required,
  type RouteContext,
  type RouteTable,
  symbolList,
} from './route';

/** Weight of a ticker call: per symbol when named, Binance's bulk weight otherwise. */
function tickerWeight(one: number, many: (n: number) => number, all: number) {
  return (p: Params) => (p.symbol ? one : p.symbols ? many((symbolList(p) ?? []).length) : all);
}

function chosenSymbols(ctx: RouteContext): string[] {
  const { params, core } = ctx;
  if (params.symbol) return [core.book.spec(params.symbol).symbol];
  return symbolList(params)?.map((s) => core.book.spec(s).symbol) ?? core.book.symbols();
}

function oneOrMany<T>(ctx: RouteContext, map: (symbol: string) => T): T | T[] {
  const list = chosenSymbols(ctx).map(map);
  return ctx.params.symbol ? list[0]! : list;
}

export function depthWeight(limit: number): number {
  return limit <= 100 ? 5 : limit <= 500 ? 25 : limit <= 1000 ? 50 : 250;
}

export function klines(ctx: RouteContext): unknown[] {
  const p = ctx.params;
  const symbol = required(p, 'symbol');
  return ctx.core.book
    .klines(
      symbol,
      required(p, 'interval'),
      { startTime: optionalInt(p, 'startTime'), endTime: optionalInt(p, 'endTime'), limit: limitParam(p, 500, 1000) },
      ctx.now,
    )
    .map(klineRow);
}

function orderRef(ctx: RouteContext): Order {
  const p = ctx.params;
  const orderId = optionalInt(p, 'orderId');
  if (orderId === undefined && !p.origClientOrderId)
    throw new SimError(-1102, "Param 'origClientOrderId' or 'orderId' must be sent, but both were empty/null!");
  return findOrder(ctx.account, 'spot', required(p, 'symbol'), orderId, p.origClientOrderId);
}

function marketRoutes(t: RouteTable): void {
  add(t, 'GET', '/api/v3/ping', { pool: 'spot', weight: 1, auth: 'none', handle: () => ({}) });
  add(t, 'GET', '/api/v3/time', { pool: 'spot', weight: 1, auth: 'none', handle: (c) => ({ serverTime: c.now }) });
  add(t, 'GET', '/api/v3/exchangeInfo', {
    pool: 'spot',
    weight: 20,
    auth: 'none',
    handle: (c) => spotExchangeInfo(c.core.book, c.limits, c.now, c.params.symbol ? [c.params.symbol] : symbolList(c.params)),
  });
  add(t, 'GET', '/api/v3/ticker/price', {
    pool: 'spot',
    weight: tickerWeight(2, () => 4, 4),
    auth: 'none',
    handle: (c) => oneOrMany(c, (symbol) => ({ symbol, price: c.core.book.price(symbol).toFixed() })),
  });
  add(t, 'GET', '/api/v3/ticker/24hr', {
    pool: 'spot',
    weight: tickerWeight(2, (n) => (n <= 20 ? 2 : n <= 100 ? 40 : 80), 80),
    auth: 'none',
    handle: (c) => oneOrMany(c, (symbol) => ticker24hr(c.core.book.spec(symbol), c.core.book.stats24h(symbol, c.now))),
  });
  add(t, 'GET', '/api/v3/ticker/bookTicker', {
    pool: 'spot',
    weight: tickerWeight(2, () => 4, 4),
    auth: 'none',
    handle: (c) =>
      oneOrMany(c, (symbol) => {
        const { bid, ask } = bidAsk(c.core.book.spec(symbol), c.core.book.price(symbol));
        return { symbol, bidPrice: bid, bidQty: '1', askPrice: ask, askQty: '1' };
      }),
  });
  add(t, 'GET', '/api/v3/avgPrice', {
    pool: 'spot',
    weight: 2,
    auth: 'none',
    handle: (c) => ({ mins: 5, price: c.core.book.price(required(c.params, 'symbol')).toFixed(), closeTime: c.now }),
  });
  add(t, 'GET', ['/api/v3/klines', '/api/v3/uiKlines'], { pool: 'spot', weight: 2, auth: 'none', handle: klines });
  add(t, 'GET', '/api/v3/depth', {
    pool: 'spot',
    weight: (p) => depthWeight(limitParam(p, 100, 5000)),
    auth: 'none',
    handle: (c) => {
      const symbol = required(c.params, 'symbol');
      return depth(c.core.book.spec(symbol), c.core.book.price(symbol), limitParam(c.params, 100, 5000), Math.floor(c.now / 100));
    },
  });
}

function accountRoutes(t: RouteTable): void {
  add(t, 'GET', '/api/v3/account', {
    pool: 'spot',
    weight: 20,
    auth: 'signed',
    handle: (c) => spotAccount(c.account, c.core.feeRate, c.now),
  });
  add(t, 'POST', '/api/v3/order', {
    pool: 'spot',
    weight: 1,
    auth: 'signed',
    submitsOrder: true,
    handle: (c) => spotOrderResponse(c.core.spot.place(c.account, newOrder(c.params)), c.params.newOrderRespType ?? 'FULL'),
  });
  add(t, 'POST', '/api/v3/order/test', {
    pool: 'spot',
    weight: 1,
    auth: 'signed',
    handle: (c) => {
      newOrder(c.params);
      c.core.book.spec(c.params.symbol!);
      return {};
    },
  });
  add(t, 'GET', '/api/v3/order', {
    pool: 'spot',
    weight: 4,
    auth: 'signed',
    looksUpOrder: true,
    handle: (c) => spotOrder(orderRef(c)),
  });
  add(t, 'DELETE', '/api/v3/order', {
    pool: 'spot',
    weight: 1,
    auth: 'signed',
    handle: (c) => {
      const orderId = optionalInt(c.params, 'orderId');
      const order = c.core.spot.cancel(c.account, required(c.params, 'symbol'), orderId, c.params.origClientOrderId);
      return spotCancelResponse(order, c.params.newClientOrderId ?? randomBytes(11).toString('base64url'));
    },
  });
  add(t, 'DELETE', '/api/v3/openOrders', {
    pool: 'spot',
    weight: 1,
    auth: 'signed',
    handle: (c) => {
      const symbol = required(c.params, 'symbol');
      const open = [...c.account.open.values()].filter((o) => o.market === 'spot' && o.symbol === symbol);
      return open.map((o) =>
        spotCancelResponse(c.core.spot.cancel(c.account, symbol, o.orderId), randomBytes(11).toString('base64url')),
      );
    },
  });
  add(t, 'GET', '/api/v3/openOrders', {
    pool: 'spot',
    weight: (p) => (p.symbol ? 6 : 80),
    auth: 'signed',
    handle: (c) =>
      [...c.account.open.values()]
        .filter((o) => o.market === 'spot' && (!c.params.symbol || o.symbol === c.params.symbol))
        .map(spotOrder),
  });
  add(t, 'GET', '/api/v3/allOrders', {
    pool: 'spot',
    weight: 20,
    auth: 'signed',
    handle: (c) => {
      const symbol = required(c.params, 'symbol');
      const from = optionalInt(c.params, 'orderId') ?? 0;
      const start = optionalInt(c.params, 'startTime') ?? 0;
      return [...c.account.orders.values()]
        .filter((o) => o.market === 'spot' && o.symbol === symbol && o.orderId >= from && o.time >= start)
        .slice(-limitParam(c.params, 500, 1000))
        .map(spotOrder);
    },
  });
  add(t, 'GET', '/api/v3/myTrades', {
    pool: 'spot',
    weight: 20,
    auth: 'signed',
    handle: (c) => {
      const symbol = required(c.params, 'symbol');
      const start = optionalInt(c.params, 'startTime') ?? 0;
      const orderId = optionalInt(c.params, 'orderId');
      return c.account.trades.spot
        .filter((f) => f.symbol === symbol && f.time >= start && (orderId === undefined || f.orderId === orderId))
        .slice(0, limitParam(c.params, 500, 1000))
        .map(spotTrade);
    },
  });
  add(t, 'POST,PUT,DELETE', '/api/v3/userDataStream', {
    pool: 'spot',
    weight: 2,
    auth: 'key',
    handle: (c) => {
      if (c.params.listenKey && c.method === 'DELETE') {
        c.listenKeys.close(c.params.listenKey);
        return {};
      }
      const listenKey = c.listenKeys.open(c.account, 'spot'); // POST hands out the valid key, PUT keeps it alive: both extend it
      return c.method === 'POST' ? { listenKey } : {};
    },
  });
}

export function spotRoutes(t: RouteTable): void {
  marketRoutes(t);
  accountRoutes(t);
}
