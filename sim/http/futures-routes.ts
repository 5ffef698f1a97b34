/** /fapi routes (USD-M futures) and the empty /dapi exchangeInfo ccxt loads with the markets. */
import { findOrder } from '../accounts';
import { LIQUIDATION_ORDER_PREFIX } from '../futures';
import { SimError, type Order } from '../types';
import { emptyExchangeInfo, futuresExchangeInfo, ticker24hr, depth } from '../wire/market';
import { futuresAccount, futuresBalance, futuresOrder, futuresTrade, leverageBrackets, positionRisk } from '../wire/futures';
import { add, limitParam, newOrder, optionalInt, type Params, required, type RouteContext, type RouteTable } from './route';
import { klines } from './spot-routes';

function listOrOne<T>(c: RouteContext, map: (symbol: string) => T): T | T[] {
  if (c.params.symbol) return map(c.core.book.spec(c.params.symbol).symbol);
  return c.core.book.symbols().map(map);
}

function orderRef(c: RouteContext): Order {
  const orderId = optionalInt(c.params, 'orderId');
  if (orderId === undefined && !c.params.origClientOrderId)
    throw new SimError(-1102, 'Either orderId or origClientOrderId must be sent.');
  return findOrder(c.account, 'futures', required(c.params, 'symbol'), orderId, c.params.origClientOrderId);
}

function klineWeight(p: Params): number {
  const limit = limitParam(p, 500, 1500);
  return limit < 100 ? 1 : limit < 500 ? 2 : limit <= 1000 ? 5 : 10;
}

function marketRoutes(t: RouteTable): void {
  add(t, 'GET', '/fapi/v1/ping', { pool: 'futures', weight: 1, auth: 'none', handle: () => ({}) });
  add(t, 'GET', '/fapi/v1/time', { pool: 'futures', weight: 1, auth: 'none', handle: (c) => ({ serverTime: c.now }) });
  add(t, 'GET', '/fapi/v1/exchangeInfo', {
    pool: 'futures',
    weight: 1,
    auth: 'none',
    handle: (c) => futuresExchangeInfo(c.core.book, c.limits, c.now),
  });
  add(t, 'GET', '/dapi/v1/exchangeInfo', { pool: 'futures', weight: 1, auth: 'none', handle: (c) => emptyExchangeInfo(c.now) });
  add(t, 'GET', ['/fapi/v1/ticker/price', '/fapi/v2/ticker/price'], {
    pool: 'futures',
    weight: (p) => (p.symbol ? 1 : 2),
    auth: 'none',
    handle: (c) => listOrOne(c, (symbol) => ({ symbol, price: c.core.book.price(symbol).toFixed(), time: c.now })),
  });
  add(t, 'GET', '/fapi/v1/ticker/24hr', {
    pool: 'futures',
    weight: (p) => (p.symbol ? 1 : 40),
    auth: 'none',
    handle: (c) => listOrOne(c, (symbol) => ticker24hr(c.core.book.spec(symbol), c.core.book.stats24h(symbol, c.now))),
  });
  add(t, 'GET', '/fapi/v1/premiumIndex', {
    pool: 'futures',
    weight: (p) => (p.symbol ? 1 : 10),
    auth: 'none',
    handle: (c) =>
      listOrOne(c, (symbol) => {
        const price = c.core.book.price(symbol).toFixed();
        return {
          symbol,
          markPrice: price,
          indexPrice: price,
          estimatedSettlePrice: price,
          lastFundingRate: '0.00010000',
          interestRate: '0.00010000',
          nextFundingTime: Math.ceil((c.now + 1) / 28_800_000) * 28_800_000,
          time: c.now,
        };
      }),
  });
  add(t, 'GET', '/fapi/v1/klines', { pool: 'futures', weight: klineWeight, auth: 'none', handle: klines });
  add(t, 'GET', '/fapi/v1/depth', {
    pool: 'futures',
    weight: (p) => {
      const l = limitParam(p, 500, 1000);
      return l <= 50 ? 2 : l <= 100 ? 5 : l <= 500 ? 10 : 20;
    },
    auth: 'none',
    handle: (c) => {
      const symbol = required(c.params, 'symbol');
      return {
        ...depth(c.core.book.spec(symbol), c.core.book.price(symbol), limitParam(c.params, 500, 1000), Math.floor(c.now / 100)),
        E: c.now,
        T: c.now,
      };
    },
  });
}

