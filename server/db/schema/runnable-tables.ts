/**
 * The tables every kind of runnable has beside its own row: its orders, the exchange trades
 * behind their fills, and its member commands, built by one factory so the kinds cannot drift
 * apart (the bots' and the cycles' copies had: `grid` vs `slot`, numeric(38,18) spelled two ways).
 * In code the runnable's column is `runnableId` and an order's slot is `slot` for every kind, so
 * the kernel (engine/tables.ts) and the shared modules (modules/runnables/) serve each alike.
 *
 * In SQL each keeps the names it was created with (`bot_id`/`cycle_id`; a bot's slot is `grid`):
 * renaming a column is not an expand-only migration (README, Upgrades), so it would cost a
 * stop-the-world upgrade for a name; the factory maps them, and the schema is the same SQL as
 * before (drizzle-kit finds nothing to migrate).
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Exact amounts and prices: numeric(38, 18), never a float. */
export const money = (name: string) => numeric(name, { precision: 38, scale: 18 });

/** A constant list of SQL strings, as the checks and partial indexes spell it: ('a', 'b'). */
const inList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`);

export interface OrderRules {
  /** What `kind` may hold: 'buy', 'sell', ... and 'liquidation' (the exchange closing a futures position). */
  orderKinds: readonly string[];
  /** Every status an order may have, and those the reconciler still has to settle. */
  statuses: readonly string[];
  unsettled: readonly string[];
}

/**
 * The columns of a kind's order intents: written (status 'intent') before the order is sent,
 * with the deterministic client_order_id, so a crash at any instant leaves a record the
 * reconciler resolves by that id. 'filled' is set once, in the same transaction that persists
 * the runnable's state with the fill applied: the status change is the apply-once guard. A kind
 * whose orders rest on the exchange adds its `order_type` (cycles.ts).
 */
export function runnableOrderColumns<Kind extends string>(
  kind: Kind,
  runnableId: () => AnyPgColumn,
  slotColumn: 'slot' | 'grid',
) {
  return {
    id: uuid('id').primaryKey().defaultRandom(),
    runnableId: uuid(`${kind}_id`).notNull().references(runnableId, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    clientOrderId: text('client_order_id').notNull(),
    kind: text('kind').notNull(),
    side: text('side').notNull(),
    /** The core's own number of the order (a bot's grid; a cycle's 1, 2, 3, ...); 0 for a sell-all or a liquidation. */
    slot: integer(slotColumn).notNull(),
    quantity: money('quantity').notNull(),
    /** The limit's price, or the price a market order was decided at. */
    decisionPrice: money('decision_price').notNull(),
    status: text('status').notNull(),
    exchangeOrderId: text('exchange_order_id'),
    fillPrice: money('fill_price'),
    filledQty: money('filled_qty'),
    /** Quote amount (cummulativeQuoteQty). */
    cost: money('cost'),
    fee: money('fee'),
    pnl: money('pnl'),
    error: text('error'),
    createdAt: createdAt(),
    filledAt: timestamp('filled_at', { withTimezone: true }),
  };
}

interface OrderColumns {
  runnableId: AnyPgColumn;
  seq: AnyPgColumn;
  clientOrderId: AnyPgColumn;
  kind: AnyPgColumn;
  status: AnyPgColumn;
  filledAt: AnyPgColumn;
}

/** The indexes and checks of a kind's orders (the same names for every kind, after its prefix). */
export function runnableOrderConstraints(kind: string, t: OrderColumns, rules: OrderRules) {
  return [
    uniqueIndex(`${kind}_orders_client_order_id_idx`).on(t.clientOrderId),
    uniqueIndex(`${kind}_orders_${kind}_seq_idx`).on(t.runnableId, t.seq),
    index(`${kind}_orders_${kind}_filled_idx`).on(t.runnableId, t.filledAt),
    index(`${kind}_orders_unsettled_idx`)
      .on(t.runnableId)
      .where(sql`${t.status} IN ${inList(rules.unsettled)}`),
    check(`${kind}_orders_status`, sql`${t.status} IN ${inList(rules.statuses)}`),
    check(`${kind}_orders_kind`, sql`${t.kind} IN ${inList(rules.orderKinds)}`),
  ];
}

/** Exchange trades behind a kind's fills: one row per exchange trade, never two (spot and USD-M number theirs apart). */
export function runnableFillsTable<Kind extends string>(kind: Kind, orderId: () => AnyPgColumn) {
  return pgTable(
    `${kind}_fills`,
    {
      orderId: uuid('order_id').notNull().references(orderId, { onDelete: 'cascade' }),
      /** 'spot' or 'futures' (USD-M). */
      market: text('market').notNull().default('spot'),
      symbol: text('symbol').notNull(),
      tradeId: text('trade_id').notNull(),
      price: money('price').notNull(),
      quantity: money('quantity').notNull(),
      fee: money('fee').notNull(),
      feeAsset: text('fee_asset').notNull(),
    },
    (t) => [primaryKey({ columns: [t.market, t.symbol, t.tradeId] }), index(`${kind}_fills_order_idx`).on(t.orderId)],
  );
}

/**
 * Member commands for the engine that holds a runnable: 'stop', 'stopAndSell' or 'settings'
 * (re-read the edited settings columns). Engines look at the unapplied ones; applied_at marks
 * one done and result holds the engine's answer (runnables/command-results.ts).
 */
export function runnableCommandsTable<Kind extends string>(kind: Kind, runnableId: () => AnyPgColumn) {
  return pgTable(
    `${kind}_commands`,
    {
      id: uuid('id').primaryKey().defaultRandom(),
      runnableId: uuid(`${kind}_id`).notNull().references(runnableId, { onDelete: 'cascade' }),
      kind: text('kind').notNull(),
      createdAt: createdAt(),
      appliedAt: timestamp('applied_at', { withTimezone: true }),
      result: text('result'),
    },
    (t) => [
      index(`${kind}_commands_pending_idx`)
        .on(t.createdAt)
        .where(sql`${t.appliedAt} IS NULL`),
      check(`${kind}_commands_kind`, sql`${t.kind} IN ('stop', 'stopAndSell', 'settings')`),
    ],
  );
}

/** A command table of any kind, as the shared command path takes it. */
export type RunnableCommandsTable = ReturnType<typeof runnableCommandsTable<'bot' | 'cycle'>>;
