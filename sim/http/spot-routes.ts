/** /api/v3 routes: thin adapters from Binance parameters to the core and back to Binance shapes. */
import { randomBytes } from 'node:crypto';
import { findOrder } from '../accounts';
import { bidAsk, spotExchangeInfo } from '../wire/market';
import { spotAccount, spotCancelResponse, spotOrder, spotOrderResponse, spotTrade } from '../wire/spot';
import {
  limitParam,
  newOrder,
  optionalInt,
  type Params,
  required,
  type RouteContext,
  RouteRegistry,
  type RouteTable,
  symbolList,
} from './route';
import * as shared from './shared-routes';

/** Weight of a ticker call: per symbol when named, Binance's bulk weight otherwise. */
function tickerWeight(one: number, many: (n: number) => number, all: number) {
  return (p: Params) => (p.symbol ? one : p.symbols ? many((symbolList(p) ?? []).length) : all);
}

/** Spot tickers take a `symbols=["A","B"]` list besides one `symbol`. */
function spotTicker<T>(c: RouteContext, map: (symbol: string) => T): T | T[] {
  return shared.oneOrMany(c, map, () => symbolList(c.params)?.map((s) => c.core.book.spec(s).symbol) ?? c.core.book.symbols());
}

function depthWeight(limit: number): number {
  return limit <= 100 ? 5 : limit <= 500 ? 25 : limit <= 1000 ? 50 : 250;
}

/** The id Binance gives a cancel when the request names none. */
function cancelClientId(): string {
  return randomBytes(11).toString('base64url');
}

function marketRoutes(r: RouteRegistry): void {
  shared.connectivityRoutes(r, '/api/v3');
  r.publicRoute('GET', '/api/v3/exchangeInfo', 20, (c) =>
    spotExchangeInfo(c.core.book, c.limits, c.now, c.params.symbol ? [c.params.symbol] : symbolList(c.params)),
  );
  r.publicRoute(
    'GET',
    '/api/v3/ticker/price',
    tickerWeight(2, () => 4, 4),
    (c) => spotTicker(c, (symbol) => ({ symbol, price: shared.lastPrice(c, symbol) })),
  );
  const dayTickerWeight = tickerWeight(2, (n) => (n <= 20 ? 2 : n <= 100 ? 40 : 80), 80);
  r.publicRoute('GET', '/api/v3/ticker/24hr', dayTickerWeight, (c) => spotTicker(c, (symbol) => shared.dayTicker(c, symbol)));
  r.publicRoute(
    'GET',
    '/api/v3/ticker/bookTicker',
    tickerWeight(2, () => 4, 4),
    (c) =>
      spotTicker(c, (symbol) => {
        const { bid, ask } = bidAsk(c.core.book.spec(symbol), c.core.book.price(symbol));
        return { symbol, bidPrice: bid, bidQty: '1', askPrice: ask, askQty: '1' };
      }),
  );
  r.publicRoute('GET', '/api/v3/avgPrice', 2, (c) => ({
    mins: 5,
    price: shared.lastPrice(c, required(c.params, 'symbol')),
    closeTime: c.now,
  }));
  r.publicRoute('GET', ['/api/v3/klines', '/api/v3/uiKlines'], 2, shared.klines);
  r.publicRoute(
    'GET',
    '/api/v3/depth',
    (p) => depthWeight(limitParam(p, 100, 5000)),
    (c) => shared.bookDepth(c, 100, 5000),
  );
}

const MISSING_ORDER_ID = "Param 'origClientOrderId' or 'orderId' must be sent, but both were empty/null!";

function accountRoutes(r: RouteRegistry): void {
  r.signedRoute('GET', '/api/v3/account', 20, (c) => spotAccount(c.account, c.core.feeRate, c.now));
  r.signedRoute(
    'POST',
    '/api/v3/order',
    1,
    (c) => spotOrderResponse(c.core.spot.place(c.account, newOrder(c.params)), c.params.newOrderRespType ?? 'FULL'),
    { submitsOrder: true },
  );
  r.signedRoute('POST', '/api/v3/order/test', 1, (c) => {
    newOrder(c.params);
    c.core.book.spec(c.params.symbol!);
    return {};
  });
  r.signedRoute('GET', '/api/v3/order', 4, (c) => spotOrder(shared.orderRef(c, 'spot', MISSING_ORDER_ID)), {
    looksUpOrder: true,
  });
  r.signedRoute('DELETE', '/api/v3/order', 1, (c) => {
    // The ids' and the symbol's own errors come first; only the lookup's become -2011.
    const orderId = optionalInt(c.params, 'orderId');
    const symbol = required(c.params, 'symbol');
    const order = shared.orderToCancel(() => findOrder(c.account, 'spot', symbol, orderId, c.params.origClientOrderId));
    return spotCancelResponse(c.core.spot.cancel(c.account, order), c.params.newClientOrderId ?? cancelClientId());
  });
  r.signedRoute('DELETE', '/api/v3/openOrders', 1, (c) => {
    required(c.params, 'symbol'); // all of one symbol's orders, never every symbol's: shared.openOrders() narrows to it
    return shared.openOrders(c, 'spot').map((o) => spotCancelResponse(c.core.spot.cancel(c.account, o), cancelClientId()));
  });
  r.signedRoute(
    'GET',
    '/api/v3/openOrders',
    (p) => (p.symbol ? 6 : 80),
    (c) => shared.openOrders(c, 'spot').map(spotOrder),
  );
  r.signedRoute('GET', '/api/v3/allOrders', 20, (c) =>
    shared.orderHistory(c, 'spot', { narrowsByIdAndTime: true }).map(spotOrder),
  );
  r.signedRoute('GET', '/api/v3/myTrades', 20, (c) => shared.accountTrades(c, 'spot').map(spotTrade));
  r.apiKeyRoute('POST,PUT,DELETE', '/api/v3/userDataStream', 2, (c) => {
    if (c.params.listenKey && c.method === 'DELETE') {
      c.listenKeys.close(c.params.listenKey);
      return {};
    }
    const listenKey = c.listenKeys.open(c.account, 'spot'); // POST hands out the valid key, PUT keeps it alive: both extend it
    return c.method === 'POST' ? { listenKey } : {};
  });
}

export function spotRoutes(t: RouteTable): void {
  const r = new RouteRegistry(t, 'spot');
  marketRoutes(r);
  accountRoutes(r);
}
