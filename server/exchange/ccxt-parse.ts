/** Binance raw JSON (as ccxt's implicit methods return it) -> the gateway's shapes. */
import { Decimal } from '../../common/decimal';
import type { Kline } from '../../common/api/exchange';
import type { Balances, Fill, Market, MarketInfo, OrderState, TransferRecord } from './gateway';

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
      return { symbol: str(s.symbol), base: str(s.baseAsset), quote: str(s.quoteAsset), tickSize: trim(str(f('PRICE_FILTER').tickSize)),
        stepSize: trim(str(f('LOT_SIZE').stepSize)), minQty: trim(str(f('LOT_SIZE').minQty)), minNotional: trim(str(notional)) };
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
  NEW: 'open', PARTIALLY_FILLED: 'open', FILLED: 'closed', CANCELED: 'canceled', EXPIRED: 'expired', REJECTED: 'rejected',
  EXPIRED_IN_MATCH: 'expired', PENDING_CANCEL: 'open',
};

export function parseOrder(o: unknown): OrderState {
  const r = o as Row;
  const price = trim(str(r.price, '0'));
  return {
    id: str(r.orderId), clientOrderId: str(r.clientOrderId), symbol: str(r.symbol),
    side: str(r.side).toLowerCase() === 'sell' ? 'sell' : 'buy', type: str(r.type).toLowerCase(),
    status: STATUS[str(r.status)] ?? 'open', price: price === '0' ? null : price,
    quantity: trim(str(r.origQty)), filled: trim(str(r.executedQty)),
    cost: trim(str(r.cummulativeQuoteQty ?? r.cumQuote)),
    ...(Array.isArray(r.fills) ? { trades: parseOrderFills(r) } : {}),
  };
}

/** The `fills` of a spot FULL order response, as trades of that order. */
function parseOrderFills(r: Row): Fill[] {
  const side = str(r.side).toLowerCase() === 'sell' ? 'sell' : 'buy';
  return (r.fills as Row[]).map((f) => ({
    id: str(f.tradeId), orderId: str(r.orderId), symbol: str(r.symbol), side,
    price: trim(str(f.price)), quantity: trim(str(f.qty)), fee: trim(str(f.commission)), feeAsset: str(f.commissionAsset),
    time: Number(r.transactTime ?? r.updateTime ?? 0),
  }));
}

export function parseFills(rows: unknown): Fill[] {
  return (rows as Row[]).map((t) => ({
    id: str(t.id), orderId: str(t.orderId), symbol: str(t.symbol),
    side: t.isBuyer === true || str(t.side).toUpperCase() === 'BUY' ? 'buy' : 'sell',
    price: trim(str(t.price)), quantity: trim(str(t.qty)), fee: trim(str(t.commission)), feeAsset: str(t.commissionAsset),
    time: Number(t.time),
  }));
}

export function parseKlines(rows: unknown): Kline[] {
  return (rows as unknown[][]).map((k) => ({
    time: Math.floor(Number(k[0]) / 1000), open: trim(str(k[1])), high: trim(str(k[2])), low: trim(str(k[3])),
    close: trim(str(k[4])), volume: trim(str(k[5])),
  }));
}

const TRANSFER_DIRECTIONS: Record<string, [Market, Market]> = { MAIN_UMFUTURE: ['spot', 'futures'], UMFUTURE_MAIN: ['futures', 'spot'] };
const TRANSFER_STATUS: Record<string, TransferRecord['status']> = { CONFIRMED: 'confirmed', PENDING: 'pending', FAILED: 'failed' };

/** GET sapi/v1/asset/transfer -> {total, rows:[{asset, amount, type, status, tranId, timestamp}]}. */
export function parseTransfers(page: unknown): TransferRecord[] {
  return (((page as Row).rows ?? []) as Row[]).flatMap((r) => {
    const direction = TRANSFER_DIRECTIONS[str(r.type)];
    if (!direction) return [];
    return [{ id: str(r.tranId), asset: str(r.asset), amount: trim(str(r.amount)), from: direction[0], to: direction[1],
      time: Number(r.timestamp), status: TRANSFER_STATUS[str(r.status)] ?? 'pending' }];
  });
}
