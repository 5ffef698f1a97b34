/** Binance raw JSON (as ccxt's implicit methods return it) -> the gateway's shapes. */
import { Decimal } from '../../common/money';
import type { Kline } from '../../common/api/exchange';
import type {
  Balances,
  Fill,
  FuturesLiquidation,
  FuturesPosition,
  LeverageBracket,
  Market,
  MarketInfo,
  OrderState,
  TransferRecord,
} from './core/gateway';

type Row = Record<string, unknown>;
const str = (v: unknown, fallback = '0'): string => (v === undefined || v === null ? fallback : String(v));

/** Trailing zeros off ("0.01000000" -> "0.01"), keeping decimal strings exact. */
export function trim(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

export function parseMarkets(info: unknown): MarketInfo[] {
  const symbols = ((info as Row).symbols ?? []) as Row[];
  return symbols
    .filter((s) => s.status === 'TRADING' && s.quoteAsset === 'USDT')
    .map((s) => {
      const filters = (s.filters ?? []) as Row[];
      const f = (type: string) => filters.find((x) => x.filterType === type) ?? {};
      const notional = f('MIN_NOTIONAL').minNotional ?? f('MIN_NOTIONAL').notional ?? f('NOTIONAL').minNotional;
      return {
        symbol: str(s.symbol),
        base: str(s.baseAsset),
        quote: str(s.quoteAsset),
        tickSize: trim(str(f('PRICE_FILTER').tickSize)),
        stepSize: trim(str(f('LOT_SIZE').stepSize)),
        minQty: trim(str(f('LOT_SIZE').minQty)),
        minNotional: trim(str(notional)),
      };
    });
}

export function parseSpotBalances(account: unknown): Balances {
  const out: Balances = {};
  for (const b of ((account as Row).balances ?? []) as Row[]) {
    const total = new Decimal(str(b.free)).plus(str(b.locked));
    if (total.isZero()) continue;
    out[str(b.asset)] = { free: trim(str(b.free)), total: total.toFixed() };
  }
  return out;
}

export function parseFuturesBalances(account: unknown): Balances {
  const out: Balances = {};
  for (const a of ((account as Row).assets ?? []) as Row[]) {
    const free = trim(str(a.availableBalance));
    const total = trim(str(a.walletBalance));
    if (free === '0' && total === '0') continue;
    out[str(a.asset)] = { free, total };
  }
  return out;
}

const STATUS: Record<string, OrderState['status']> = {
  NEW: 'open',
  PARTIALLY_FILLED: 'open',
  FILLED: 'closed',
  CANCELED: 'canceled',
  EXPIRED: 'expired',
  REJECTED: 'rejected',
  EXPIRED_IN_MATCH: 'expired',
  PENDING_CANCEL: 'open',
};

export function parseOrder(o: unknown): OrderState {
  const r = o as Row;
  const price = trim(str(r.price, '0'));
  return {
    id: str(r.orderId),
    clientOrderId: str(r.clientOrderId),
    symbol: str(r.symbol),
    side: str(r.side).toLowerCase() === 'sell' ? 'sell' : 'buy',
    type: str(r.type).toLowerCase(),
    status: STATUS[str(r.status)] ?? 'open',
    price: price === '0' ? null : price,
    quantity: trim(str(r.origQty)),
    filled: trim(str(r.executedQty)),
    cost: trim(str(r.cummulativeQuoteQty ?? r.cumQuote)),
    ...(Array.isArray(r.fills) ? { trades: parseOrderFills(r) } : {}),
  };
}

/** The `fills` of a spot FULL order response, as trades of that order. */
function parseOrderFills(r: Row): Fill[] {
  const side = str(r.side).toLowerCase() === 'sell' ? 'sell' : 'buy';
  return (r.fills as Row[]).map((f) => ({
    id: str(f.tradeId),
    orderId: str(r.orderId),
    symbol: str(r.symbol),
    side,
    price: trim(str(f.price)),
    quantity: trim(str(f.qty)),
    fee: trim(str(f.commission)),
    feeAsset: str(f.commissionAsset),
    time: Number(r.transactTime ?? r.updateTime ?? 0),
  }));
}

export function parseFills(rows: unknown): Fill[] {
  return (rows as Row[]).map((t) => ({
    id: str(t.id),
    orderId: str(t.orderId),
    symbol: str(t.symbol),
    side: t.isBuyer === true || str(t.side).toUpperCase() === 'BUY' ? 'buy' : 'sell',
    price: trim(str(t.price)),
    quantity: trim(str(t.qty)),
    fee: trim(str(t.commission)),
    feeAsset: str(t.commissionAsset),
    time: Number(t.time),
  }));
}

export function parseKlines(rows: unknown): Kline[] {
  return (rows as unknown[][]).map((k) => ({
    time: Math.floor(Number(k[0]) / 1000),
    open: trim(str(k[1])),
    high: trim(str(k[2])),
    low: trim(str(k[3])),
    close: trim(str(k[4])),
    volume: trim(str(k[5])),
  }));
}

const TRANSFER_DIRECTIONS: Record<string, [Market, Market]> = {
  MAIN_UMFUTURE: ['spot', 'futures'],
  UMFUTURE_MAIN: ['futures', 'spot'],
};
const TRANSFER_STATUS: Record<string, TransferRecord['status']> = {
  CONFIRMED: 'confirmed',
  PENDING: 'pending',
  FAILED: 'failed',
};

/** GET sapi/v1/asset/transfer -> {total, rows:[{asset, amount, type, status, tranId, timestamp}]}. */
export function parseTransfers(page: unknown): TransferRecord[] {
  return (((page as Row).rows ?? []) as Row[]).flatMap((r) => {
    const direction = TRANSFER_DIRECTIONS[str(r.type)];
    if (!direction) return [];
    return [
      {
        id: str(r.tranId),
        asset: str(r.asset),
        amount: trim(str(r.amount)),
        from: direction[0],
        to: direction[1],
        time: Number(r.timestamp),
        status: TRANSFER_STATUS[str(r.status)] ?? 'pending',
      },
    ];
  });
}

/**
 * GET fapi/v2/positionRisk -> the symbol's position, or null when flat. Binance lists a row per
 * symbol (and side, in hedge mode) even with nothing held, so a zero positionAmt means no position.
 */
export function parseFuturesPosition(rows: unknown, symbol: string): FuturesPosition | null {
  const list = (Array.isArray(rows) ? rows : [rows]) as Row[];
  const row = list.find((r) => r && str(r.symbol) === symbol && !new Decimal(str(r.positionAmt)).isZero());
  if (!row) return null;
  return {
    symbol,
    quantity: trim(str(row.positionAmt)),
    entryPrice: trim(str(row.entryPrice)),
    isolatedWallet: trim(str(row.isolatedWallet)),
    liquidationPrice: trim(str(row.liquidationPrice)),
    leverage: Number(row.leverage),
    marginType: str(row.marginType).toLowerCase() === 'isolated' ? 'isolated' : 'cross',
  };
}

/** GET fapi/v1/forceOrders -> the symbol's liquidation closes, oldest first. */
export function parseLiquidations(rows: unknown, symbol: string): FuturesLiquidation[] {
  const list = (Array.isArray(rows) ? rows : []) as Row[];
  return list
    .filter((r) => r && str(r.symbol) === symbol && !new Decimal(str(r.executedQty)).isZero())
    .map((r) => ({
      orderId: str(r.orderId),
      symbol,
      quantity: trim(str(r.executedQty)),
      price: trim(str(r.avgPrice)),
      time: Number(r.updateTime ?? r.time),
    }))
    .sort((a, b) => a.time - b.time);
}

/**
 * A figure Binance sends as a JSON number, as a plain decimal string: String() of the double
 * (0.004 -> '0.004'), without an exponent. Big integers: ccxt re-reads a body holding an integer
 * beyond 2^53 with every number quoted as its source digits, so Binance's "no cap" on the last
 * bracket (Long.MAX_VALUE, 9223372036854775807) arrives exact. Where a double did carry it (a
 * parser without that pass, or the simulator, which writes its caps through doubles) it reads
 * '9223372036854776000': as uncapped in practice, and left as the wire said.
 */
function jsonNumber(value: unknown): string {
  return new Decimal(str(value)).toFixed();
}

/**
 * GET fapi/v1/leverageBracket -> the symbol's brackets, lowest notional first. Binance answers a
 * list of {symbol, brackets} (an object alone for one symbol on some versions), its figures JSON
 * numbers.
 */
export function parseLeverageBrackets(body: unknown, symbol: string): LeverageBracket[] {
  const entries = (Array.isArray(body) ? body : [body]) as Row[];
  const entry = entries.find((e) => e && str(e.symbol) === symbol);
  const brackets = ((entry?.brackets ?? []) as Row[]).map((b) => ({
    notionalFloor: jsonNumber(b.notionalFloor),
    notionalCap: jsonNumber(b.notionalCap),
    maintMarginRatio: jsonNumber(b.maintMarginRatio),
    cum: jsonNumber(b.cum),
    initialLeverage: Number(b.initialLeverage),
  }));
  return brackets.sort((a, b) => new Decimal(a.notionalFloor).cmp(b.notionalFloor));
}
