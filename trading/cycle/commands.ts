/** Member commands on a live cycle: Stop, Stop & Sell and the edit (SPEC section 7, /api/editcycle). */
import { threshold, type Dec } from '../core/exact';
import { endCycle, holding, sellAtMarket } from './cycle';
import type { Cycle, CycleDecision } from './types';

/** Why a command was not applied: the cycle ended, or the edit asks what cannot be. */
export type CycleRefusal = 'already_stopped' | 'cycles_below_completed' | 'stoploss_above_buy' | 'sell_not_above_buy';

export type CycleCommandResult = { ok: true; decision: CycleDecision } | { ok: false; refusal: CycleRefusal };

const applied = (cancels: number[] = [], orders: CycleDecision['orders'] = []): CycleCommandResult => ({
  ok: true,
  decision: { orders, cancels, skipped: [] },
});

/**
 * Stop: the resting order is cancelled and what is held stays. The cycle ends once the cancel
 * ended (a fill that beat the cancel is booked first: a bought round then stays held).
 */
export function stopCycle(c: Cycle): CycleCommandResult {
  if (c.status !== 'live') return { ok: false, refusal: 'already_stopped' };
  const o = c.order;
  if (o === null || c.liquidating) {
    if (!c.liquidating) endCycle(c, 'manual');
    return applied();
  }
  const cancels = o.type === 'limit' && c.cancelling === null ? [o.slot] : [];
  // A market sell out (the stop loss's, Stop & Sell's) ends the cycle by itself when it fills.
  if (o.type === 'limit') c.cancelling = 'stop';
  return applied(cancels);
}

/** Stop & Sell: the resting order is cancelled, then what is held is sold at market (`price`: the price now). */
export function stopAndSellCycle(c: Cycle, price: string | null): CycleCommandResult {
  if (c.status !== 'live') return { ok: false, refusal: 'already_stopped' };
  const o = c.order;
  if (c.liquidating || (o !== null && o.type === 'market')) return applied();
  if (o !== null) {
    const cancels = c.cancelling === null ? [o.slot] : [];
    c.cancelling = 'stopAndSell';
    return applied(cancels);
  }
  if (!holding(c) || price === null) {
    if (!holding(c)) endCycle(c, 'stopAndSell');
    // Held with no price known yet: the sell goes on the first tick.
    else c.exit = 'stopAndSell';
    return applied();
  }
  c.exit = 'stopAndSell';
  return { ok: true, decision: sellAtMarket(c, price) };
}

export interface CycleEdit {
  buyPrice: Dec;
  sellPrice: Dec;
  stopLoss: Dec;
  count: number;
}

/** Why these settings cannot run (z <= b < s; C at least 1 and at least the rounds done). */
export function cycleEditProblem(c: Pick<Cycle, 'completed'>, edit: CycleEdit): CycleRefusal | null {
  if (edit.stopLoss.gt(edit.buyPrice)) return 'stoploss_above_buy';
  if (!edit.sellPrice.gt(edit.buyPrice)) return 'sell_not_above_buy';
  if (!Number.isInteger(edit.count) || edit.count < Math.max(1, c.completed)) return 'cycles_below_completed';
  return null;
}

/**
 * The edit applies at once: a resting order at an old price is cancelled and, once the cancel
 * ended, placed again at the new one. If it filled first, the fill is booked and the cycle goes
 * on from there at the new prices (bought: the sell rests at the new sell price). A count lowered
 * to the rounds already done ends the cycle as Completed (its resting buy cancelled first).
 */
export function editCycle(c: Cycle, edit: CycleEdit): CycleCommandResult {
  if (c.status !== 'live') return { ok: false, refusal: 'already_stopped' };
  const problem = cycleEditProblem(c, edit);
  if (problem !== null) return { ok: false, refusal: problem };
  const p = c.params;
  p.buyPrice = edit.buyPrice;
  p.sellPrice = edit.sellPrice;
  p.stopLoss = edit.stopLoss;
  p.count = edit.count;
  c.stopLossAt = threshold(edit.stopLoss);
  const o = c.order;
  if (o === null || o.type !== 'limit' || c.cancelling !== null) return applied();
  const stale = o.side === 'buy' ? !o.price.eq(p.buyPrice) || c.completed >= p.count : !o.price.eq(p.sellPrice);
  if (!stale) return applied();
  c.cancelling = 'replace';
  return applied([o.slot]);
}
