/** Raw Binance market-data shapes: exchangeInfo, tickers, klines, depth and stream events. */
import { type Candle } from '../history';
import { hash01, stringSeed } from '../rng';
import { Decimal, roundToStep } from '../num';
import { type PriceBook, type Stats24h } from '../prices';
import { type SymbolSpec } from '../types';
import { type WeightLimits } from '../weights';

function rateLimits(requestWeight: number): Record<string, unknown>[] {
  return [
    { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: requestWeight },
    { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 100 },
    { rateLimitType: 'ORDERS', interval: 'DAY', intervalNum: 1, limit: 200000 },
    { rateLimitType: 'RAW_REQUESTS', interval: 'MINUTE', intervalNum: 5, limit: 61000 },
  ];
}

function spotSymbol(s: SymbolSpec): Record<string, unknown> {
  return {
    symbol: s.symbol,
    status: 'TRADING',
    baseAsset: s.base,
    baseAssetPrecision: 8,
    quoteAsset: s.quote,
    quotePrecision: 8,
    quoteAssetPrecision: 8,
    baseCommissionPrecision: 8,
    quoteCommissionPrecision: 8,
    orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT_LIMIT'],
    icebergAllowed: true,
    ocoAllowed: true,
    otoAllowed: true,
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: false,
    cancelReplaceAllowed: false,
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: s.tickSize, maxPrice: s.maxPrice, tickSize: s.tickSize },
      { filterType: 'LOT_SIZE', minQty: s.minQty, maxQty: s.maxQty, stepSize: s.stepSize },
      { filterType: 'MIN_NOTIONAL', minNotional: s.minNotional, applyToMarket: true, avgPriceMins: 5 },
      {
        filterType: 'NOTIONAL',
        minNotional: s.minNotional,
        applyMinToMarket: true,
        maxNotional: '9000000.00000000',
        applyMaxToMarket: false,
        avgPriceMins: 5,
      },
    ],
    permissions: [],
    permissionSets: [['SPOT']],
    defaultSelfTradePreventionMode: 'EXPIRE_MAKER',
    allowedSelfTradePreventionModes: ['EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH'],
  };
}

function futuresSymbol(s: SymbolSpec): Record<string, unknown> {
  const lot = { minQty: s.minQty, maxQty: s.maxQty, stepSize: s.stepSize };
  return {
    symbol: s.symbol,
    pair: s.symbol,
    contractType: 'PERPETUAL',
    deliveryDate: 4133404800000,
    onboardDate: 1569398400000,
    status: 'TRADING',
    maintMarginPercent: '2.5000',
    requiredMarginPercent: '5.0000',
    baseAsset: s.base,
    quoteAsset: s.quote,
    marginAsset: s.quote,
    pricePrecision: s.priceDecimals,
    quantityPrecision: s.qtyDecimals,
    baseAssetPrecision: 8,
    quotePrecision: 8,
    underlyingType: 'COIN',
    underlyingSubType: [],
    triggerProtect: '0.0500',
    liquidationFee: '0.012500',
    marketTakeBound: '0.05',
    maxMoveOrderLimit: 10000,
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: s.tickSize, maxPrice: s.maxPrice, tickSize: s.tickSize },
      { filterType: 'LOT_SIZE', ...lot },
      { filterType: 'MARKET_LOT_SIZE', ...lot },
      { filterType: 'MAX_NUM_ORDERS', limit: 200 },
      { filterType: 'MIN_NOTIONAL', notional: s.minNotional },
    ],
    orderTypes: ['LIMIT', 'MARKET'],
    timeInForce: ['GTC', 'IOC', 'FOK', 'GTX'],
  };
}

export function spotExchangeInfo(book: PriceBook, limits: WeightLimits, now: number, only?: string[]): Record<string, unknown> {
  const specs = [...book.specs.values()].filter((s) => !only || only.includes(s.symbol));
  return {
    timezone: 'UTC',
    serverTime: now,
    rateLimits: rateLimits(limits.spot),
    exchangeFilters: [],
    symbols: specs.map(spotSymbol),
  };
}

export function futuresExchangeInfo(book: PriceBook, limits: WeightLimits, now: number): Record<string, unknown> {
  return {
    timezone: 'UTC',
    serverTime: now,
    futuresType: 'U_MARGINED',
    rateLimits: rateLimits(limits.futures),
    exchangeFilters: [],
    assets: [{ asset: 'USDT', marginAvailable: true, autoAssetExchange: '-10000' }],
    symbols: [...book.specs.values()].map(futuresSymbol),
  };
}

export function emptyExchangeInfo(now: number): Record<string, unknown> {
  return { timezone: 'UTC', serverTime: now, rateLimits: [], exchangeFilters: [], symbols: [] };
}

