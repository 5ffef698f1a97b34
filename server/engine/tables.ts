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
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
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
  /**
   * The orders' column holding the order type ('market' | 'limit'), for a runnable that rests
   * limit orders; its orders' status then also admits 'open' (resting on the exchange) and
   * 'cancel' (a cancel decided, not yet answered). Absent: every order is at market (bots).
   */
  orderType?: string;
  /**
   * The runnables' own figure columns, set from `StateColumns.extra` with every state write (a
   * cycle's `cycles_completed`, `last_bought_price`: what its pages read without the state).
   */
  figures?: readonly string[];
  /**
   * The member's settings columns whose running values the state keeps, by the state key that
   * holds each (a cycle's `buy_price` <- `state.buyPrice`). The API writes an edit into these
   * columns with its 'settings' command; when the command is refused, the kernel writes them
   * back from the state in the same transaction as the refusal, so a row never shows settings
   * that never ran. Absent: the columns themselves are what the core runs on (bots).
   */
  settingsInState?: Readonly<Record<string, string>>;
}

/** A runnable's own figure values by column (StateColumns.extra). */
export type FigureValues = Readonly<Record<string, string | number | null>>;

type Identifier = ReturnType<typeof sql.identifier>;

/** The table set as the identifiers the kernel's statements interpolate. */
export interface TableNames {
  runnables: Identifier;
  orders: Identifier;
  fills: Identifier;
  commands: Identifier;
  runnableId: Identifier;
  slot: Identifier;
  /** Null: its orders are all at market, and never rest. */
  orderType: Identifier | null;
  /** The runnables' own figure columns (RunnableTables.figures) and their SQL types. */
  figures: readonly { name: string; type: string }[];
  /** RunnableTables.settingsInState as columns with their SQL types. */
  settingsInState: readonly { name: string; key: string; type: string }[];
}

/** The figure columns of the runnables' table with their SQL types (a batched text value is cast to it). */
function typed(tables: RunnableTables, names: readonly string[], what: string): { name: string; type: string }[] {
  const columns = Object.values(getTableColumns(tables.runnables));
  return names.map((name) => {
    const column = columns.find((c) => c.name === name);
    if (!column) throw new Error(`${getTableName(tables.runnables)} has no ${what} column ${name}`);
    return { name, type: column.getSQLType() };
  });
}

export function tableNames(tables: RunnableTables): TableNames {
  return {
    runnables: sql.identifier(getTableName(tables.runnables)),
    orders: sql.identifier(getTableName(tables.orders)),
    fills: sql.identifier(getTableName(tables.fills)),
    commands: sql.identifier(getTableName(tables.commands)),
    runnableId: sql.identifier(tables.runnableId),
    slot: sql.identifier(tables.slot),
    orderType: tables.orderType === undefined ? null : sql.identifier(tables.orderType),
    figures: typed(tables, tables.figures ?? [], 'figure'),
    settingsInState: typed(tables, Object.keys(tables.settingsInState ?? {}), 'settings').map((c) => ({
      ...c,
      key: tables.settingsInState![c.name]!,
    })),
  };
}

/** The figure columns' assignments from `extra` (empty when the runnable has none). */
export const figureSet = (t: TableNames, extra: FigureValues | undefined) =>
  sql.join(t.figures.map((f) => sql`, ${sql.identifier(f.name)} = ${extra?.[f.name] ?? null}`));

/** The same from a batched record set's `extra` jsonb column (`v.extra`): its text values cast to the columns' types. */
export const figureSetFrom = (t: TableNames, v: Identifier) =>
  sql.join(t.figures.map((f) => sql`, ${sql.identifier(f.name)} = (${v}.extra->>${f.name})::${sql.raw(f.type)}`));

/**
 * The statuses of an order whose outcome is not booked yet: an intent, a send whose fate is
 * unknown, and, where orders rest, one open on the exchange or being cancelled. Spelled for a
 * runnable that never rests as the bots' partial index (bot_orders_unsettled_idx) spells it.
 */
export const unsettledStatuses = (t: TableNames) =>
  t.orderType === null ? sql`('intent', 'unknown')` : sql`('intent', 'unknown', 'open', 'cancel')`;
