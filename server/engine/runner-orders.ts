/**
 * A runner's orders, from the send to the booked outcome: send an intent, book the fill the
 * exchange reports (once, with the state it produces), fail what ended unfilled, wait on what is
 * unknown, and reconcile every order whose outcome is not recorded by its clientOrderId. What a
 * runnable's orders go through whatever decided them: the outcome is booked into its core
 * through the Runnable interface (filled, orderFailed, liquidated, stop).
 */
import type { MemberEvent } from '../../common/api/bots';
import { D } from '../../trading/index';
import { ExchangeError } from '../exchange/errors';
import type { OrderState } from '../exchange/core/gateway';
import { bookTrades } from './exchange-fill';
import type { RunnerState as Runner } from './runner-state';
import type { OrderRow, StatusChange } from './store';
import type { StopReason } from '../../common/api/stop-reasons';

/** Exchange refusals that stop the runnable: the member must fix them (funds, keys, IP, a position changed by hand). */
export const ERROR_STOPS: Partial<Record<ExchangeError['kind'], StopReason>> = {
  insufficient_funds: 'insufficientBalance',
  auth: 'keysRevoked',
  permission: 'ipNotAllowed',
  position_changed: 'positionChanged',
};

/** How long an answered order's fill waits, at most, for the rest of its burst to be answered. */
const SETTLE_WAIT_MS = 100;

export async function send(r: Runner, order: OrderRow, quantity: string): Promise<void> {
  if (order.kind === 'liquidation') return awaitLiquidation(r, order);
  if (r.errorStop !== null) {
    // An earlier order of this decision stopped it (keys, funds): do not send the rest.
    // The member is told of the stop; an order never sent is no failure of theirs to see.
    return fail(r, order, 'not sent: it stopped', false);
  }
  const started = process.hrtime.bigint();
  r.sending.add(order.clientOrderId);
  try {
    let state: OrderState;
    r.ctx.sends.begin();
    try {
      // A futures sell only ever shrinks the bot's long: never a short, whatever the member did by hand.
      state = await r.gateway.placeOrder({
        market: r.market,
        symbol: r.symbol,
        side: order.side,
        type: order.type,
        ...(order.type === 'limit' && { price: new D(order.decisionPrice).toFixed() }),
        quantity,
        clientOrderId: order.clientOrderId,
        reduceOnly: r.market === 'futures' && order.side === 'sell',
      });
    } catch (error) {
      r.ctx.sends.end();
      r.ctx.metrics.orderAcked(started, 'error');
      return await sendFailed(r, order, error);
    }
    r.ctx.sends.end();
    r.ctx.metrics.orderAcked(started, 'ok');
    r.crash('afterSend', order.clientOrderId);
    await r.ctx.sends.quiet(SETTLE_WAIT_MS);
    await settle(r, order, state);
  } finally {
    r.sending.delete(order.clientOrderId);
    r.reported.delete(order.clientOrderId);
  }
}

/**
 * The user-data stream reported one of its orders final. Its send's answer is usually
 * on the way (kept, in case that answer is lost: see unknown()); a resting limit that ended
 * (filled, cancelled, expired) is booked now, and the core decides again at the price now; an
 * order already waiting for a timed lookup is booked from the report now.
 */
export function executionReported(r: Runner, state: OrderState): void {
  if (r.dead) return;
  if (r.sending.has(state.clientOrderId)) return void r.reported.set(state.clientOrderId, state);
  if (r.resting.has(state.clientOrderId)) {
    void r.enqueue(async () => {
      // Booked already (the reconciler, a cancel's answer) when it is no longer unsettled.
      const order = (await r.ctx.store.unsettledOrders(r.id)).find((o) => o.clientOrderId === state.clientOrderId);
      if (order) await settle(r, order, state);
    });
    return;
  }
  if (r.retryTimer === null) return; // nothing of it waits for a lookup: its answer booked it
  clearTimeout(r.retryTimer);
  r.retryTimer = null;
  void r.enqueue(async () => {
    const order = (await r.ctx.store.unsettledOrders(r.id)).find((o) => o.clientOrderId === state.clientOrderId);
    if (order) await settle(r, order, state);
    await r.reconcile(); // any other order still waiting is looked up as its timer would have
  });
}

