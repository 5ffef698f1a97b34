/** Bots, their orders and fills, and the member commands the engine applies. */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { BotStatus } from '../../../common/api/bots';
import {
  money,
  runnableCommandsTable,
  runnableFillsTable,
  runnableOrderColumns,
  runnableOrderConstraints,
  runnableRowColumns,
  runningIndex,
} from './runnable-tables';
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
    ...runnableRowColumns<BotStatus>(),
    strategyId: uuid('strategy_id').references(() => strategies.id, { onDelete: 'set null' }),
    /** As the member picked it: a strategy name or 'System Strategy'. */
    strategyName: text('strategy_name').notNull().default(''),
    /** The grids the bot runs: [{gridNo, alloc, buyDown, buyUp, tpUp, tpDown}] as decimal strings. */
    strategySnapshot: jsonb('strategy_snapshot'),
    symbol: text('symbol').notNull().default(''),
    botType: text('bot_type').notNull().default('Advanced Multigrid'),
    investment: money('investment').notNull().default('0'),
    profitBook: money('profit_book'),
    pausePrice: money('pause_price'),
    restartPrice: money('restart_price'),
    stoplossPrice: money('stoploss_price'),
    overbuyProtection: integer('overbuy_protection'),
    totalGrid: integer('total_grid').notNull().default(0),
  },
  (t) => [
    check('bots_status', sql`${t.status} IN ('Live', 'Pause', 'Stopped')`),
    check('bots_category', sql`${t.category} IN ('Spot', 'Future')`),
    index('bots_user_idx').on(t.userId),
    index('bots_strategy_idx').on(t.strategyId),
    runningIndex('bots', t),
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
