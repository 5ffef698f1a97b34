/**
 * The batched statements of the order book: intents with the state that decided them, and fills
 * with the state they produced, for one runnable or many in one round trip. Each is fenced on the
 * lease (and intents on the runnable's order sequence), and locks runnable rows in id order, as
 * every statement that locks many of them takes them (two that take them in other orders
 * deadlock). The tables are the runnable's (`h.tables`, tables.ts).
 */
import { sql } from 'drizzle-orm';
import type { Market } from '../exchange/core/gateway';
import { rowsOf } from '../db/rows';
import type { Runnable, RunningRow, StateColumns } from './runnable';
import type { AppliedFill, OrderRow } from './order-records';
import type { LeaseHolder } from './leases';
import { figureSet, figureSetFrom, unsettledStatuses, type TableNames } from './tables';

/** The batched statements' record set. */
const V = sql.identifier('v');

/** One fill of the batched statement: the order's outcome and the runnable's state it produced, as taken when it settled. */
export interface FillRow {
  runnable_id: string;
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
  /** The runnable's own figure columns (StateColumns.extra). */
  extra: StateColumns['extra'] | null;
  fills: { market: Market; symbol: string; trade_id: string; price: string; quantity: string; fee: string; fee_asset: string }[];
}
export type FillOutcome = 'applied' | 'already' | 'lost';

/** The state and figures of one bot and its intents, one statement; the ids of the intents written (none: the lease is gone). */
export async function writeIntents(
  h: LeaseHolder,
  row: RunningRow,
  core: Runnable,
  orders: readonly OrderRow[],
): Promise<unknown[]> {
  const { runnables, orders: ordersTable } = h.tables;
  const first = row.orderSeq;
  const f = core.columns();
  const result = await h.db.execute(sql`
    WITH b AS (
      UPDATE ${runnables} SET order_seq = ${first + orders.length}, state = ${JSON.stringify(f.state)}::jsonb,
        realized_pnl = ${f.realizedPnl}, held_qty = ${f.heldQty}, held_cost = ${f.heldCost}, grid_no = ${f.gridNo},
        trades = ${f.trades}, last_price = ${f.lastPrice}${figureSet(h.tables, f.extra)}
      WHERE id = ${row.id} AND lease_owner = ${h.owner} AND order_seq = ${first}
      RETURNING id)
    ${insertOrders(h.tables)}
    FROM b, ${orderRecords(orders)}
    RETURNING ${ordersTable}.id`);
  return rowsOf(result);
}

/** The insert of intents from `orderRecords` (the statement goes on with its FROM). */
export const insertOrders = (t: TableNames) =>
  t.orderType === null
    ? sql`
    INSERT INTO ${t.orders} (id, ${t.runnableId}, seq, client_order_id, kind, side, ${t.slot}, quantity, decision_price, status, created_at)
    SELECT o.id, o."runnableId", o.seq, o."clientOrderId", o.kind, o.side, o.slot, o.quantity, o."decisionPrice", o.status, o."createdAt"`
    : sql`
    INSERT INTO ${t.orders} (id, ${t.runnableId}, seq, client_order_id, kind, side, ${t.slot}, quantity, decision_price, ${t.orderType}, status, created_at)
    SELECT o.id, o."runnableId", o.seq, o."clientOrderId", o.kind, o.side, o.slot, o.quantity, o."decisionPrice", o.type, o.status, o."createdAt"`;

/** Intents as a record set, `o`. */
export const orderRecords = (
  orders: readonly OrderRow[],
) => sql`jsonb_to_recordset(${JSON.stringify(orders)}::jsonb) AS o(id uuid, "runnableId" uuid,
      seq integer, "clientOrderId" text, kind text, side text, slot integer, quantity numeric, "decisionPrice" numeric, type text, status text,
      "createdAt" timestamptz)`;

/** The intents of many runnables and their states, one statement; the runnables written. */
export async function writeIntentBatch(
  h: LeaseHolder,
  items: readonly { row: RunningRow; core: Runnable; orders: readonly OrderRow[] }[],
): Promise<Set<string>> {
  const states = items.map(({ row, core, orders }) => ({
    id: row.id,
    first: row.orderSeq,
    next: row.orderSeq + orders.length,
    ...stateRecordOf(core),
  }));
  const orders = items.flatMap((item) => item.orders);
  const { runnables: r } = h.tables;
  const result = await h.db.execute(sql`
    WITH v AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(states)}::jsonb) AS v(id uuid, first integer, next integer, state jsonb,
      realized_pnl numeric, held_qty numeric, held_cost numeric, grid_no integer, trades integer, last_price numeric, extra jsonb)),
    l AS (SELECT ${r}.id FROM ${r} JOIN v ON v.id = ${r}.id WHERE ${r}.lease_owner = ${h.owner} AND ${r}.order_seq = v.first
      ORDER BY ${r}.id FOR UPDATE OF ${r}),
    b AS (
      UPDATE ${r} SET order_seq = v.next, state = v.state, realized_pnl = v.realized_pnl, held_qty = v.held_qty, held_cost = v.held_cost,
        grid_no = v.grid_no, trades = v.trades, last_price = v.last_price${figureSetFrom(h.tables, V)}
      FROM v WHERE ${r}.id = v.id AND ${r}.id IN (SELECT id FROM l)
      RETURNING ${r}.id),
    o AS (${insertOrders(h.tables)}
      FROM ${orderRecords(orders)}
      WHERE o."runnableId" IN (SELECT id FROM b))
    SELECT id FROM b`);
  return new Set(rowsOf<{ id: string }>(result).map((r) => r.id));
}