/** Books what the exchange says happened to `order`. */
async function settle(r: Runner, order: OrderRow, state: OrderState): Promise<void> {
  if (state.status === 'open' && order.type === 'limit') return rest(r, order, state);
  if (state.status === 'open') return unknown(r, order, 'the order is still open on the exchange');
  const resting = r.resting.delete(order.clientOrderId);
  const trades =
    state.trades ?? (new D(state.filled || 0).isZero() ? [] : await r.gateway.orderTrades(r.market, r.symbol, state.id));
  const booked = bookTrades(state, trades, r.assets.base, r.assets.quote);
  if (booked === null) {
    // A cancel we decided is no failure to tell the member of.
    await fail(
      r,
      order,
      `The exchange ${state.status} order ${order.clientOrderId} without filling it.`,
      order.status !== 'cancel',
    );
    if (resting) await r.decideAgain();
    return;
  }
  const applied = r.core.filled({
    side: order.side,
    slot: order.slot,
    price: booked.price,
    quantity: booked.quantity,
    fee: booked.fee,
    ts: r.ctx.now(),
  });
  if (applied === null) throw new Error(`fill of ${order.clientOrderId} does not fit the runnable's state`);
  r.crash('afterFill', order.clientOrderId);
  const result = await r.ctx.store.recordFill(
    r.row,
    r.core,
    order,
    { ...booked, pnl: applied.pnl, exchangeOrderId: state.id, market: r.market, trades },
    r.change(),
  );
  r.ctx.metrics.orders.inc({ outcome: 'filled' });
  if (result === 'already') return r.reload(); // another path booked it first: the database is the truth
  // A resting order filled while the price went on: what comes next is decided at the price now.
  // So is the order after a marketable limit that filled when placed (a cycle's sell after its
  // buy): it rests now, as the backtester places it on the same tick, not at the next price.
  if (resting || r.rests) await r.decideAgain();
}

/**
 * The exchange rests the limit order (not marketable when placed): recorded open, and the runner
 * is free. It is booked once it ends: from the user-data stream (a report that came while it was
 * being sent is booked now), or by the reconciler, after a restart too.
 */
async function rest(r: Runner, order: OrderRow, state: OrderState): Promise<void> {
  const reported = r.reported.get(order.clientOrderId);
  if (reported && reported.status !== 'open') return settle(r, order, reported);
  r.resting.add(order.clientOrderId);
  if (order.status !== 'open') await r.ctx.store.markOpen(order, state.id);
  r.ctx.metrics.orders.inc({ outcome: 'resting' });
}

async function sendFailed(r: Runner, order: OrderRow, error: unknown): Promise<void> {
  if (!(error instanceof ExchangeError)) throw error;
  if (error.kind === 'unknown_outcome') return unknown(r, order, error.message);
  const stopReason = ERROR_STOPS[error.kind];
  if (stopReason) {
    r.ctx.metrics.orders.inc({ outcome: 'refused' });
    return errorStop(r, { reason: stopReason, message: error.message }, { order, message: error.message });
  }
  // Refused for this order only (filters, a pause in trading, rate limits): try again later.
  r.cooldownUntil = r.ctx.now() + r.ctx.cooldownMs;
  await fail(r, order, error.message);
}

/**
 * The order ended without a fill (refused, expired or cancelled unfilled, never placed): its
 * slot is back as it was. The member is told with the order's flip to failed, so once, however
 * many paths (the send's answer, the user-data stream, the reconciler) find it failed.
 */
async function fail(r: Runner, order: OrderRow, message: string, tell = true): Promise<void> {
  r.core.orderFailed(order.slot);
  const event: MemberEvent | undefined = tell ? r.ctx.codec.orderFailedEvent(r.row, message, new Date(r.ctx.now())) : undefined;
  if (await r.ctx.store.recordFailure(r.row, r.core, order, message, r.change(), event))
    r.ctx.metrics.orders.inc({ outcome: 'failed' });
}

/**
 * The price reached the position's liquidation price: the exchange closes it, not us. Once the
 * exchange shows no position, the core books the liquidation at the price it computed (the
 * formula the exchange uses); until then it waits, sending nothing.
 */
