/** Raw Binance spot shapes (api/v3), built from the simulator's own records at the HTTP edge. */
import { type Account } from '../accounts';
import { type Decimal, fmt8 } from '../num';
import { type Fill, type Order } from '../types';

export function spotOrder(order: Order): Record<string, unknown> {
  return {
    symbol: order.symbol,
    orderId: order.orderId,
    orderListId: -1,
    clientOrderId: order.clientOrderId,
    price: fmt8(order.price),
    origQty: fmt8(order.origQty),
    executedQty: fmt8(order.executedQty),
    cummulativeQuoteQty: fmt8(order.cumQuote),
    status: order.status,
    timeInForce: 'GTC',
    type: order.type,
    side: order.side,
    stopPrice: '0.00000000',
    icebergQty: '0.00000000',
    time: order.time,
    updateTime: order.updateTime,
    isWorking: true,
    workingTime: order.time,
    origQuoteOrderQty: fmt8(order.origQuoteOrderQty),
    selfTradePreventionMode: 'EXPIRE_MAKER',
  };
}

/** POST /api/v3/order with newOrderRespType ACK, RESULT or FULL (the default for MARKET and LIMIT). */
export function spotOrderResponse(order: Order, respType: string): Record<string, unknown> {
  const ack = {
    symbol: order.symbol,
    orderId: order.orderId,
    orderListId: -1,
    clientOrderId: order.clientOrderId,
    transactTime: order.updateTime,
  };
  if (respType === 'ACK') return ack;
  const { time: _t, updateTime: _u, isWorking: _w, stopPrice: _s, icebergQty: _i, ...result } = spotOrder(order);
  const full = { ...result, transactTime: order.updateTime };
  if (respType === 'RESULT') return full;
  return {
    ...full,
    fills: order.fills.map((f) => ({
      price: fmt8(f.price),
      qty: fmt8(f.qty),
      commission: fmt8(f.commission),
      commissionAsset: f.commissionAsset,
      tradeId: f.tradeId,
    })),
  };
}

export function spotCancelResponse(order: Order, cancelClientId: string): Record<string, unknown> {
  const { time: _t, updateTime: _u, isWorking: _w, stopPrice: _s, icebergQty: _i, workingTime: _k, ...rest } = spotOrder(order);
  return { ...rest, origClientOrderId: order.clientOrderId, clientOrderId: cancelClientId, transactTime: order.updateTime };
}

export function spotTrade(fill: Fill): Record<string, unknown> {
  return {
    symbol: fill.symbol,
    id: fill.tradeId,
    orderId: fill.orderId,
    orderListId: -1,
    price: fmt8(fill.price),
    qty: fmt8(fill.qty),
    quoteQty: fmt8(fill.quoteQty),
    commission: fmt8(fill.commission),
    commissionAsset: fill.commissionAsset,
    time: fill.time,
    isBuyer: fill.side === 'BUY',
    isMaker: fill.maker,
    isBestMatch: true,
  };
}

export function spotAccount(account: Account, feeRate: Decimal, now: number): Record<string, unknown> {
  const bps = feeRate.mul(10_000).toNumber();
  const balances = [...account.balances].map(([asset, b]) => ({ asset, free: fmt8(b.free), locked: fmt8(b.locked) }));
  return {
    makerCommission: bps,
    takerCommission: bps,
    buyerCommission: 0,
    sellerCommission: 0,
    commissionRates: { maker: fmt8(feeRate), taker: fmt8(feeRate), buyer: '0.00000000', seller: '0.00000000' },
    canTrade: true,
    canWithdraw: account.canWithdraw,
    canDeposit: true,
    brokered: false,
    requireSelfTradePrevention: false,
    preventSor: false,
    updateTime: now,
    accountType: 'SPOT',
    balances,
    permissions: ['SPOT'],
    uid: account.uid,
  };
}

export function apiRestrictions(account: Account): Record<string, unknown> {
  return {
    ipRestrict: account.ipRestrict !== false,
    createTime: account.createdAt,
    enableReading: true,
    enableWithdrawals: account.canWithdraw,
    enableInternalTransfer: false,
    enableMargin: false,
    enableFutures: true,
    permitsUniversalTransfer: true,
    enableVanillaOptions: false,
    enableFixApiTrade: false,
    enableFixReadOnly: false,
    enableSpotAndMarginTrading: true,
    enablePortfolioMarginTrading: false,
  };
}

/** Executions as the user-data stream reports them (executionReport). */
export function executionReport(order: Order, fill: Fill | null, now: number): Record<string, unknown> {
  return {
    e: 'executionReport',
    E: now,
    s: order.symbol,
    c: order.clientOrderId,
    S: order.side,
    o: order.type,
    f: 'GTC',
    q: fmt8(order.origQty),
    p: fmt8(order.price),
    P: '0.00000000',
    F: '0.00000000',
    g: -1,
    C: '',
    x: fill ? 'TRADE' : order.status === 'NEW' ? 'NEW' : order.status === 'CANCELED' ? 'CANCELED' : 'EXPIRED',
    X: order.status,
    r: 'NONE',
    i: order.orderId,
    l: fmt8(fill?.qty ?? '0'),
    z: fmt8(order.executedQty),
    L: fmt8(fill?.price ?? '0'),
    n: fmt8(fill?.commission ?? '0'),
    N: fill?.commissionAsset ?? null,
    T: order.updateTime,
    t: fill?.tradeId ?? -1,
    I: order.orderId,
    w: order.status === 'NEW' || order.status === 'PARTIALLY_FILLED',
    m: fill?.maker ?? false,
    M: false,
    O: order.time,
    Z: fmt8(order.cumQuote),
    Y: fmt8(fill?.quoteQty ?? '0'),
    Q: fmt8(order.origQuoteOrderQty),
    W: order.time,
    V: 'EXPIRE_MAKER',
  };
}

export function accountPosition(account: Account, assets: string[], now: number): Record<string, unknown> {
  return {
    e: 'outboundAccountPosition',
    E: now,
    u: now,
    B: assets.map((a) => {
      const b = account.balances.get(a);
      return { a, f: fmt8(b?.free ?? 0), l: fmt8(b?.locked ?? 0) };
    }),
  };
}
