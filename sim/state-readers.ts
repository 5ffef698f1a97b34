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

/** The account's fills by market, and by trade id for its orders to find theirs. */
function readTrades(value: unknown, path: string) {
  const tradesIn = record(value, path);
  const trades = {
    spot: list(tradesIn.spot, `${path}.spot`).map((f, i) => readFill(f, `${path}.spot[${i}]`)),
    futures: list(tradesIn.futures, `${path}.futures`).map((f, i) => readFill(f, `${path}.futures[${i}]`)),
  };
  const tradeIndex = {
    spot: new Map(trades.spot.map((f) => [f.tradeId, f])),
    futures: new Map(trades.futures.map((f) => [f.tradeId, f])),
  };
  return { trades, tradeIndex };
}

/** The account's orders by id, with the open ones and the client ids naming one of them. */
function readOrderBook(a: Record<string, unknown>, path: string, tradeIndex: ReturnType<typeof readTrades>['tradeIndex']) {
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
  return { orders, open, byClientId };
}

function readBalances(value: unknown, path: string): Map<string, Balance> {
  return new Map<string, Balance>(
    Object.entries(record(value, path)).map(([asset, raw]) => {
      const b = record(raw, `${path}.${asset}`);
      return [asset, { free: decimal(b.free, `${path}.${asset}.free`), locked: decimal(b.locked, `${path}.${asset}.locked`) }];
    }),
  );
}

/** The USD-M wallet: its margin, positions, and each symbol's leverage and margin type. */
function readFuturesAccount(value: unknown, path: string): Account['futures'] {
  const f = record(value, path);
  const positions = new Map(
    list(f.positions, `${path}.positions`)
      .map((p, i) => readPosition(p, `${path}.positions[${i}]`))
      .map((p) => [p.symbol, p]),
  );
  const leverage = new Map(
    Object.entries(record(f.leverage, `${path}.leverage`)).map(([symbol, lev]) => [
      symbol,
      int(lev, `${path}.leverage.${symbol}`),
    ]),
  );
  const marginType = new Map(
    Object.entries(record(f.marginType, `${path}.marginType`)).map(([symbol, type]) => [
      symbol,
      oneOf<'ISOLATED' | 'CROSSED'>(type, `${path}.marginType.${symbol}`, ['ISOLATED', 'CROSSED']),
    ]),
  );
  return { wallet: decimal(f.wallet, `${path}.wallet`), positions, leverage, marginType };
}

export function readAccount(value: unknown, path: string): Account {
  const a = record(value, path);
  const { trades, tradeIndex } = readTrades(a.trades, `${path}.trades`);
  return {
    uid: int(a.uid, `${path}.uid`),
    apiKey: text(a.apiKey, `${path}.apiKey`),
    secretKey: text(a.secretKey, `${path}.secretKey`),
    canWithdraw: bool(a.canWithdraw, `${path}.canWithdraw`),
    ipRestrict: readIpRestrict(a.ipRestrict, `${path}.ipRestrict`),
    createdAt: int(a.createdAt, `${path}.createdAt`),
    balances: readBalances(a.balances, `${path}.balances`),
    futures: readFuturesAccount(a.futures, `${path}.futures`),
    ...readOrderBook(a, path, tradeIndex),
    trades,
    transfers: list(a.transfers, `${path}.transfers`).map((t, i) => readTransfer(t, `${path}.transfers[${i}]`)),
  };
}
