/**
 * The batched statements of the order book: intents with the state that decided them, and fills
 * with the state they produced, for one bot or many in one round trip. Each is fenced on the
 * lease (and intents on the bot's order sequence), and locks bot rows in id order, as every
 * statement that locks many bot rows takes them (two that take them in other orders deadlock).
 */
import { sql } from 'drizzle-orm';
import type { Market } from '../exchange/gateway';
import { rowsOf } from '../db/rows';
import type { Runnable, RunningRow } from './runnable';
import type { AppliedFill, OrderRow } from './order-records';
import type { LeaseHolder } from './leases';

/** One fill of the batched statement: the order's outcome and the bot's state it produced, as taken when it settled. */
export interface FillRow {
  bot_id: string;
  order_id: string;
  exchange_order_id: string;
  fill_price: string;
  filled_qty: string;
  cost: string;
  fee: string;
  pnl: string;
  sell_pnl: string;
  state: unknown;
  realized_pnl: string;
  held_qty: string;
  held_cost: string;
  grid_no: number;
  trades: number;
  last_price: string | null;
  fills: { market: Market; symbol: string; trade_id: string; price: string; quantity: string; fee: string; fee_asset: string }[];
}
export type FillOutcome = 'applied' | 'already' | 'lost';

/** The state and figures of one bot and its intents, one statement; the ids of the intents written (none: the lease is gone). */
export async function writeIntents(h: LeaseHolder, row: RunningRow, core: Runnable, orders: readonly OrderRow[]): Promise<unknown[]> {
  const first = row.orderSeq;
  const f = core.columns();
  const result = await h.db.execute(sql`
    WITH b AS (
      UPDATE bots SET order_seq = ${first + orders.length}, state = ${JSON.stringify(f.state)}::jsonb,
        realized_pnl = ${f.realizedPnl}, held_qty = ${f.heldQty}, held_cost = ${f.heldCost}, grid_no = ${f.gridNo},
        trades = ${f.trades}, last_price = ${f.lastPrice}
      WHERE id = ${row.id} AND lease_owner = ${h.owner} AND order_seq = ${first}
      RETURNING id)
    INSERT INTO bot_orders (id, bot_id, seq, client_order_id, kind, side, grid, quantity, decision_price, status, created_at)
    SELECT o.id, o."botId", o.seq, o."clientOrderId", o.kind, o.side, o.grid, o.quantity, o."decisionPrice", o.status, o."createdAt"
    FROM b, jsonb_to_recordset(${JSON.stringify(orders)}::jsonb) AS o(id uuid, "botId" uuid, seq integer, "clientOrderId" text,
      kind text, side text, grid integer, quantity numeric, "decisionPrice" numeric, status text, "createdAt" timestamptz)
    RETURNING bot_orders.id`);
  return rowsOf(result);
}

/** The intents of many bots and their states, one statement; the bots written. */
export async function writeIntentBatch(h: LeaseHolder, items: readonly { row: RunningRow; core: Runnable; orders: readonly OrderRow[] }[]): Promise<Set<string>> {
  const states = items.map(({ row, core, orders }) => {
    const f = core.columns();
    return { id: row.id, first: row.orderSeq, next: row.orderSeq + orders.length, state: f.state, realized_pnl: f.realizedPnl,
      held_qty: f.heldQty, held_cost: f.heldCost, grid_no: f.gridNo, trades: f.trades, last_price: f.lastPrice };
  });
  const orders = items.flatMap((item) => item.orders);
  const result = await h.db.execute(sql`
    WITH v AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(states)}::jsonb) AS v(id uuid, first integer, next integer, state jsonb,
      realized_pnl numeric, held_qty numeric, held_cost numeric, grid_no integer, trades integer, last_price numeric)),
    l AS (SELECT bots.id FROM bots JOIN v ON v.id = bots.id WHERE bots.lease_owner = ${h.owner} AND bots.order_seq = v.first
      ORDER BY bots.id FOR UPDATE OF bots),
    b AS (
      UPDATE bots SET order_seq = v.next, state = v.state, realized_pnl = v.realized_pnl, held_qty = v.held_qty, held_cost = v.held_cost,
        grid_no = v.grid_no, trades = v.trades, last_price = v.last_price
      FROM v WHERE bots.id = v.id AND bots.id IN (SELECT id FROM l)
      RETURNING bots.id),
    o AS (
      INSERT INTO bot_orders (id, bot_id, seq, client_order_id, kind, side, grid, quantity, decision_price, status, created_at)
      SELECT o.id, o."botId", o.seq, o."clientOrderId", o.kind, o.side, o.grid, o.quantity, o."decisionPrice", o.status, o."createdAt"
      FROM jsonb_to_recordset(${JSON.stringify(orders)}::jsonb) AS o(id uuid, "botId" uuid, seq integer, "clientOrderId" text,
        kind text, side text, grid integer, quantity numeric, "decisionPrice" numeric, status text, "createdAt" timestamptz)
      WHERE o."botId" IN (SELECT id FROM b))
    SELECT id FROM b`);
  return new Set(rowsOf<{ id: string }>(result).map((r) => r.id));
}