function orderRoutes(t: RouteTable): void {
  add(t, 'POST', '/fapi/v1/order', {
    pool: 'futures',
    weight: 1,
    auth: 'signed',
    submitsOrder: true,
    handle: (c) => futuresOrder(c.core.futures.place(c.account, newOrder(c.params))),
  });
  add(t, 'GET', '/fapi/v1/order', {
    pool: 'futures',
    weight: 1,
    auth: 'signed',
    looksUpOrder: true,
    handle: (c) => futuresOrder(orderRef(c)),
  });
  add(t, 'DELETE', '/fapi/v1/order', {
    pool: 'futures',
    weight: 1,
    auth: 'signed',
    handle: (c) => {
      let order: Order;
      try {
        order = orderRef(c);
      } catch {
        throw new SimError(-2011, 'Unknown order sent.');
      }
      return futuresOrder(c.core.futures.cancel(c.account, order));
    },
  });
  add(t, 'DELETE', '/fapi/v1/allOpenOrders', {
    pool: 'futures',
    weight: 1,
    auth: 'signed',
    handle: (c) => {
      const symbol = required(c.params, 'symbol');
      for (const o of [...c.account.open.values()])
        if (o.market === 'futures' && o.symbol === symbol) c.core.futures.cancel(c.account, o);
      return { code: 200, msg: 'The operation of cancel all open order is done.' };
    },
  });
  add(t, 'GET', '/fapi/v1/openOrders', {
    pool: 'futures',
    weight: (p) => (p.symbol ? 1 : 40),
    auth: 'signed',
    handle: (c) =>
      [...c.account.open.values()]
        .filter((o) => o.market === 'futures' && (!c.params.symbol || o.symbol === c.params.symbol))
        .map(futuresOrder),
  });
  add(t, 'GET', '/fapi/v1/allOrders', {
    pool: 'futures',
    weight: 5,
    auth: 'signed',
    handle: (c) => {
      const symbol = required(c.params, 'symbol');
      return [...c.account.orders.values()]
        .filter((o) => o.market === 'futures' && o.symbol === symbol)
        .slice(-limitParam(c.params, 500, 1000))
        .map(futuresOrder);
    },
  });
  add(t, 'GET', '/fapi/v1/userTrades', {
    pool: 'futures',
    weight: 5,
    auth: 'signed',
    handle: (c) => {
      const symbol = required(c.params, 'symbol');
      const start = optionalInt(c.params, 'startTime') ?? 0;
      const orderId = optionalInt(c.params, 'orderId');
      return c.account.trades.futures
        .filter((f) => f.symbol === symbol && f.time >= start && (orderId === undefined || f.orderId === orderId))
        .slice(0, limitParam(c.params, 500, 1000))
        .map(futuresTrade);
    },
  });
  // The member's positions the exchange closed itself (liquidations; the simulator has no ADL).
  add(t, 'GET', '/fapi/v1/forceOrders', {
    pool: 'futures',
    weight: (p) => (p.symbol ? 20 : 50),
    auth: 'signed',
    handle: (c) => {
      const start = optionalInt(c.params, 'startTime') ?? 0;
      const type = c.params.autoCloseType;
      if (type !== undefined && type !== 'LIQUIDATION' && type !== 'ADL') throw new SimError(-1116, 'Invalid autoCloseType.');
      if (type === 'ADL') return [];
      return [...c.account.orders.values()]
        .filter(
          (o) =>
            o.market === 'futures' &&
            o.clientOrderId.startsWith(LIQUIDATION_ORDER_PREFIX) &&
            (!c.params.symbol || o.symbol === c.params.symbol) &&
            o.time >= start,
        )
        .slice(0, limitParam(c.params, 50, 100))
        .map(futuresOrder);
    },
  });
}

function accountRoutes(t: RouteTable): void {
  add(t, 'POST', '/fapi/v1/leverage', {
    pool: 'futures',
    weight: 1,
    auth: 'signed',
    handle: (c) => {
      const symbol = required(c.params, 'symbol');
      const leverage = Number(required(c.params, 'leverage'));
      c.core.futures.setLeverage(c.account, symbol, leverage);
      return { leverage, maxNotionalValue: '1000000', symbol };
    },
  });
  add(t, 'POST', '/fapi/v1/marginType', {
    pool: 'futures',
    weight: 1,
    auth: 'signed',
    handle: (c) => {
      c.core.futures.setMarginType(c.account, required(c.params, 'symbol'), required(c.params, 'marginType'));
      return { code: 200, msg: 'success' };
    },
  });
  add(t, 'GET', '/fapi/v1/leverageBracket', {
    pool: 'futures',
    weight: 1,
    auth: 'signed',
    handle: (c) => leverageBrackets(c.params.symbol ? [c.core.book.spec(c.params.symbol).symbol] : c.core.book.symbols()),
  });
  add(t, 'GET', '/fapi/v1/positionSide/dual', {
    pool: 'futures',
    weight: 30,
    auth: 'signed',
    handle: () => ({ dualSidePosition: false }),
  });
  add(t, 'GET', ['/fapi/v2/positionRisk', '/fapi/v3/positionRisk'], {
    pool: 'futures',
    weight: 5,
    auth: 'signed',
    handle: (c) =>
      [...c.account.futures.positions.values()]
        .filter((p) => !c.params.symbol || p.symbol === c.params.symbol)
        .map((p) => positionRisk(c.core.book, c.core.futures, c.account, p)),
  });
  add(t, 'GET', ['/fapi/v2/balance', '/fapi/v3/balance'], {
    pool: 'futures',
    weight: 5,
    auth: 'signed',
    handle: (c) => futuresBalance(c.core.book, c.core.futures, c.account, c.now),
  });
  add(t, 'GET', ['/fapi/v2/account', '/fapi/v3/account'], {
    pool: 'futures',
    weight: 5,
    auth: 'signed',
    handle: (c) => futuresAccount(c.core.book, c.core.futures, c.account, c.now),
  });
  add(t, 'POST,PUT,DELETE', '/fapi/v1/listenKey', {
    pool: 'futures',
    weight: 1,
    auth: 'key',
    handle: (c) => {
      const key = c.listenKeys.open(c.account, 'futures');
      if (c.method === 'DELETE') c.listenKeys.close(key);
      return c.method === 'DELETE' ? {} : { listenKey: key };
    },
  });
}

export function futuresRoutes(t: RouteTable): void {
  marketRoutes(t);
  orderRoutes(t);
  accountRoutes(t);
}
