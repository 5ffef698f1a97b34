/**
 * A futures runnable's watch over its position: margin and leverage set before any order, and
 * the exchange's position compared with its core's whenever the member's stream reports it (a
 * liquidation the exchange carried out is booked as the core's; any other difference stops it).
 */
import { D, type Dec } from '../../trading/index';
import { ExchangeError } from '../exchange/errors';
import { ERROR_STOPS, errorStop, retryLater, stopForError } from './runner-orders';
import type { RunnerState as Runner } from './runner-state';

/** Binance's forceOrders looks back at most this far. */
const LIQUIDATION_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Futures: isolated margin and its leverage on its symbol, before any order (on every
 * takeover too: the member may have changed them on the exchange). A key the exchange refuses
 * stops it as an order would; anything else fails the takeover, tried again later.
 */
export async function prepare(r: Runner): Promise<void> {
  if (r.market !== 'futures' || r.core.stopped) return;
  try {
    await r.gateway.prepareFutures(r.symbol, r.leverage ?? 1);
  } catch (error) {
    if (error instanceof ExchangeError && ERROR_STOPS[error.kind]) return stopForError(r, error);
    throw error;
  }
}

/**
 * The member's futures stream reported the position on the bot's pair (null: it may have
 * changed unseen). Checked once the work in hand is done; the latest report counts.
 */
export function positionReported(r: Runner, amount: string | null): void {
  if (r.market !== 'futures' || r.dead) return;
  // The USD-M stream's order reports are not read: a resting limit that filled shows as the
  // position moving, so its orders are looked up (and booked) first; the check follows.
  if (r.resting.size > 0) void r.enqueue(() => r.reconcile());
  r.reportedPosition = amount;
  r.positionCheck ??= r.enqueue(async () => {
    r.positionCheck = null;
    await checkPosition(r, r.reportedPosition);
  });
}

/**
 * Futures: the exchange's position on the pair must be the bot's, or the bot's sells, its
 * liquidation price and its books are wrong. Judged with nothing of the bot in flight (an
 * order out or a liquidation awaited settles first). A position the exchange liquidated (at
 * its mark price, before the bot's last price got there) is booked as the bot's liquidation;
 * any other difference, the member's own trade on the pair, stops the bot for the member to
 * sort out: it trades nothing more on a position it no longer knows.
 */
export async function checkPosition(r: Runner, reported: string | null): Promise<void> {
  if (r.market !== 'futures' || r.core.stopped || r.core.inFlight > 0) return;
  const ours = new D(r.core.position);
  if (reported !== null && new D(reported).eq(ours)) return;
  let held: Dec;
  try {
    const position = await r.gateway.futuresPosition(r.symbol);
    held = new D(position === null ? 0 : position.quantity);
    if (held.eq(ours)) return;
    const liquidationPrice = r.core.liquidationPrice;
    if (held.isZero() && liquidationPrice !== null && (await liquidatedByExchange(r))) {
      return await r.evaluateNow({ ts: r.ctx.now(), price: liquidationPrice });
    }
  } catch (error) {
    if (!(error instanceof ExchangeError)) throw error;
    if (ERROR_STOPS[error.kind]) return stopForError(r, error);
    r.ctx.log.warn({ runnable: r.id, err: error.message }, 'position lookup failed; will retry');
    return retryLater(r);
  }
  await errorStop(r, {
    reason: 'positionChanged',
    message:
      `The exchange holds ${held.toFixed()} ${r.assets.base} in the ${r.symbol} ` +
      `position; this bot holds ${ours.toFixed()}. It was changed outside GridDesk, so the bot stopped without trading it.`,
  });
}

/** Did the exchange liquidate this pair's position since it started (within Binance's look-back)? */
async function liquidatedByExchange(r: Runner): Promise<boolean> {
  const since = Math.max(r.core.startedAt ?? 0, r.ctx.now() - LIQUIDATION_LOOKBACK_MS);
  return (await r.gateway.futuresLiquidations(r.symbol, since)).length > 0;
}