/** A one-tick spread around the last price: market orders trade at the last price. */
export function bidAsk(spec: SymbolSpec, last: Decimal): { bid: string; ask: string } {
  return { bid: Decimal.max(spec.tickSize, last.sub(spec.tickSize)).toFixed(), ask: last.add(spec.tickSize).toFixed() };
}

export function ticker24hr(spec: SymbolSpec, s: Stats24h): Record<string, unknown> {
  const change = s.last.sub(s.open);
  const { bid, ask } = bidAsk(spec, s.last);
  return {
    symbol: spec.symbol,
    priceChange: change.toFixed(),
    priceChangePercent: change.div(s.open).mul(100).toFixed(3),
    weightedAvgPrice: s.volume.isZero() ? s.last.toFixed() : s.quoteVolume.div(s.volume).toFixed(spec.priceDecimals),
    prevClosePrice: s.open.toFixed(),
    lastPrice: s.last.toFixed(),
    lastQty: '0',
    bidPrice: bid,
    bidQty: '1',
    askPrice: ask,
    askQty: '1',
    openPrice: s.open.toFixed(),
    highPrice: s.high.toFixed(),
    lowPrice: s.low.toFixed(),
    volume: s.volume.toFixed(),
    quoteVolume: s.quoteVolume.toFixed(2),
    openTime: s.openTime,
    closeTime: s.closeTime,
    firstId: 0,
    lastId: s.trades,
    count: s.trades,
  };
}

export function klineRow(c: Candle): unknown[] {
  return [
    c.openTime,
    c.open.toFixed(),
    c.high.toFixed(),
    c.low.toFixed(),
    c.close.toFixed(),
    c.volume.toFixed(),
    c.closeTime,
    c.quoteVolume.toFixed(),
    c.trades,
    c.volume.div(2).toFixed(),
    c.quoteVolume.div(2).toFixed(),
    '0',
  ];
}

/** A synthetic order book: `limit` levels each side, spaced ~1 bp apart, sizes from a hash. */
export function depth(spec: SymbolSpec, last: Decimal, limit: number, updateId: number): Record<string, unknown> {
  const gap = Decimal.max(spec.tickSize, roundToStep(last.mul('0.0001'), spec.tickSize));
  const seed = stringSeed(spec.symbol);
  const level = (k: number, side: number): [string, string] => {
    const price = last.add(gap.mul(k + 1).mul(side));
    const notional = 200 + 5000 * hash01(seed, updateId + k, side);
    return [
      price.toFixed(),
      Decimal.max(spec.stepSize, roundToStep(new Decimal(notional.toFixed(2)).div(price), spec.stepSize)).toFixed(),
    ];
  };
  const bids = Array.from({ length: limit }, (_, k) => level(k, -1)).filter(([p]) => new Decimal(p).gt(0));
  return { lastUpdateId: updateId, bids, asks: Array.from({ length: limit }, (_, k) => level(k, 1)) };
}

export function miniTickerEvent(symbol: string, s: Stats24h, now: number): Record<string, unknown> {
  return {
    e: '24hrMiniTicker',
    E: now,
    s: symbol,
    c: s.last.toFixed(),
    o: s.open.toFixed(),
    h: s.high.toFixed(),
    l: s.low.toFixed(),
    v: s.volume.toFixed(),
    q: s.quoteVolume.toFixed(2),
  };
}

export function tickerEvent(spec: SymbolSpec, s: Stats24h, now: number): Record<string, unknown> {
  const t = ticker24hr(spec, s);
  return {
    e: '24hrTicker',
    E: now,
    s: spec.symbol,
    p: t.priceChange,
    P: t.priceChangePercent,
    w: t.weightedAvgPrice,
    x: t.prevClosePrice,
    c: t.lastPrice,
    Q: '0',
    b: t.bidPrice,
    B: '1',
    a: t.askPrice,
    A: '1',
    o: t.openPrice,
    h: t.highPrice,
    l: t.lowPrice,
    v: t.volume,
    q: t.quoteVolume,
    O: s.openTime,
    C: s.closeTime,
    F: 0,
    L: s.trades,
    n: s.trades,
  };
}

export function klineEvent(symbol: string, interval: string, c: Candle, now: number): Record<string, unknown> {
  return {
    e: 'kline',
    E: now,
    s: symbol,
    k: {
      t: c.openTime,
      T: c.closeTime,
      s: symbol,
      i: interval,
      f: 0,
      L: c.trades,
      o: c.open.toFixed(),
      c: c.close.toFixed(),
      h: c.high.toFixed(),
      l: c.low.toFixed(),
      v: c.volume.toFixed(),
      n: c.trades,
      x: now > c.closeTime,
      q: c.quoteVolume.toFixed(),
      V: c.volume.div(2).toFixed(),
      Q: c.quoteVolume.div(2).toFixed(),
      B: '0',
    },
  };
}