async function awaitLiquidation(r: Runner, order: OrderRow): Promise<void> {
  let open: boolean;
  try {
    const position = await r.gateway.futuresPosition(r.symbol);
    open = position !== null && new D(position.quantity).gt(0);
  } catch (error) {
    if (!(error instanceof ExchangeError)) throw error;
    r.ctx.log.warn({ runnable: r.id, err: error.message }, 'position lookup failed; will retry');
    return retryLater(r);
  }
  if (open) {
    if (order.status !== 'unknown') await r.ctx.store.markUnknown(order, 'waiting for the exchange to liquidate the position');
    return retryLater(r);
  }
  const applied = r.core.liquidated(order.quantity, r.ctx.now());
  if (applied === null) throw new Error(`liquidation ${order.clientOrderId} does not fit the runnable's state`);
  r.crash('afterFill', order.clientOrderId);
  const result = await r.ctx.store.recordFill(
    r.row,
    r.core,
    order,
    {
      price: applied.price,
      quantity: applied.quantity,
      cost: applied.cost,
      fee: '0',
      pnl: applied.pnl,
      exchangeOrderId: 'liquidation',
      market: r.market,
      trades: [],
    },
    r.change(),
  );
  r.ctx.metrics.orders.inc({ outcome: 'liquidated' });
  if (result === 'already') await r.reload();
}

/**
 * Cancels a resting order (recorded 'cancel' first, so the reconciler cancels it again after a
 * restart; cancelling twice is harmless). However the exchange answers, the order is then booked
 * as it ended: cancelled unfilled, failed without telling the member; filled, in whole or part,
 * before the cancel reached it, the fill is booked; unknown to the exchange, failed.
 */
export async function cancel(r: Runner, order: OrderRow): Promise<void> {
  let state: OrderState | null | 'error';
  try {
    state = await r.gateway.cancelOrder(r.market, r.symbol, order.clientOrderId);
  } catch (error) {
    if (!(error instanceof ExchangeError)) throw error;
    // Filled or cancelled already (or the cancel's answer lost): the order's own state says which.
    state = await lookup(r, order);
  }
  if (state === 'error' || state?.status === 'open') return retryLater(r);
  if (state === null) return fail(r, order, `The exchange has no order ${order.clientOrderId}: it was never placed.`, false);
  await settle(r, order, state);
}

/** Sent, fate unknown: the runnable waits (the order stays in flight in its core) until a lookup by clientOrderId settles it. */
async function unknown(r: Runner, order: OrderRow, message: string): Promise<void> {
  r.ctx.metrics.orders.inc({ outcome: 'unknown' });
  // The stream already said how it ended: book that (the lookup may still not see the order).
  const reported = r.reported.get(order.clientOrderId);
  if (reported) return settle(r, order, reported);
  await r.ctx.store.markUnknown(order, message);
  retryLater(r);
}

export function retryLater(r: Runner): void {
  if (r.retryTimer) return;
  r.retryTimer = setTimeout(() => {
    r.retryTimer = null;
    void r.enqueue(() => r.reconcile());
  }, r.ctx.unknownRetryMs);
  r.retryTimer.unref();
}

/**
 * Settles every order whose outcome is not recorded, by its clientOrderId: found -> booked as
 * the exchange says; an intent the exchange never got -> sent now, as decided; a send whose
 * fate was unknown and that the exchange does not know -> failed, and the core decides again.
 */
export async function reconcileOrders(r: Runner, resting = true): Promise<void> {
  for (const order of await r.ctx.store.unsettledOrders(r.id)) {
    if (r.errorStop !== null && r.core.stopped) return; // an error stopped it: errorStop() settled what it could
    if (!resting && order.status === 'open') continue;
    if (order.kind === 'liquidation') {
      await awaitLiquidation(r, order);
      continue;
    }
    if (order.status === 'cancel') {
      await cancel(r, order);
      continue;
    }
    const state = await lookup(r, order);
    if (state === 'error') continue;
    if (state !== null) await settle(r, order, state);
    else if (order.status === 'intent') await send(r, order, new D(order.quantity).toFixed());
    else if (r.ctx.now() - order.createdAt.getTime() < r.ctx.unknownGiveUpMs) retryLater(r);
    else await fail(r, order, `The exchange has no order ${order.clientOrderId}: it was never placed.`);
  }
}

