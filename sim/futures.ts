/**
 * USD-M futures, long only, isolated margin. A BUY opens or adds to the long (margin =
 * notional / leverage moves into the position's isolated wallet); a SELL reduces it and realises
 * pnl. Fees are feeRate of the notional, paid from the wallet. Limit orders follow the spot
 * rules (marketable at placement: fill at the price; resting: fill at the limit when crossed, or
 * in part first when the control API says so, fillPartially).
 * A position is liquidated when the mark price reaches its liquidation price (liquidation.ts):
 * its isolated wallet is lost.
 */
import { type Account, DEFAULT_LEVERAGE, type Position } from './accounts';
import { completeWithFill, type EngineContext, MatchingEngine, recordFill, register, remaining } from './context';
import { checkOrderFilters } from './filters';
import { bracketsFor, isolatedLongLiquidationPrice } from './liquidation';
import { addToLong, D, maxPositionAt, reduceLong, type LongPosition } from '../trading/index';
import { Decimal, ZERO, parseDecimal } from './num';
import { missingParameter, SimError, type NewOrder, type Order } from './types';

export const MAX_LEVERAGE = 10;
/** Binance's client order id of the order that liquidates a position ('autoclose-<time>'). */
export const LIQUIDATION_ORDER_PREFIX = 'autoclose-';

/** The position in the grid core's terms: both book it with the same arithmetic (trading/core/futures.ts). */
function longOf(p: Position): LongPosition {
  return { qty: new D(p.amount), entryPrice: new D(p.entryPrice), margin: new D(p.isolatedMargin) };
}

function setLong(p: Position, long: LongPosition): void {
  p.amount = long.qty;
  p.entryPrice = long.entryPrice;
  p.isolatedMargin = long.margin;
}

function marginInsufficient(): SimError {
  return new SimError(-2019, 'Margin is insufficient.');
}

export class FuturesEngine extends MatchingEngine {
  private readonly holders = new Map<string, Map<number, Account>>();

  constructor(ctx: EngineContext) {
    super(ctx, 'futures');
  }

  leverage(account: Account, symbol: string): number {
    return account.futures.leverage.get(symbol) ?? DEFAULT_LEVERAGE;
  }

  setLeverage(account: Account, symbol: string, leverage: number): void {
    this.ctx.book.spec(symbol);
    if (!Number.isInteger(leverage) || leverage < 1 || leverage > MAX_LEVERAGE) {
      throw new SimError(-4028, `Leverage ${leverage} is not valid`);
    }
    account.futures.leverage.set(symbol, leverage);
    this.ctx.events.futuresConfig(account, symbol);
  }

  setMarginType(account: Account, symbol: string, type: string): void {
    this.ctx.book.spec(symbol);
    if (type !== 'ISOLATED' && type !== 'CROSSED') throw new SimError(-1116, 'Invalid marginType.');
    const current = account.futures.marginType.get(symbol) ?? 'ISOLATED';
    if (current === type) throw new SimError(-4046, 'No need to change margin type.');
    throw new SimError(-4047, 'The simulator supports ISOLATED margin only.');
  }

  /** Wallet minus isolated wallets of positions and margin held by resting orders. */
  available(account: Account): Decimal {
    let used = ZERO;
    for (const p of account.futures.positions.values()) used = used.add(p.isolatedMargin);
    for (const o of account.open.values()) if (o.market === 'futures') used = used.add(o.reserved);
    return account.futures.wallet.sub(used);
  }

  /** A buy may not grow the long past what its leverage's brackets allow (Binance: -2027). */
  private checkPositionLimit(account: Account, symbol: string, qty: Decimal, price: Decimal): void {
    const held = account.futures.positions.get(symbol)?.amount ?? ZERO;
    const max = maxPositionAt(
      bracketsFor(symbol).map((b) => ({ notionalCap: b.notionalCap.toFixed(), initialLeverage: b.initialLeverage })),
      this.leverage(account, symbol),
    );
    if (max === null || held.add(qty).mul(price).gt(max))
      throw new SimError(-2027, 'Exceeded the maximum allowable position at current leverage.');
  }

