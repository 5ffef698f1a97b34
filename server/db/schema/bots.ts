/** Bots, their orders and fills, and the member commands the engine applies. */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BotStatus } from '../../../common/api/bots';
import { createdAt } from './columns';
import { runnableCommandsTable, runnableFillsTable, runnableOrderColumns, runnableOrderConstraints } from './runnable-tables';
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
    /** The grid core's state (trading/snapshot.ts), written with every order and fill. */
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
    index('bots_running_idx')
      .on(t.leaseOwner, t.id)
      .where(sql`${t.status} IN ('Live', 'Pause')`),
  ],
);

/** The grid bot's orders (runnable-tables.ts); its orders never rest, so they have no order_type. */
export const botOrders = pgTable(
  'bot_orders',
  runnableOrderColumns('bot', () => bots.id, 'grid'),
  (t) =>
    runnableOrderConstraints('bot', t, {
      // 'liquidation': the exchange closing a futures position, never sent by us; it settles once
      // the exchange shows the position gone. A sell-all's slot is 0.
      orderKinds: ['buy', 'sell', 'sellAll', 'liquidation'],
      statuses: ['intent', 'unknown', 'filled', 'failed'],
      unsettled: ['intent', 'unknown'],
    }),
);

/** Exchange trades behind the bots' fills (runnable-tables.ts). */
export const botFills = runnableFillsTable('bot', () => botOrders.id);

/** Member commands for the engine that holds the bot (runnable-tables.ts); 'settings' re-reads the price and percent columns. */
export const botCommands = runnableCommandsTable('bot', () => bots.id);
