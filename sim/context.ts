/** What the spot and futures engines share: prices, fee, id counters, clock, events, their base class, and how an execution is recorded. */
import { randomBytes } from 'node:crypto';
import { type EventHub } from './events';
import { Decimal, isMultipleOf, parseDecimal } from './num';
import { type PriceBook } from './prices';
import { SimError, type Fill, type Market, type NewOrder, type Order } from './types';
import { type Account, clientKey } from './accounts';

/** The next ids to hand out (persistence.ts saves and restores them, so ids never repeat). */
export interface IdCounters {
  order: number;
  trade: number;
  transfer: number;
}

export interface EngineContext {
  book: PriceBook;
  feeRate: Decimal;
  events: EventHub;
  now: () => number;
  ids: IdCounters;
}

/** A fresh order record (status NEW) with a client id that is unique among open orders. */
export function newOrderRecord(
  ctx: EngineContext,
  account: Account,
  market: Market,
  req: NewOrder,
  price: Decimal | null,
  qty: Decimal,
): Order {
  const clientOrderId = req.clientOrderId ?? `sim-${randomBytes(8).toString('hex')}`;
  if (!/^[.A-Za-z0-9:/_-]{1,36}$/.test(clientOrderId)) {
    throw new SimError(
      -1100,
      "Illegal characters found in parameter 'newClientOrderId'; legal range is '^[\\.A-Z\\:/a-z0-9_-]{1,36}$'.",
    );
  }
  const previous = account.byClientId.get(clientKey(market, clientOrderId));
  if (previous && account.open.has(previous.orderId)) throw new SimError(-2010, 'Duplicate order sent.');
  const time = ctx.now();
  return {
    market,
    orderId: ctx.ids.order++,
    clientOrderId,
    symbol: req.symbol,
    side: req.side,
    type: req.type,
    price: price ? price.toFixed() : '0',
    origQty: qty.toFixed(),
    executedQty: '0',
    cumQuote: '0',
    origQuoteOrderQty: req.quoteOrderQty ?? '0',
    status: 'NEW',
    time,
    updateTime: time,
    reduceOnly: req.reduceOnly === true,
    fills: [],
    reserved: '0',
  };
}

/** Registers an accepted order with its account. */
export function register(account: Account, order: Order): void {
  account.orders.set(order.orderId, order);
  account.byClientId.set(clientKey(order.market, order.clientOrderId), order);
}

/** An order waiting in the book for its limit price. */
export interface Resting {
  account: Account;
  order: Order;
}

/** Each engine's resting limit orders, by symbol: where accepted orders wait and cancels take them out. */
export class RestingBook {
  private readonly bySymbol = new Map<string, Map<number, Resting>>();

  /** Registers the accepted order with its account as open, and puts it in the book. */
  add(account: Account, order: Order): void {
    register(account, order);
    account.open.set(order.orderId, order);
    this.track(account, order);
  }

  /** Puts an order its account already holds as open in the book (a restored state, persistence.ts). */
  track(account: Account, order: Order): void {
    let book = this.bySymbol.get(order.symbol);
    if (!book) this.bySymbol.set(order.symbol, (book = new Map()));
    book.set(order.orderId, { account, order });
  }

  remove(order: Order): void {
    this.bySymbol.get(order.symbol)?.delete(order.orderId);
  }

  /** The symbol's resting orders (live: deleting while iterating is allowed). */
  of(symbol: string): Map<number, Resting> | undefined {
    return this.bySymbol.get(symbol);
  }
}

/**
 * What the spot and the futures engine do alike with their market's orders: records, resting
 * book, cancels, restored open orders and the partial fills the control API asks for. What an
 * order holds while it rests (spot: locked assets; futures: margin) is each engine's own.
 */
export abstract class MatchingEngine {
  protected readonly resting = new RestingBook();

  constructor(
    protected readonly ctx: EngineContext,
    private readonly market: Market,
  ) {}

  /** Puts a restored open order back in the book (persistence.ts). */
  restoreOpen(account: Account, order: Order): void {
    this.resting.track(account, order);
  }