  liquidationPrice(p: Position): Decimal {
    return isolatedLongLiquidationPrice(p.symbol, p.amount, p.entryPrice, p.isolatedMargin);
  }

  place(account: Account, req: NewOrder): Order {
    const spec = this.ctx.book.spec(req.symbol);
    const current = this.ctx.book.price(req.symbol);
    const qty = parseDecimal(req.quantity);
    if (!qty) throw missingParameter('quantity');
    const limit = req.type === 'LIMIT' ? parseDecimal(req.price) : null;
    if (req.type === 'LIMIT' && !limit) throw missingParameter('price');
    checkOrderFilters(spec, limit ?? current, qty, limit !== null);
    this.checkSide(account, req, qty);
    if (req.side === 'BUY') this.checkPositionLimit(account, req.symbol, qty, limit ?? current);
    const marketable = !limit || (req.side === 'BUY' ? limit.gte(current) : limit.lte(current));
    const order = this.newOrder(account, req, limit, qty);
    if (marketable) {
      this.fill(account, order, current, false);
      return order;
    }
    const lev = this.leverage(account, req.symbol);
    const reserve = req.side === 'BUY' ? limit!.mul(qty).div(lev).add(limit!.mul(qty).mul(this.ctx.feeRate)) : ZERO;
    if (this.available(account).lt(reserve)) throw marginInsufficient();
    order.reserved = reserve.toFixed();
    this.resting.add(account, order);
    this.ctx.events.order(account, order, null);
    return order;
  }

  /** A canceled order's margin is free again once it is no longer open (available() counts open orders): no balance moves. */
  protected release(): string[] {
    return [];
  }

  /**
   * Executes `quantity` of a resting order at its limit, as a maker trade; it rests on for the
   * rest (control API). The part's share of the margin it reserved is freed for the position it
   * opens (the last execution frees what is left: onPrice takes the order out of the open ones).
   */
  fillPartially(account: Account, clientOrderId: string, quantity: string): Order {
    const { order, qty } = this.partialFillOf(account, clientOrderId, quantity);
    const reserved = new Decimal(order.reserved);
    order.reserved = reserved.sub(reserved.mul(qty).div(remaining(order))).toFixed();
    try {
      this.fill(account, order, new Decimal(order.price), true, qty);
    } catch (error) {
      order.reserved = reserved.toFixed();
      throw error;
    }
    return order;
  }

  /** Puts a restored position under liquidation watch (persistence.ts). */
  restorePosition(account: Account, symbol: string): void {
    this.hold(symbol, account, true);
  }

  /** Fills crossed resting orders, then liquidates positions the price has reached. */
  onPrice(symbol: string, price: Decimal): void {
    const book = this.resting.of(symbol);
    for (const [orderId, { account, order }] of book ?? []) {
      const limit = new Decimal(order.price);
      if (order.side === 'BUY' ? price.gt(limit) : price.lt(limit)) continue;
      book!.delete(orderId);
      account.open.delete(orderId);
      try {
        this.fill(account, order, limit, true);
      } catch {
        order.status = 'EXPIRED';
        this.ctx.events.order(account, order, null);
      }
    }
    for (const account of [...(this.holders.get(symbol)?.values() ?? [])]) {
      const position = account.futures.positions.get(symbol);
      if (position && price.lte(this.liquidationPrice(position))) this.liquidate(account, position);
    }
  }