async function lookup(r: Runner, order: OrderRow): Promise<OrderState | null | 'error'> {
  try {
    return await r.gateway.fetchOrder(r.market, r.symbol, order.clientOrderId);
  } catch (error) {
    if (!(error instanceof ExchangeError)) throw error;
    r.ctx.log.warn({ runnable: r.id, order: order.clientOrderId, err: error.message }, 'order lookup failed; will retry');
    if (ERROR_STOPS[error.kind]) await stopForError(r, error);
    return 'error';
  }
}

export function stopForError(r: Runner, error: ExchangeError): Promise<void> {
  return errorStop(r, { reason: ERROR_STOPS[error.kind] ?? 'keysRevoked', message: error.message });
}

/**
 * An exchange error stops it for the member to sort out (keys, funds, IP, a position changed by
 * hand). What of it rests on the exchange is cancelled first: a stopped runnable is never
 * claimed again, so an order left resting would trade the member's money with nobody booking
 * it (a fill the cancel finds is booked now). What cannot be cancelled (the keys no longer
 * work) is named in the stop message, for the member to cancel on the exchange. `failed`, the
 * order whose refusal stopped it, is recorded failed in the same write as the stop.
 */
export async function errorStop(r: Runner, change: StatusChange, failed?: { order: OrderRow; message: string }): Promise<void> {
  if (r.errorStop !== null && r.core.stopped) return; // stopped already: a retry found the same error
  r.errorStop = change; // from here on nothing is sent and no fill decides again
  if (failed) r.core.orderFailed(failed.order.slot);
  const left = await cancelRestingForStop(r);
  if (left.length > 0) r.errorStop = { ...change, message: `${change.message ?? ''} ${stillResting(r, left)}`.trim() };
  r.core.stop(r.ctx.now());
  if (failed) await r.ctx.store.recordFailure(r.row, r.core, failed.order, failed.message, r.errorStop);
  else await r.ctx.store.saveState(r.row, r.core, r.errorStop);
}

/** Cancels every order of it that rests (or may rest) on the exchange; returns those it could not. */
async function cancelRestingForStop(r: Runner): Promise<OrderRow[]> {
  if (!r.rests) return [];
  const orders = (await r.ctx.store.unsettledOrders(r.id)).filter((o) => o.kind !== 'liquidation' && o.status !== 'intent');
  const toCancel = orders.filter((o) => o.status !== 'cancel').map((o) => o.slot);
  // Recorded 'cancel' first, as any cancel is: its end is then never told as a failure.
  const recorded = toCancel.length > 0 ? await r.ctx.store.recordCancels(r.row, r.core, toCancel) : [];
  const left: OrderRow[] = [];
  for (const order of [...orders.filter((o) => o.status === 'cancel'), ...recorded]) {
    const state = await endedStateOf(r, order);
    if (state === 'error' || state?.status === 'open') left.push(order);
    else if (state === null)
      await fail(r, order, `The exchange has no order ${order.clientOrderId}: it was never placed.`, false);
    else await settle(r, order, state);
  }
  return left;
}

/** The order's state after a cancel: the cancel's answer, else (filled or gone already) a lookup; 'error' when neither answers. */
async function endedStateOf(r: Runner, order: OrderRow): Promise<OrderState | null | 'error'> {
  try {
    return await r.gateway.cancelOrder(r.market, r.symbol, order.clientOrderId);
  } catch (error) {
    if (!(error instanceof ExchangeError)) throw error;
  }
  try {
    return await r.gateway.fetchOrder(r.market, r.symbol, order.clientOrderId);
  } catch (error) {
    if (!(error instanceof ExchangeError)) throw error;
    r.ctx.log.warn(
      { runnable: r.id, order: order.clientOrderId, err: error.message },
      'could not cancel a resting order of a stopped runnable',
    );
    return 'error';
  }
}

const stillResting = (r: Runner, orders: OrderRow[]): string =>
  `GridDesk could not cancel ${orders
    .map(
      (o) =>
        `its ${o.side} order for ${new D(o.quantity).toFixed()} ${r.assets.base} at ${new D(o.decisionPrice).toFixed()} (${o.clientOrderId})`,
    )
    .join(', ')}: ` +
  `${orders.length === 1 ? 'it may still rest' : 'they may still rest'} on the exchange; cancel ${orders.length === 1 ? 'it' : 'them'} there.`;
