/** Reading a saved simulator state back: each field checked, a bad one named by its path (persistence.ts). */
import { type Account, type Balance, type Position, type Transfer } from './accounts';
import { Decimal } from './num';
import { type Fill, type Market, type Order } from './types';

export class StateError extends Error {}

function fail(path: string, expected: string): never {
  throw new StateError(`${path}: expected ${expected}`);
}

export function record(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'an object');
  return value as Record<string, unknown>;
}

export function list(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) fail(path, 'an array');
  return value;
}

export function int(value: unknown, path: string): number {
  if (!Number.isSafeInteger(value)) fail(path, 'an integer');
  return value as number;
}

function text(value: unknown, path: string): string {
  if (typeof value !== 'string') fail(path, 'a string');
  return value;
}

function bool(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') fail(path, 'true or false');
  return value;
}

function oneOf<T extends string>(value: unknown, path: string, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) fail(path, `one of ${allowed.join(', ')}`);
  return value as T;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

export function decimalText(value: unknown, path: string): string {
  if (typeof value !== 'string' || !DECIMAL.test(value)) fail(path, 'a decimal string');
  return value;
}

export function decimal(value: unknown, path: string): Decimal {
  return new Decimal(decimalText(value, path));
}

function readFill(value: unknown, path: string): Fill {
  const f = record(value, path);
  const out: Fill = {
    tradeId: int(f.tradeId, `${path}.tradeId`),
    orderId: int(f.orderId, `${path}.orderId`),
    symbol: text(f.symbol, `${path}.symbol`),
    side: oneOf(f.side, `${path}.side`, ['BUY', 'SELL']),
    price: decimalText(f.price, `${path}.price`),
    qty: decimalText(f.qty, `${path}.qty`),
    quoteQty: decimalText(f.quoteQty, `${path}.quoteQty`),
    commission: decimalText(f.commission, `${path}.commission`),
    commissionAsset: text(f.commissionAsset, `${path}.commissionAsset`),
    time: int(f.time, `${path}.time`),
    maker: bool(f.maker, `${path}.maker`),
  };
  if (f.realizedPnl !== undefined) out.realizedPnl = decimalText(f.realizedPnl, `${path}.realizedPnl`);
  return out;
}

function readOrder(value: unknown, path: string, trades: Record<Market, Map<number, Fill>>): Order {
  const o = record(value, path);
  const market = oneOf(o.market, `${path}.market`, ['spot', 'futures']);
  const fills = list(o.fills, `${path}.fills`).map((id, i) => {
    const found = trades[market].get(int(id, `${path}.fills[${i}]`));
    if (!found) fail(`${path}.fills[${i}]`, `a trade id of the account's ${market} trades`);
    return found;
  });
  return {
    market,
    orderId: int(o.orderId, `${path}.orderId`),
    clientOrderId: text(o.clientOrderId, `${path}.clientOrderId`),
    symbol: text(o.symbol, `${path}.symbol`),
    side: oneOf(o.side, `${path}.side`, ['BUY', 'SELL']),
    type: oneOf(o.type, `${path}.type`, ['MARKET', 'LIMIT']),
    price: decimalText(o.price, `${path}.price`),
    origQty: decimalText(o.origQty, `${path}.origQty`),
    executedQty: decimalText(o.executedQty, `${path}.executedQty`),
    cumQuote: decimalText(o.cumQuote, `${path}.cumQuote`),
    origQuoteOrderQty: decimalText(o.origQuoteOrderQty, `${path}.origQuoteOrderQty`),
    status: oneOf(o.status, `${path}.status`, ['NEW', 'PARTIALLY_FILLED', 'FILLED', 'CANCELED', 'EXPIRED']),
    time: int(o.time, `${path}.time`),
    updateTime: int(o.updateTime, `${path}.updateTime`),
    reduceOnly: bool(o.reduceOnly, `${path}.reduceOnly`),
    fills,
    reserved: decimalText(o.reserved, `${path}.reserved`),
  };
}

function readPosition(value: unknown, path: string): Position {
  const p = record(value, path);
  return {
    symbol: text(p.symbol, `${path}.symbol`),
    amount: decimal(p.amount, `${path}.amount`),
    entryPrice: decimal(p.entryPrice, `${path}.entryPrice`),
    isolatedMargin: decimal(p.isolatedMargin, `${path}.isolatedMargin`),
    updateTime: int(p.updateTime, `${path}.updateTime`),
  };
}