  /** Cancels an open order of this market (-2011 when it is not open any more): CANCELED, out of the book. */
  cancel(account: Account, order: Order): Order {
    if (!account.open.has(order.orderId)) throw new SimError(-2011, 'Unknown order sent.');
    this.resting.remove(order);
    account.open.delete(order.orderId);
    const released = this.release(account, order);
    order.status = 'CANCELED';
    order.updateTime = this.ctx.now();
    this.ctx.events.order(account, order, null);
    if (released.length > 0) this.ctx.events.balances(account, released);
    return order;
  }

  /**
   * Gives back what a canceled order held while it rested, before its CANCELED event goes out;
   * returns the assets whose balances that moved (told to the user streams after the order).
   */
  protected abstract release(account: Account, order: Order): string[];

  /** A fresh order record of this market (newOrderRecord). */
  protected newOrder(account: Account, req: NewOrder, price: Decimal | null, qty: Decimal): Order {
    return newOrderRecord(this.ctx, account, this.market, req, price, qty);
  }

  /** The resting order and the quantity a partial fill executes (partialFillOf). */
  protected partialFillOf(account: Account, clientOrderId: string, quantity: string): { order: Order; qty: Decimal } {
    return partialFillOf(this.ctx, account, this.market, clientOrderId, quantity);
  }
}

/** What of the order is not executed yet. */
export function remaining(order: Order): Decimal {
  return new Decimal(order.origQty).sub(order.executedQty);
}

/**
 * Records one execution of `qty` of the order at `price` everywhere it shows: the fill (fee
 * feeRate of its notional, in the quote asset), the order's executed quantity and quote (FILLED
 * once all of it executed, PARTIALLY_FILLED before, still open), the account's trades and the
 * symbol's traded volume. Balances are the caller's: each market books them its own way.
 */
export function recordFill(
  ctx: EngineContext,
  account: Account,
  order: Order,
  price: Decimal,
  qty: Decimal,
  maker: boolean,
  extra: Partial<Fill> = {},
): Fill {
  const quoteQty = price.mul(qty);
  const fill: Fill = {
    tradeId: ctx.ids.trade++,
    orderId: order.orderId,
    symbol: order.symbol,
    side: order.side,
    price: price.toFixed(),
    qty: qty.toFixed(),
    quoteQty: quoteQty.toFixed(),
    commission: quoteQty.mul(ctx.feeRate).toFixed(),
    commissionAsset: ctx.book.spec(order.symbol).quote,
    time: ctx.now(),
    maker,
    ...extra,
  };
  order.fills.push(fill);
  const executed = new Decimal(order.executedQty).add(qty);
  order.executedQty = executed.toFixed();
  order.cumQuote = new Decimal(order.cumQuote).add(quoteQty).toFixed();
  order.status = executed.gte(order.origQty) ? 'FILLED' : 'PARTIALLY_FILLED';
  order.updateTime = fill.time;
  if (order.status === 'FILLED') account.open.delete(order.orderId);
  account.trades[order.market].push(fill);
  ctx.book.trade(order.symbol, price, qty, fill.time);
  return fill;
}

/** Completes an order with one fill of what is left of it at `price`. */
export function completeWithFill(
  ctx: EngineContext,
  account: Account,
  order: Order,
  price: Decimal,
  maker: boolean,
  extra: Partial<Fill> = {},
): Fill {
  return recordFill(ctx, account, order, price, remaining(order), maker, extra);
}

/**
 * The open order of `clientOrderId` that a partial fill (control API) executes `qtyText` of: a
 * resting limit, a quantity of whole steps and less than what is left of it (all of it is the
 * price crossing it: setPrice).
 */
export function partialFillOf(
  ctx: EngineContext,
  account: Account,
  market: Market,
  clientOrderId: string,
  qtyText: string,
): { order: Order; qty: Decimal } {
  const order = account.byClientId.get(clientKey(market, clientOrderId));
  if (!order || !account.open.has(order.orderId)) throw new SimError(-2013, 'Order does not exist.');
  const qty = parseDecimal(qtyText);
  if (!qty || qty.lte(0) || !isMultipleOf(qty, ctx.book.spec(order.symbol).stepSize))
    throw new SimError(-1013, 'Filter failure: LOT_SIZE');
  if (!qty.lt(remaining(order))) {
    throw new SimError(
      -1100,
      `A partial fill must be less than the ${remaining(order).toFixed()} left of order ${clientOrderId}; a price crossing it fills the rest.`,
    );
  }
  return { order, qty };
}
