/**
 * The kernel's order records: an intent is written (with its deterministic clientOrderId) before
 * its order is sent, and a fill is booked once, with the state it produced.
 */
import { randomUUID } from 'node:crypto';
import type { CycleStopReason } from '../../common/api/stop-reasons';
import type { Fill as ExchangeFill, Market } from '../exchange/core/gateway';
import { clientOrderIdOf } from './ids';
import type { OrderIntent } from './runnable';

/** An order as the kernel keeps it (a row of the runnable's orders table, tables.ts). */
export interface OrderRow {
  id: string;
  /** The runnable it belongs to. */
  runnableId: string;
  seq: number;
  clientOrderId: string;
  kind: OrderIntent['kind'];
  side: 'buy' | 'sell';
  slot: number;
  quantity: string;
  /** The price the decision was taken at; a limit's own price. */
  decisionPrice: string;
  type: OrderIntent['type'];
  /** 'open': resting on the exchange; 'cancel': a cancel decided (tables.ts). */
  status: 'intent' | 'unknown' | 'open' | 'cancel' | 'filled' | 'failed';
  createdAt: Date;
}

/** This process no longer holds the bot's lease: drop it, another engine runs it now. */
export class LeaseLost extends Error {
  override name = 'LeaseLost';
}

/** What an intent records: the order its runnable's core decided. */
export type IntentInput = OrderIntent;

export interface AppliedFill {
  price: string;
  quantity: string;
  cost: string;
  fee: string;
  pnl: string;
  exchangeOrderId: string;
  /** Where the trades were made: spot and USD-M number their trades each on their own. */
  market: Market;
  trades: ExchangeFill[];
}

/** A status change the runnable's member is told about. */
export interface StatusChange {
  reason: CycleStopReason | null;
  message?: string | null;
}

/** The orders row of an intent: the order's id and clientOrderId are fixed before it is sent. */
export function intentRow(runnableId: string, seq: number, intent: IntentInput): OrderRow {
  return {
    id: randomUUID(),
    runnableId,
    seq,
    clientOrderId: clientOrderIdOf(runnableId, seq),
    kind: intent.kind,
    side: intent.kind === 'buy' ? 'buy' : 'sell',
    slot: intent.slot,
    quantity: intent.quantity,
    decisionPrice: intent.price,
    type: intent.type,
    status: 'intent',
    createdAt: new Date(),
  };
}
