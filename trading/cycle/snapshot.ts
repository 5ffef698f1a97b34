/** A cycle as stored (`cycles.state`): decimal strings, from which the core is rebuilt exactly. */
import { D, str, threshold } from '../core/exact';
import type { MarketRules } from '../core/types';
import type { AfterCancel, Cycle, CycleEnd, CycleStatus } from './types';

export interface CycleSnapshot {
  v: 1;
  amount: string;
  count: number;
  buyPrice: string;
  sellPrice: string;
  stopLoss: string;
  status: CycleStatus;
  end: CycleEnd | null;
  completed: number;
  held: string;
  cost: string;
  lastBoughtPrice: string | null;
  realized: string;
  trades: number;
  order: { slot: number; side: 'buy' | 'sell'; type: 'limit' | 'market'; price: string; qty: string } | null;
  cancelling: AfterCancel | null;
  exit: 'stopAndSell' | 'stoploss' | null;
  nextSlot: number;
  position: { qty: string; entryPrice: string; margin: string } | null;
  liquidationPrice: string | null;
  liquidating: boolean;
  lastPrice: string | null;
}

export function cycleSnapshotOf(c: Cycle): CycleSnapshot {
  const o = c.order;
  const p = c.position;
  return {
    v: 1,
    amount: str(c.params.amount),
    count: c.params.count,
    buyPrice: str(c.params.buyPrice),
    sellPrice: str(c.params.sellPrice),
    stopLoss: str(c.params.stopLoss),
    status: c.status,
    end: c.end,
    completed: c.completed,
    held: str(c.held),
    cost: str(c.cost),
    lastBoughtPrice: c.lastBoughtPrice === null ? null : str(c.lastBoughtPrice),
    realized: str(c.realized),
    trades: c.trades,
    order: o === null ? null : { slot: o.slot, side: o.side, type: o.type, price: str(o.price), qty: str(o.qty) },
    cancelling: c.cancelling,
    exit: c.exit,
    nextSlot: c.nextSlot,
    position: p === null ? null : { qty: str(p.qty), entryPrice: str(p.entryPrice), margin: str(p.margin) },
    liquidationPrice: c.liquidationAt === null ? null : str(c.liquidationAt.d),
    liquidating: c.liquidating,
    lastPrice: c.lastPrice,
  };
}

export function restoreCycle(s: CycleSnapshot, market: MarketRules): Cycle {
  const stopLoss = new D(s.stopLoss);
  return {
    params: { amount: new D(s.amount), count: s.count, buyPrice: new D(s.buyPrice), sellPrice: new D(s.sellPrice), stopLoss },
    market,
    status: s.status,
    end: s.end,
    completed: s.completed,
    held: new D(s.held),
    cost: new D(s.cost),
    lastBoughtPrice: s.lastBoughtPrice === null ? null : new D(s.lastBoughtPrice),
    realized: new D(s.realized),
    trades: s.trades,
    order: s.order === null ? null : { ...s.order, price: new D(s.order.price), qty: new D(s.order.qty) },
    cancelling: s.cancelling,
    exit: s.exit,
    nextSlot: s.nextSlot,
    stopLossAt: threshold(stopLoss),
    position:
      s.position === null
        ? market.futures
          ? { qty: new D(0), entryPrice: new D(0), margin: new D(0) }
          : null
        : { qty: new D(s.position.qty), entryPrice: new D(s.position.entryPrice), margin: new D(s.position.margin) },
    liquidationAt: s.liquidationPrice === null ? null : threshold(new D(s.liquidationPrice)),
    liquidating: s.liquidating,
    lastPrice: s.lastPrice,
  };
}
