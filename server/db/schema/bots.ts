/** Bots, their orders and fills, and the member commands the engine applies. */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BotStatus } from '../../../common/api/bots';
import { createdAt } from './columns';
import { runnableCommandsTable } from './runnable-commands';
import { users } from './members';
import { strategies } from './strategies';

/**
 * Bots. A strategy is 'active' while a Live or Pause bot uses it, and cannot be deleted then. A
 * stopped bot keeps its row after its strategy is deleted (strategy_id becomes null): the bot
 * runs from its own copy of the grids (`strategy_snapshot`), so an edit never changes a running
 * bot.
 *
 * Who writes what: the API writes the member's settings (the price and percent columns) and
 * queues a bot_commands row in the same transaction; the engine that holds the lease owns
 * `status`, `state` and the figures, and every engine write is fenced on `lease_owner`, so an
 * engine that lost its lease can change nothing.
 */
export const bots = pgTable(
  'bots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    strategyId: uuid('strategy_id').references(() => strategies.id, { onDelete: 'set null' }),
    status: text('status').$type<BotStatus>().notNull(),
    createdAt: createdAt(),
    /** As the member picked it: a strategy name or 'System Strategy'. */
    strategyName: text('strategy_name').notNull().default(''),
    /** The grids the bot runs: [{gridNo, alloc, buyDown, buyUp, tpUp, tpDown}] as decimal strings. */
    strategySnapshot: jsonb('strategy_snapshot'),
    symbol: text('symbol').notNull().default(''),
    category: text('category').notNull().default('Spot'),
    botType: text('bot_type').notNull().default('Advanced Multigrid'),
    leverage: integer('leverage'),
    investment: numeric('investment', { precision: 38, scale: 18 }).notNull().default('0'),
    profitBook: numeric('profit_book', { precision: 38, scale: 18 }),
    pausePrice: numeric('pause_price', { precision: 38, scale: 18 }),
    restartPrice: numeric('restart_price', { precision: 38, scale: 18 }),
    stoplossPrice: numeric('stoploss_price', { precision: 38, scale: 18 }),
    overbuyProtection: integer('overbuy_protection'),
    /** The pair's exchange rules when the bot started: {stepSize, tickSize, minNotional, feeRate}. */
    marketRules: jsonb('market_rules'),
    /** The grid core's state (server/trading/snapshot.ts), written with every order and fill. */
    state: jsonb('state'),
    /** Next order sequence: clientOrderIds are derived from (bot id, seq), so a retry finds its order. */
    orderSeq: integer('order_seq').notNull().default(0),
    stopReason: text('stop_reason'),
    stopMessage: text('stop_message'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    /** Figures kept beside the state for the dashboard's queries (no JSON parsing per poll). */
    realizedPnl: numeric('realized_pnl', { precision: 38, scale: 18 }).notNull().default('0'),
    profitBooked: numeric('profit_booked', { precision: 38, scale: 18 }).notNull().default('0'),
    lossBooked: numeric('loss_booked', { precision: 38, scale: 18 }).notNull().default('0'),
    heldQty: numeric('held_qty', { precision: 38, scale: 18 }).notNull().default('0'),
    heldCost: numeric('held_cost', { precision: 38, scale: 18 }).notNull().default('0'),
    gridNo: integer('grid_no').notNull().default(0),
    totalGrid: integer('total_grid').notNull().default(0),
    trades: integer('trades').notNull().default(0),
    lastPrice: numeric('last_price', { precision: 38, scale: 18 }),
    /** The engine process holding the bot, until lease_expires_at (heartbeat renews it). */
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
  },
  (t) => [
    check('bots_status', sql`${t.status} IN ('Live', 'Pause', 'Stopped')`),
    check('bots_category', sql`${t.category} IN ('Spot', 'Future')`),
    index('bots_user_idx').on(t.userId),
    index('bots_strategy_idx').on(t.strategyId),
    // The running bots by holder, in id order: what an engine renews (its own, in id-ordered
    // chunks) and claims (nobody's, or a dead holder's). Not by lease expiry: a column in an index
    // makes every update of it a non-HOT one, and the heartbeat rewrites each running bot's
    // expiry every few seconds (migration 0006 also leaves room on each page for HOT updates).
    index('bots_running_idx').on(t.leaseOwner, t.id).where(sql`${t.status} IN ('Live', 'Pause')`),
  ],
);

/**
 * Order intents: written (status 'intent') before the order is sent, with the deterministic
 * client_order_id, so a crash at any instant leaves a record the reconciler resolves by that id.
 * 'filled' is set once, in the same transaction that persists the bot's state with the fill
 * applied: the status change is the apply-once guard.
 */
export const botOrders = pgTable(
  'bot_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    clientOrderId: text('client_order_id').notNull(),
    /**
     * 'buy' | 'sell' | 'sellAll', or 'liquidation': the exchange closing a futures position, never
     * sent by us; it settles once the exchange shows the position gone.
     */
    kind: text('kind').notNull(),
    side: text('side').notNull(),
    /** 0 for a sell-all. */
    grid: integer('grid').notNull(),
    quantity: numeric('quantity', { precision: 38, scale: 18 }).notNull(),
    /** The price the decision was taken at. */
    decisionPrice: numeric('decision_price', { precision: 38, scale: 18 }).notNull(),
    status: text('status').notNull(),
    exchangeOrderId: text('exchange_order_id'),
    fillPrice: numeric('fill_price', { precision: 38, scale: 18 }),
    filledQty: numeric('filled_qty', { precision: 38, scale: 18 }),
    /** Quote amount (cummulativeQuoteQty). */
    cost: numeric('cost', { precision: 38, scale: 18 }),
    fee: numeric('fee', { precision: 38, scale: 18 }),
    pnl: numeric('pnl', { precision: 38, scale: 18 }),
    error: text('error'),
    createdAt: createdAt(),
    filledAt: timestamp('filled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bot_orders_client_order_id_idx').on(t.clientOrderId),
    uniqueIndex('bot_orders_bot_seq_idx').on(t.botId, t.seq),
    index('bot_orders_bot_filled_idx').on(t.botId, t.filledAt),
    index('bot_orders_unsettled_idx').on(t.botId).where(sql`${t.status} IN ('intent', 'unknown')`),
    check('bot_orders_status', sql`${t.status} IN ('intent', 'unknown', 'filled', 'failed')`),
    check('bot_orders_kind', sql`${t.kind} IN ('buy', 'sell', 'sellAll', 'liquidation')`),
  ],
);

/** Exchange trades behind our fills: one row per exchange trade, never two (spot and USD-M number theirs apart). */
export const botFills = pgTable(
  'bot_fills',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => botOrders.id, { onDelete: 'cascade' }),
    /** 'spot' or 'futures' (USD-M). */
    market: text('market').notNull().default('spot'),
    symbol: text('symbol').notNull(),
    tradeId: text('trade_id').notNull(),
    price: numeric('price', { precision: 38, scale: 18 }).notNull(),
    quantity: numeric('quantity', { precision: 38, scale: 18 }).notNull(),
    fee: numeric('fee', { precision: 38, scale: 18 }).notNull(),
    feeAsset: text('fee_asset').notNull(),
  },
  (t) => [primaryKey({ columns: [t.market, t.symbol, t.tradeId] }), index('bot_fills_order_idx').on(t.orderId)],
);

/** Member commands for the engine that holds the bot (runnable-commands.ts); 'settings' re-reads the price and percent columns. */
export const botCommands = runnableCommandsTable('bot', () => bots.id);