/** The batched statement's row of a fill of `order`, with the state it produced. */
export function fillRowOf(row: RunningRow, core: Runnable, order: OrderRow, fill: AppliedFill): FillRow {
  const f = core.columns();
  return { bot_id: row.id, order_id: order.id, exchange_order_id: fill.exchangeOrderId, fill_price: fill.price,
    filled_qty: fill.quantity, cost: fill.cost, fee: fill.fee, pnl: fill.pnl, sell_pnl: order.side === 'sell' ? fill.pnl : '0',
    state: f.state, realized_pnl: f.realizedPnl, held_qty: f.heldQty, held_cost: f.heldCost, grid_no: f.gridNo, trades: f.trades,
    last_price: f.lastPrice, fills: fill.trades.map((t) => ({ market: fill.market, symbol: t.symbol, trade_id: t.id, price: t.price, quantity: t.quantity, fee: t.fee,
      fee_asset: t.feeAsset })) };
}

/**
 * Fills of several bots in one statement: the order's status flip (the apply-once guard: a fill
 * booked already changes nothing), its exchange trades (unique by market and trade id), and the
 * bot's state, all fenced on the lease.
 */
export async function writeFillBatch(h: LeaseHolder, rows: readonly FillRow[]): Promise<FillOutcome[]> {
  const result = await h.db.execute(sql`
    WITH v AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(bot_id uuid, order_id uuid, exchange_order_id text,
      fill_price numeric, filled_qty numeric, cost numeric, fee numeric, pnl numeric, sell_pnl numeric, state jsonb, realized_pnl numeric,
      held_qty numeric, held_cost numeric, grid_no integer, trades integer, last_price numeric, fills jsonb)),
    l AS (SELECT bots.id FROM bots JOIN v ON v.bot_id = bots.id WHERE bots.lease_owner = ${h.owner} ORDER BY bots.id FOR UPDATE OF bots),
    o AS (
      UPDATE bot_orders SET status = 'filled', exchange_order_id = v.exchange_order_id, fill_price = v.fill_price, filled_qty = v.filled_qty,
        cost = v.cost, fee = v.fee, pnl = v.pnl, filled_at = now(), error = NULL
      FROM v WHERE bot_orders.id = v.order_id AND bot_orders.status IN ('intent', 'unknown') AND v.bot_id IN (SELECT id FROM l)
      RETURNING bot_orders.id),
    f AS (
      INSERT INTO bot_fills (order_id, market, symbol, trade_id, price, quantity, fee, fee_asset)
      SELECT v.order_id, t.market, t.symbol, t.trade_id, t.price, t.quantity, t.fee, t.fee_asset
      FROM v JOIN o ON o.id = v.order_id,
        jsonb_to_recordset(v.fills) AS t(market text, symbol text, trade_id text, price numeric, quantity numeric, fee numeric, fee_asset text)
      ON CONFLICT DO NOTHING),
    b AS (
      UPDATE bots SET state = v.state, realized_pnl = v.realized_pnl, held_qty = v.held_qty, held_cost = v.held_cost, grid_no = v.grid_no,
        trades = v.trades, last_price = v.last_price,
        profit_booked = bots.profit_booked + greatest(v.sell_pnl, 0), loss_booked = bots.loss_booked + least(v.sell_pnl, 0)
      FROM v WHERE bots.id = v.bot_id AND v.order_id IN (SELECT id FROM o)
      RETURNING bots.id)
    SELECT v.order_id AS id, v.bot_id IN (SELECT id FROM l) AS held, v.order_id IN (SELECT id FROM o) AS flipped FROM v`);
  const byOrder = new Map(rowsOf<{ id: string; held: boolean; flipped: boolean }>(result).map((r) => [r.id, r]));
  return rows.map((row) => {
    const outcome = byOrder.get(row.order_id);
    return !outcome?.held ? 'lost' : outcome.flipped ? 'applied' : 'already';
  });
}
