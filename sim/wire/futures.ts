/** Raw Binance USD-M futures shapes (fapi v1/v2/v3). */
import { type Account, type Position } from '../accounts';
import { type FuturesEngine } from '../futures';
import { bracketsFor, maintenanceMargin } from '../liquidation';
import { Decimal, ZERO, fmt8 } from '../num';
import { type PriceBook } from '../prices';
import { type Fill, type Order } from '../types';

export function futuresOrder(order: Order): Record<string, unknown> {
  const executed = new Decimal(order.executedQty);
  return {
    orderId: order.orderId,
    symbol: order.symbol,
    status: order.status,
    clientOrderId: order.clientOrderId,
    price: order.price,
    avgPrice: executed.isZero() ? '0' : new Decimal(order.cumQuote).div(executed).toFixed(),
    origQty: order.origQty,
    executedQty: order.executedQty,
    cumQty: order.executedQty,
    cumQuote: order.cumQuote,
    timeInForce: 'GTC',
    type: order.type,
    reduceOnly: order.reduceOnly,
    closePosition: false,
    side: order.side,
    positionSide: 'BOTH',
    stopPrice: '0',
    workingType: 'CONTRACT_PRICE',
    priceProtect: false,
    origType: order.type,
    priceMatch: 'NONE',
    selfTradePreventionMode: 'EXPIRE_MAKER',
    goodTillDate: 0,
    time: order.time,
    updateTime: order.updateTime,
  };
}

export function futuresTrade(fill: Fill): Record<string, unknown> {
  return {
    buyer: fill.side === 'BUY',
    commission: fill.commission,
    commissionAsset: fill.commissionAsset,
    id: fill.tradeId,
    maker: fill.maker,
    orderId: fill.orderId,
    price: fill.price,
    qty: fill.qty,
    quoteQty: fill.quoteQty,
    realizedPnl: fill.realizedPnl ?? '0',
    side: fill.side,
    positionSide: 'BOTH',
    symbol: fill.symbol,
    time: fill.time,
  };
}

interface PositionFigures {
  notional: Decimal;
  unrealized: Decimal;
  mark: Decimal;
  maint: Decimal;
}

function figures(book: PriceBook, p: Position): PositionFigures {
  const mark = book.price(p.symbol);
  const notional = p.amount.mul(mark);
  return { notional, unrealized: mark.sub(p.entryPrice).mul(p.amount), mark, maint: maintenanceMargin(p.symbol, notional) };
}

export function positionRisk(book: PriceBook, engine: FuturesEngine, account: Account, p: Position): Record<string, unknown> {
  const f = figures(book, p);
  return {
    symbol: p.symbol,
    positionSide: 'BOTH',
    positionAmt: p.amount.toFixed(),
    entryPrice: p.entryPrice.toFixed(),
    breakEvenPrice: p.entryPrice.toFixed(),
    markPrice: f.mark.toFixed(),
    unRealizedProfit: f.unrealized.toFixed(),
    liquidationPrice: engine.liquidationPrice(p).toFixed(),
    isolatedMargin: p.isolatedMargin.add(f.unrealized).toFixed(),
    notional: f.notional.toFixed(),
    marginAsset: 'USDT',
    isolatedWallet: p.isolatedMargin.toFixed(),
    initialMargin: p.isolatedMargin.toFixed(),
    maintMargin: f.maint.toFixed(),
    positionInitialMargin: p.isolatedMargin.toFixed(),
    openOrderInitialMargin: '0',
    adl: 1,
    bidNotional: '0',
    askNotional: '0',
    updateTime: p.updateTime,
    leverage: String(engine.leverage(account, p.symbol)),
    marginType: 'isolated',
    isAutoAddMargin: 'false',
    maxNotionalValue: '1000000',
  };
}

function totals(book: PriceBook, engine: FuturesEngine, account: Account) {
  let unrealized = ZERO;
  let positionMargin = ZERO;
  let maint = ZERO;
  for (const p of account.futures.positions.values()) {
    const f = figures(book, p);
    unrealized = unrealized.add(f.unrealized);
    positionMargin = positionMargin.add(p.isolatedMargin);
    maint = maint.add(f.maint);
  }
  let orderMargin = ZERO;
  for (const o of account.open.values()) if (o.market === 'futures') orderMargin = orderMargin.add(o.reserved);
  const wallet = account.futures.wallet;
  return { wallet, unrealized, positionMargin, orderMargin, maint, available: engine.available(account) };
}

export function futuresAssets(book: PriceBook, engine: FuturesEngine, account: Account, now: number): Record<string, unknown> {
  const t = totals(book, engine, account);
  return {
    asset: 'USDT',
    walletBalance: fmt8(t.wallet),
    unrealizedProfit: fmt8(t.unrealized),
    marginBalance: fmt8(t.wallet.add(t.unrealized)),
    maintMargin: fmt8(t.maint),
    initialMargin: fmt8(t.positionMargin.add(t.orderMargin)),
    positionInitialMargin: fmt8(t.positionMargin),
    openOrderInitialMargin: fmt8(t.orderMargin),
    crossWalletBalance: fmt8(t.wallet.sub(t.positionMargin)),
    crossUnPnl: '0.00000000',
    availableBalance: fmt8(t.available),
    maxWithdrawAmount: fmt8(t.available),
    marginAvailable: true,
    updateTime: now,
  };
}

