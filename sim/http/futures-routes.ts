/** /fapi routes (USD-M futures) and the empty /dapi exchangeInfo ccxt loads with the markets. */
import { LIQUIDATION_ORDER_PREFIX } from '../futures';
import { SimError } from '../types';
import { emptyExchangeInfo, futuresExchangeInfo } from '../wire/market';
import { futuresAccount, futuresBalance, futuresOrder, futuresTrade, leverageBrackets, positionRisk } from '../wire/futures';
import { limitParam, newOrder, optionalInt, type Params, required, RouteRegistry, type RouteTable } from './route';
import * as shared from './shared-routes';

function klineWeight(p: Params): number {
  const limit = limitParam(p, 500, 1500);
  return limit < 100 ? 1 : limit < 500 ? 2 : limit <= 1000 ? 5 : 10;
}

function depthWeight(p: Params): number {
  const limit = limitParam(p, 500, 1000);
  return limit <= 50 ? 2 : limit <= 100 ? 5 : limit <= 500 ? 10 : 20;
}

/** Every 8 hours, as Binance's USD-M funding. */
const FUNDING_INTERVAL_MS = 28_800_000;

function marketRoutes(r: RouteRegistry): void {
  shared.connectivityRoutes(r, '/fapi/v1');
  r.publicRoute('GET', '/fapi/v1/exchangeInfo', 1, (c) => futuresExchangeInfo(c.core.book, c.limits, c.now));
  r.publicRoute('GET', '/dapi/v1/exchangeInfo', 1, (c) => emptyExchangeInfo(c.now));
  r.publicRoute(
    'GET',
    ['/fapi/v1/ticker/price', '/fapi/v2/ticker/price'],
    (p) => (p.symbol ? 1 : 2),
    (c) => shared.oneOrMany(c, (symbol) => ({ symbol, price: shared.lastPrice(c, symbol), time: c.now })),
  );
  r.publicRoute(
    'GET',
    '/fapi/v1/ticker/24hr',
    (p) => (p.symbol ? 1 : 40),
    (c) => shared.oneOrMany(c, (symbol) => shared.dayTicker(c, symbol)),
  );
  r.publicRoute(
    'GET',
    '/fapi/v1/premiumIndex',
    (p) => (p.symbol ? 1 : 10),
    (c) =>
      shared.oneOrMany(c, (symbol) => {
        const price = shared.lastPrice(c, symbol);
        return {
          symbol,
          markPrice: price,
          indexPrice: price,
          estimatedSettlePrice: price,
          lastFundingRate: '0.00010000',
          interestRate: '0.00010000',
          nextFundingTime: Math.ceil((c.now + 1) / FUNDING_INTERVAL_MS) * FUNDING_INTERVAL_MS,
          time: c.now,
        };
      }),
  );
  r.publicRoute('GET', '/fapi/v1/klines', klineWeight, shared.klines);
  r.publicRoute('GET', '/fapi/v1/depth', depthWeight, (c) => ({ ...shared.bookDepth(c, 500, 1000), E: c.now, T: c.now }));
}

const MISSING_ORDER_ID = 'Either orderId or origClientOrderId must be sent.';

function orderRoutes(r: RouteRegistry): void {
  r.signedRoute('POST', '/fapi/v1/order', 1, (c) => futuresOrder(c.core.futures.place(c.account, newOrder(c.params))), {
    submitsOrder: true,
  });
  r.signedRoute('GET', '/fapi/v1/order', 1, (c) => futuresOrder(shared.orderRef(c, 'futures', MISSING_ORDER_ID)), {
    looksUpOrder: true,
  });
  r.signedRoute('DELETE', '/fapi/v1/order', 1, (c) => {
    // Unlike spot, every refusal of the lookup, a missing symbol or id included, is -2011 here.
    const order = shared.orderToCancel(() => shared.orderRef(c, 'futures', MISSING_ORDER_ID));
    return futuresOrder(c.core.futures.cancel(c.account, order));
  });
  r.signedRoute('DELETE', '/fapi/v1/allOpenOrders', 1, (c) => {
    required(c.params, 'symbol'); // one symbol's orders, never every symbol's: shared.openOrders() narrows to it
    for (const o of shared.openOrders(c, 'futures')) c.core.futures.cancel(c.account, o);
    return { code: 200, msg: 'The operation of cancel all open order is done.' };
  });
  r.signedRoute(
    'GET',
    '/fapi/v1/openOrders',
    (p) => (p.symbol ? 1 : 40),
    (c) => shared.openOrders(c, 'futures').map(futuresOrder),
  );
  r.signedRoute('GET', '/fapi/v1/allOrders', 5, (c) =>
    shared.orderHistory(c, 'futures', { narrowsByIdAndTime: false }).map(futuresOrder),
  );
  r.signedRoute('GET', '/fapi/v1/userTrades', 5, (c) => shared.accountTrades(c, 'futures').map(futuresTrade));
  // The member's positions the exchange closed itself (liquidations; the simulator has no ADL).
  r.signedRoute(
    'GET',
    '/fapi/v1/forceOrders',
    (p) => (p.symbol ? 20 : 50),
    (c) => {
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
  );
}

function accountRoutes(r: RouteRegistry): void {
  r.signedRoute('POST', '/fapi/v1/leverage', 1, (c) => {
    const symbol = required(c.params, 'symbol');
    const leverage = Number(required(c.params, 'leverage'));
    c.core.futures.setLeverage(c.account, symbol, leverage);
    return { leverage, maxNotionalValue: '1000000', symbol };
  });
  r.signedRoute('POST', '/fapi/v1/marginType', 1, (c) => {
    c.core.futures.setMarginType(c.account, required(c.params, 'symbol'), required(c.params, 'marginType'));
    return { code: 200, msg: 'success' };
  });
  r.signedRoute('GET', '/fapi/v1/leverageBracket', 1, (c) =>
    leverageBrackets(c.params.symbol ? [c.core.book.spec(c.params.symbol).symbol] : c.core.book.symbols()),
  );
  r.signedRoute('GET', '/fapi/v1/positionSide/dual', 30, () => ({ dualSidePosition: false }));
  r.signedRoute('GET', ['/fapi/v2/positionRisk', '/fapi/v3/positionRisk'], 5, (c) =>
    [...c.account.futures.positions.values()]
      .filter((p) => !c.params.symbol || p.symbol === c.params.symbol)
      .map((p) => positionRisk(c.core.book, c.core.futures, c.account, p)),
  );
  r.signedRoute('GET', ['/fapi/v2/balance', '/fapi/v3/balance'], 5, (c) =>
    futuresBalance(c.core.book, c.core.futures, c.account, c.now),
  );
  r.signedRoute('GET', ['/fapi/v2/account', '/fapi/v3/account'], 5, (c) =>
    futuresAccount(c.core.book, c.core.futures, c.account, c.now),
  );
  r.apiKeyRoute('POST,PUT,DELETE', '/fapi/v1/listenKey', 1, (c) => {
    const key = c.listenKeys.open(c.account, 'futures');
    if (c.method === 'DELETE') c.listenKeys.close(key);
    return c.method === 'DELETE' ? {} : { listenKey: key };
  });
}

export function futuresRoutes(t: RouteTable): void {
  const r = new RouteRegistry(t, 'futures');
  marketRoutes(r);
  orderRoutes(r);
  accountRoutes(r);
}
