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
  jsonb,
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
import { users } from './members';

/** Exact amounts and prices: numeric(38, 18), never a float. */
export const money = (name: string) => numeric(name, { precision: 38, scale: 18 });

/** A constant list of SQL strings, as the checks and partial indexes spell it: ('a', 'b'). */
const inList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`);

/**
 * The columns of a runnable's own row that the kernel reads and writes (engine/tables.ts): who
 * holds it and until when, its state and the figures kept beside it, its order sequence and why
 * it stopped, plus what every kind has (member, category, leverage, the pair's exchange rules). A
 * kind adds its settings, its symbol and its own figures. `Status` is the kind's closed set.
 */
export function runnableRowColumns<Status extends string>() {
  return {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<Status>().notNull(),
    createdAt: createdAt(),
    category: text('category').notNull().default('Spot'),
    leverage: integer('leverage'),
    /** The pair's exchange rules when it started: {stepSize, tickSize, minNotional, feeRate[, futures]}. */
    marketRules: jsonb('market_rules'),
    /** The kind's core state (trading/snapshot.ts, trading/cycle/snapshot.ts), written with every order and fill. */
    state: jsonb('state'),
    /** Next order sequence: clientOrderIds are derived from (runnable id, seq), so a retry finds its order. */
    orderSeq: integer('order_seq').notNull().default(0),
    stopReason: text('stop_reason'),
    stopMessage: text('stop_message'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    /** Figures kept beside the state for the pages' queries (no JSON parsing per poll). */
    realizedPnl: money('realized_pnl').notNull().default('0'),
    profitBooked: money('profit_booked').notNull().default('0'),
    lossBooked: money('loss_booked').notNull().default('0'),
    heldQty: money('held_qty').notNull().default('0'),
    heldCost: money('held_cost').notNull().default('0'),
    gridNo: integer('grid_no').notNull().default(0),
    trades: integer('trades').notNull().default(0),
    lastPrice: money('last_price'),
    /** The engine process holding it, until lease_expires_at (its heartbeat renews it). */
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
  };
}

/**
 * A kind's running rows by holder, in id order: what an engine renews (its own, in id-ordered
 * chunks) and claims (nobody's, or a dead holder's). Not by lease expiry: a column in an index
 * makes every update of it a non-HOT one, and the heartbeat rewrites each running row's expiry
 * every few seconds (migration 0006 also leaves room on each page for HOT updates).
 */
export function runningIndex(table: string, t: { leaseOwner: AnyPgColumn; id: AnyPgColumn; status: AnyPgColumn }) {
  return index(`${table}_running_idx`)
    .on(t.leaseOwner, t.id)
    .where(sql`${t.status} IN ('Live', 'Pause')`);
}

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