/** GET /fapi/v2/balance and /fapi/v3/balance. */
export function futuresBalance(book: PriceBook, engine: FuturesEngine, account: Account, now: number): Record<string, unknown>[] {
  const a = futuresAssets(book, engine, account, now);
  return [
    {
      accountAlias: 'SgsR',
      asset: 'USDT',
      balance: a.walletBalance,
      crossWalletBalance: a.crossWalletBalance,
      crossUnPnl: '0.00000000',
      availableBalance: a.availableBalance,
      maxWithdrawAmount: a.maxWithdrawAmount,
      marginAvailable: true,
      updateTime: now,
    },
  ];
}

/** GET /fapi/v2/account and /fapi/v3/account. */
export function futuresAccount(book: PriceBook, engine: FuturesEngine, account: Account, now: number): Record<string, unknown> {
  const a = futuresAssets(book, engine, account, now);
  const positions = [...account.futures.positions.values()].map((p) => positionRisk(book, engine, account, p));
  return {
    feeTier: 0,
    canTrade: true,
    canDeposit: true,
    canWithdraw: account.canWithdraw,
    updateTime: now,
    multiAssetsMargin: false,
    totalInitialMargin: a.initialMargin,
    totalMaintMargin: a.maintMargin,
    totalWalletBalance: a.walletBalance,
    totalUnrealizedProfit: a.unrealizedProfit,
    totalMarginBalance: a.marginBalance,
    totalPositionInitialMargin: a.positionInitialMargin,
    totalOpenOrderInitialMargin: a.openOrderInitialMargin,
    totalCrossWalletBalance: a.crossWalletBalance,
    totalCrossUnPnl: '0.00000000',
    availableBalance: a.availableBalance,
    maxWithdrawAmount: a.maxWithdrawAmount,
    assets: [a],
    positions,
  };
}

export function leverageBrackets(symbols: string[]): Record<string, unknown>[] {
  return symbols.map((symbol) => ({
    symbol,
    notionalCoef: 1,
    brackets: bracketsFor(symbol).map((b) => ({
      bracket: b.bracket,
      initialLeverage: b.initialLeverage,
      notionalCap: b.notionalCap.toNumber(),
      notionalFloor: b.notionalFloor.toNumber(),
      maintMarginRatio: b.maintMarginRatio.toNumber(),
      cum: b.cum.toNumber(),
    })),
  }));
}

export function orderTradeUpdate(order: Order, fill: Fill | null, now: number): Record<string, unknown> {
  const o = futuresOrder(order);
  return {
    e: 'ORDER_TRADE_UPDATE',
    E: now,
    T: now,
    o: {
      s: order.symbol,
      c: order.clientOrderId,
      S: order.side,
      o: order.type,
      f: 'GTC',
      q: order.origQty,
      p: order.price,
      ap: o.avgPrice,
      sp: '0',
      x: fill ? 'TRADE' : order.status === 'NEW' ? 'NEW' : order.status,
      X: order.status,
      i: order.orderId,
      l: fill?.qty ?? '0',
      z: order.executedQty,
      L: fill?.price ?? '0',
      N: fill?.commissionAsset ?? 'USDT',
      n: fill?.commission ?? '0',
      T: order.updateTime,
      t: fill?.tradeId ?? 0,
      b: '0',
      a: '0',
      m: fill?.maker ?? false,
      R: order.reduceOnly,
      wt: 'CONTRACT_PRICE',
      ot: order.type,
      ps: 'BOTH',
      cp: false,
      rp: fill?.realizedPnl ?? '0',
      pP: false,
      si: 0,
      ss: 0,
      V: 'EXPIRE_MAKER',
      pm: 'NONE',
      gtd: 0,
    },
  };
}

/**
 * Binance's ACCOUNT_UPDATE: the wallet, and the position that changed (`symbol`; pa "0" once it
 * closed), or every open one for a wallet-only change.
 */
export function accountUpdate(
  book: PriceBook,
  account: Account,
  reason: string,
  now: number,
  symbol?: string,
): Record<string, unknown> {
  const positions = account.futures.positions;
  const changed = symbol === undefined ? [...positions.values()] : [positions.get(symbol) ?? null];
  const P = changed.map((p) =>
    p === null
      ? { s: symbol, pa: '0', ep: '0', bep: '0', cr: '0', up: '0', mt: 'isolated', iw: '0', ps: 'BOTH' }
      : {
          s: p.symbol,
          pa: p.amount.toFixed(),
          ep: p.entryPrice.toFixed(),
          bep: p.entryPrice.toFixed(),
          cr: '0',
          up: figures(book, p).unrealized.toFixed(),
          mt: 'isolated',
          iw: p.isolatedMargin.toFixed(),
          ps: 'BOTH',
        },
  );
  const wallet = account.futures.wallet.toFixed();
  return { e: 'ACCOUNT_UPDATE', E: now, T: now, a: { m: reason, B: [{ a: 'USDT', wb: wallet, cw: wallet, bc: '0' }], P } };
}