/** The runnable's state columns as a batched statement's record names them (jsonb_to_recordset). */
function stateRecordOf(core: Runnable) {
  const f = core.columns();
  return {
    state: f.state,
    realized_pnl: f.realizedPnl,
    held_qty: f.heldQty,
    held_cost: f.heldCost,
    grid_no: f.gridNo,
    trades: f.trades,
    last_price: f.lastPrice,
    extra: f.extra ?? null,
  };
}

/** The batched statement's row of a fill of `order`, with the state it produced. */
export function fillRowOf(row: RunningRow, core: Runnable, order: OrderRow, fill: AppliedFill): FillRow {
  return {
    runnable_id: row.id,
    order_id: order.id,
    exchange_order_id: fill.exchangeOrderId,
    fill_price: fill.price,
    filled_qty: fill.quantity,
    cost: fill.cost,
    fee: fill.fee,
    pnl: fill.pnl,
    sell_pnl: order.side === 'sell' ? fill.pnl : '0',
    ...stateRecordOf(core),
    fills: fill.trades.map((t) => ({
      market: fill.market,
      symbol: t.symbol,
      trade_id: t.id,
      price: t.price,
      quantity: t.quantity,
      fee: t.fee,
      fee_asset: t.feeAsset,
    })),
  };
}

/**
 * Fills of several runnables in one statement: the order's status flip (the apply-once guard: a
 * fill booked already changes nothing), its exchange trades (unique by market and trade id), and
 * the runnable's state, all fenced on the lease.
 */
export async function writeFillBatch(h: LeaseHolder, rows: readonly FillRow[]): Promise<FillOutcome[]> {
  const { runnables: r, orders, fills } = h.tables;
  const result = await h.db.execute(sql`
    WITH v AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(runnable_id uuid, order_id uuid, exchange_order_id text,
      fill_price numeric, filled_qty numeric, cost numeric, fee numeric, pnl numeric, sell_pnl numeric, state jsonb, realized_pnl numeric,
      held_qty numeric, held_cost numeric, grid_no integer, trades integer, last_price numeric, extra jsonb, fills jsonb)),
    l AS (SELECT ${r}.id FROM ${r} JOIN v ON v.runnable_id = ${r}.id WHERE ${r}.lease_owner = ${h.owner} ORDER BY ${r}.id FOR UPDATE OF ${r}),
    o AS (
      UPDATE ${orders} SET status = 'filled', exchange_order_id = v.exchange_order_id, fill_price = v.fill_price, filled_qty = v.filled_qty,
        cost = v.cost, fee = v.fee, pnl = v.pnl, filled_at = now(), error = NULL
      FROM v WHERE ${orders}.id = v.order_id AND ${orders}.status IN ${unsettledStatuses(h.tables)} AND v.runnable_id IN (SELECT id FROM l)
      RETURNING ${orders}.id),
    f AS (
      INSERT INTO ${fills} (order_id, market, symbol, trade_id, price, quantity, fee, fee_asset)
      SELECT v.order_id, t.market, t.symbol, t.trade_id, t.price, t.quantity, t.fee, t.fee_asset
      FROM v JOIN o ON o.id = v.order_id,
        jsonb_to_recordset(v.fills) AS t(market text, symbol text, trade_id text, price numeric, quantity numeric, fee numeric, fee_asset text)
      ON CONFLICT DO NOTHING),
    b AS (
      UPDATE ${r} SET state = v.state, realized_pnl = v.realized_pnl, held_qty = v.held_qty, held_cost = v.held_cost, grid_no = v.grid_no,
        trades = v.trades, last_price = v.last_price${figureSetFrom(h.tables, V)},
        profit_booked = ${r}.profit_booked + greatest(v.sell_pnl, 0), loss_booked = ${r}.loss_booked + least(v.sell_pnl, 0)
      FROM v WHERE ${r}.id = v.runnable_id AND v.order_id IN (SELECT id FROM o)
      RETURNING ${r}.id)
    SELECT v.order_id AS id, v.runnable_id IN (SELECT id FROM l) AS held, v.order_id IN (SELECT id FROM o) AS flipped FROM v`);
  const byOrder = new Map(rowsOf<{ id: string; held: boolean; flipped: boolean }>(result).map((r) => [r.id, r]));
  return rows.map((row) => {
    const outcome = byOrder.get(row.order_id);
    return !outcome?.held ? 'lost' : outcome.flipped ? 'applied' : 'already';
  });
}
