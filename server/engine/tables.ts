/**
 * The tables a runnable lives in, named by its codec (RunnableCodec.tables): its rows, its
 * orders, the exchange trades behind its fills and its member commands. Every kind of runnable
 * has tables of its own (the grid bot: bots, bot_orders, bot_fills, bot_commands) sharing the
 * columns the kernel reads and writes, so the kernel's statements are the same for all of them;
 * only the names come from here.
 *
 * The kernel's columns, by table:
 * - runnables: id, user_id, symbol, status, order_seq, lease_owner, lease_expires_at,
 *   stop_reason, stop_message, stopped_at, profit_booked, loss_booked, and the state columns
 *   every state write sets (StateColumns: state, realized_pnl, held_qty, held_cost, grid_no,
 *   trades, last_price);
 * - orders: id, the runnable's id (`runnableId`), seq, client_order_id, kind, side, the slot
 *   (`slot`), quantity, decision_price, status, exchange_order_id, fill_price, filled_qty, cost,
 *   fee, pnl, error, created_at, filled_at;
 * - fills: order_id, market, symbol, trade_id, price, quantity, fee, fee_asset (unique by market,
 *   symbol and trade id);
 * - commands: id, the runnable's id (`runnableId`), kind, created_at, applied_at, result.
 */
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

export interface RunnableTables {
  runnables: PgTable;
  orders: PgTable;
  fills: PgTable;
  commands: PgTable;
  /** The column of its orders and commands naming the runnable they belong to ('bot_id'). */
  runnableId: string;
  /** The orders' column holding an intent's slot (a bot's grid: 'grid'). */
  slot: string;
}

type Identifier = ReturnType<typeof sql.identifier>;

/** The table set as the identifiers the kernel's statements interpolate. */
export interface TableNames {
  runnables: Identifier;
  orders: Identifier;
  fills: Identifier;
  commands: Identifier;
  runnableId: Identifier;
  slot: Identifier;
}

export function tableNames(tables: RunnableTables): TableNames {
  return {
    runnables: sql.identifier(getTableName(tables.runnables)),
    orders: sql.identifier(getTableName(tables.orders)),
    fills: sql.identifier(getTableName(tables.fills)),
    commands: sql.identifier(getTableName(tables.commands)),
    runnableId: sql.identifier(tables.runnableId),
    slot: sql.identifier(tables.slot),
  };
}
