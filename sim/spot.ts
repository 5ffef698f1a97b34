/**
 * Spot matching. A market order fills at once at the current price; a limit order that is
 * marketable when placed fills at the current price (taker), otherwise it rests and fills at its
 * own limit price when the price crosses it (maker), whole or, when the control API says so
 * (fillPartially), in part first: PARTIALLY_FILLED, still resting for the rest. The fee is feeRate
 * of the notional in the quote asset, exact: a buy costs notional + fee, a sell yields notional - fee.
 */
import { type Account, credit, debit, lock, spendLocked, unlock } from './accounts';
import { completeWithFill, type EngineContext, MatchingEngine, recordFill, register, remaining } from './context';
import { checkOrderFilters, checkPrecision } from './filters';
import { Decimal, floorToStep, parseDecimal } from './num';
import { missingParameter, type NewOrder, type Order, type SymbolSpec } from './types';

export class SpotEngine extends MatchingEngine {
  constructor(ctx: EngineContext) {
    super(ctx, 'spot');
  }

  place(account: Account, req: NewOrder): Order {
    const spec = this.ctx.book.spec(req.symbol);
    const current = this.ctx.book.price(req.symbol);
    const qty = this.quantity(spec, req, current);
    if (req.type === 'MARKET') {
      checkOrderFilters(spec, current, qty, false);
      return this.fillNow(account, spec, req, null, qty, current);
    }
    const limit = parseDecimal(req.price);
    if (!limit) throw missingParameter('price');
    checkOrderFilters(spec, limit, qty, true);
    const marketable = req.side === 'BUY' ? limit.gte(current) : limit.lte(current);
    if (marketable) return this.fillNow(account, spec, req, limit, qty, current);
    return this.rest(account, spec, req, limit, qty);
  }

  /** A canceled order's locked quote (a buy) or base (a sell) is free again. */
  protected release(account: Account, order: Order): string[] {
    const spec = this.ctx.book.spec(order.symbol);
    const asset = order.side === 'BUY' ? spec.quote : spec.base;
    unlock(account, asset, new Decimal(order.reserved));
    return [asset];
  }

  /** Executes `quantity` of a resting order at its limit, as a maker trade; it rests on for the rest (control API). */
  fillPartially(account: Account, clientOrderId: string, quantity: string): Order {
    const { order, qty } = this.partialFillOf(account, clientOrderId, quantity);
    this.execute(account, order, qty);
    return order;
  }

  /** Fills every resting order the new price crosses, at its own limit price. */
  onPrice(symbol: string, price: Decimal): void {
    const book = this.resting.of(symbol);
    if (!book || book.size === 0) return;
    for (const [orderId, { account, order }] of book) {
      const limit = new Decimal(order.price);
      const crossed = order.side === 'BUY' ? price.lte(limit) : price.gte(limit);
      if (!crossed) continue;
      book.delete(orderId);
      this.execute(account, order, remaining(order));
    }
  }

  private quantity(spec: SymbolSpec, req: NewOrder, current: Decimal): Decimal {
    if (req.quantity !== undefined) {
      const qty = parseDecimal(req.quantity);
      if (!qty) throw missingParameter('quantity');
      return qty;
    }
    const quote = parseDecimal(req.quoteOrderQty);
    if (req.type !== 'MARKET' || !quote) throw missingParameter('quantity');
    checkPrecision('quoteOrderQty', quote);
    return floorToStep(quote.div(current), spec.stepSize);
  }

  private fillNow(account: Account, spec: SymbolSpec, req: NewOrder, limit: Decimal | null, qty: Decimal, price: Decimal): Order {
    const order = this.newOrder(account, req, limit, qty);
    const notional = price.mul(qty);
    const fee = notional.mul(this.ctx.feeRate);
    if (req.side === 'BUY') {
      debit(account, spec.quote, notional.add(fee));
      credit(account, spec.base, qty);
    } else {
      debit(account, spec.base, qty);
      credit(account, spec.quote, notional.sub(fee));
    }
    register(account, order);
    const fill = completeWithFill(this.ctx, account, order, price, false);
    this.ctx.events.order(account, order, fill);
    this.ctx.events.balances(account, [spec.base, spec.quote]);
    this.ctx.events.trade(order.symbol, fill);
    return order;
  }

  private rest(account: Account, spec: SymbolSpec, req: NewOrder, limit: Decimal, qty: Decimal): Order {
    const order = this.newOrder(account, req, limit, qty);
    const reserved = req.side === 'BUY' ? limit.mul(qty).mul(this.ctx.feeRate.add(1)) : qty;
    lock(account, req.side === 'BUY' ? spec.quote : spec.base, reserved);
    order.reserved = reserved.toFixed();
    this.resting.add(account, order);
    this.ctx.events.order(account, order, null);
    this.ctx.events.balances(account, [req.side === 'BUY' ? spec.quote : spec.base]);
    return order;
  }

  /**
   * Executes `qty` of a resting order at its own limit price (maker), paid from what it reserved:
   * the reserve shrinks by the part's share, and the last execution spends what is left of it,
   * so parts never leave dust locked.
   */
  private execute(account: Account, order: Order, qty: Decimal): void {
    const spec = this.ctx.book.spec(order.symbol);
    const limit = new Decimal(order.price);
    const reserved = new Decimal(order.reserved);
    const last = qty.eq(remaining(order));
    let spent: Decimal;
    if (order.side === 'BUY') {
      // The reserve was exactly notional + fee at the limit price.
      spent = last ? reserved : limit.mul(qty).mul(this.ctx.feeRate.add(1));
      spendLocked(account, spec.quote, spent);
      credit(account, spec.base, qty);
    } else {
      spent = qty;
      spendLocked(account, spec.base, qty);
      const notional = limit.mul(qty);
      credit(account, spec.quote, notional.sub(notional.mul(this.ctx.feeRate)));
    }
    order.reserved = reserved.sub(spent).toFixed();
    const fill = recordFill(this.ctx, account, order, limit, qty, true);
    this.ctx.events.order(account, order, fill);
    this.ctx.events.balances(account, [spec.base, spec.quote]);
    this.ctx.events.trade(order.symbol, fill);
  }
}