  private checkSide(account: Account, req: NewOrder, qty: Decimal): void {
    const position = account.futures.positions.get(req.symbol);
    if (req.side === 'SELL' && (!position || position.amount.lt(qty))) {
      if (req.reduceOnly) throw new SimError(-2022, 'ReduceOnly Order is rejected.');
      // Binance (one-way mode) would open a short with the rest; the simulator keeps longs only.
      throw new SimError(-4061, 'The simulator opens no short positions: this sell is larger than the long position.');
    }
    if (req.side === 'BUY' && req.reduceOnly) throw new SimError(-2022, 'ReduceOnly Order is rejected.');
  }

  /** Executes `qty` of the order (all that is left of it unless said) at `price`. */
  private fill(account: Account, order: Order, price: Decimal, maker: boolean, qty = remaining(order)): void {
    const notional = price.mul(qty);
    const fee = notional.mul(this.ctx.feeRate);
    const realizedPnl =
      order.side === 'BUY'
        ? this.open(account, order.symbol, qty, price, fee)
        : this.reduce(account, order.symbol, qty, price, fee);
    register(account, order);
    const fill = recordFill(this.ctx, account, order, price, qty, maker, { realizedPnl: realizedPnl.toFixed() });
    this.ctx.events.order(account, order, fill);
    this.ctx.events.futuresAccount(account, 'ORDER', order.symbol);
    this.ctx.events.trade(order.symbol, fill);
  }

  private open(account: Account, symbol: string, qty: Decimal, price: Decimal, fee: Decimal): Decimal {
    const leverage = this.leverage(account, symbol);
    const p = account.futures.positions.get(symbol) ?? {
      symbol,
      amount: ZERO,
      entryPrice: ZERO,
      isolatedMargin: ZERO,
      updateTime: 0,
    };
    const long = longOf(p);
    addToLong(long, new D(qty), new D(price), leverage);
    if (this.available(account).lt(long.margin.sub(p.isolatedMargin).add(fee))) throw marginInsufficient();
    setLong(p, long);
    p.updateTime = this.ctx.now();
    account.futures.positions.set(symbol, p);
    account.futures.wallet = account.futures.wallet.sub(fee);
    this.hold(symbol, account, true);
    return ZERO;
  }

  private reduce(account: Account, symbol: string, qty: Decimal, price: Decimal, fee: Decimal): Decimal {
    const p = account.futures.positions.get(symbol);
    if (!p || p.amount.lt(qty)) throw new SimError(-2022, 'ReduceOnly Order is rejected.');
    const pnl = price.sub(p.entryPrice).mul(qty);
    const long = longOf(p);
    reduceLong(long, new D(qty));
    setLong(p, long);
    p.updateTime = this.ctx.now();
    account.futures.wallet = account.futures.wallet.add(pnl).sub(fee);
    if (p.amount.isZero()) {
      account.futures.positions.delete(symbol);
      this.hold(symbol, account, false);
    }
    return pnl;
  }

  private liquidate(account: Account, p: Position): void {
    const price = this.liquidationPrice(p);
    const order = this.newOrder(
      account,
      {
        symbol: p.symbol,
        side: 'SELL',
        type: 'MARKET',
        quantity: p.amount.toFixed(),
        clientOrderId: `${LIQUIDATION_ORDER_PREFIX}${this.ctx.now()}`,
      },
      null,
      p.amount,
    );
    order.reduceOnly = true;
    account.futures.wallet = account.futures.wallet.sub(p.isolatedMargin);
    const lost = p.isolatedMargin.neg();
    account.futures.positions.delete(p.symbol);
    this.hold(p.symbol, account, false);
    register(account, order);
    const fill = completeWithFill(this.ctx, account, order, price, false, { realizedPnl: lost.toFixed(), commission: '0' });
    this.ctx.events.order(account, order, fill);
    this.ctx.events.futuresAccount(account, 'LIQUIDATION', p.symbol);
  }

  private hold(symbol: string, account: Account, holding: boolean): void {
    let map = this.holders.get(symbol);
    if (!map) this.holders.set(symbol, (map = new Map()));
    if (holding) map.set(account.uid, account);
    else map.delete(account.uid);
  }
}