function readTransfer(value: unknown, path: string): Transfer {
  const t = record(value, path);
  return {
    tranId: int(t.tranId, `${path}.tranId`),
    type: oneOf(t.type, `${path}.type`, ['MAIN_UMFUTURE', 'UMFUTURE_MAIN']),
    asset: text(t.asset, `${path}.asset`),
    amount: decimal(t.amount, `${path}.amount`),
    timestamp: int(t.timestamp, `${path}.timestamp`),
    status: oneOf(t.status, `${path}.status`, ['CONFIRMED']),
  };
}

function readIpRestrict(value: unknown, path: string): boolean | string[] {
  if (typeof value === 'boolean') return value;
  return list(value, path).map((ip, i) => text(ip, `${path}[${i}]`));
}

export function readAccount(value: unknown, path: string): Account {
  const a = record(value, path);
  const tradesIn = record(a.trades, `${path}.trades`);
  const trades = {
    spot: list(tradesIn.spot, `${path}.trades.spot`).map((f, i) => readFill(f, `${path}.trades.spot[${i}]`)),
    futures: list(tradesIn.futures, `${path}.trades.futures`).map((f, i) => readFill(f, `${path}.trades.futures[${i}]`)),
  };
  const tradeIndex = {
    spot: new Map(trades.spot.map((f) => [f.tradeId, f])),
    futures: new Map(trades.futures.map((f) => [f.tradeId, f])),
  };
  const orders = new Map<number, Order>();
  list(a.orders, `${path}.orders`).forEach((o, i) => {
    const restored = readOrder(o, `${path}.orders[${i}]`, tradeIndex);
    orders.set(restored.orderId, restored);
  });
  const orderById = (id: unknown, at: string): Order =>
    orders.get(int(id, at)) ?? fail(at, "the id of one of the account's orders");
  const open = new Map<number, Order>();
  list(a.open, `${path}.open`).forEach((id, i) => {
    const o = orderById(id, `${path}.open[${i}]`);
    open.set(o.orderId, o);
  });
  const byClientId = new Map(
    Object.entries(record(a.byClientId, `${path}.byClientId`)).map(([key, id]) => [
      key,
      orderById(id, `${path}.byClientId.${key}`),
    ]),
  );
  const balances = new Map<string, Balance>(
    Object.entries(record(a.balances, `${path}.balances`)).map(([asset, raw]) => {
      const b = record(raw, `${path}.balances.${asset}`);
      return [
        asset,
        {
          free: decimal(b.free, `${path}.balances.${asset}.free`),
          locked: decimal(b.locked, `${path}.balances.${asset}.locked`),
        },
      ];
    }),
  );
  const f = record(a.futures, `${path}.futures`);
  const positions = new Map(
    list(f.positions, `${path}.futures.positions`)
      .map((p, i) => readPosition(p, `${path}.futures.positions[${i}]`))
      .map((p) => [p.symbol, p]),
  );
  const leverage = new Map(
    Object.entries(record(f.leverage, `${path}.futures.leverage`)).map(([symbol, lev]) => [
      symbol,
      int(lev, `${path}.futures.leverage.${symbol}`),
    ]),
  );
  const marginType = new Map(
    Object.entries(record(f.marginType, `${path}.futures.marginType`)).map(([symbol, type]) => [
      symbol,
      oneOf<'ISOLATED' | 'CROSSED'>(type, `${path}.futures.marginType.${symbol}`, ['ISOLATED', 'CROSSED']),
    ]),
  );
  return {
    uid: int(a.uid, `${path}.uid`),
    apiKey: text(a.apiKey, `${path}.apiKey`),
    secretKey: text(a.secretKey, `${path}.secretKey`),
    canWithdraw: bool(a.canWithdraw, `${path}.canWithdraw`),
    ipRestrict: readIpRestrict(a.ipRestrict, `${path}.ipRestrict`),
    createdAt: int(a.createdAt, `${path}.createdAt`),
    balances,
    futures: { wallet: decimal(f.wallet, `${path}.futures.wallet`), positions, leverage, marginType },
    orders,
    open,
    byClientId,
    trades,
    transfers: list(a.transfers, `${path}.transfers`).map((t, i) => readTransfer(t, `${path}.transfers[${i}]`)),
  };
}
