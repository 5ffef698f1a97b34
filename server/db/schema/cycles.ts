/**
 * Cycles, their orders and fills, and the member commands the engine applies (ARCHITECTURE
 * section 5, "Cycle"; the kernel's columns: server/engine/tables.ts). A cycle rests LIMIT GTC
 * orders, so its orders keep their type and may be 'open' (resting on the exchange) or 'cancel'
 * (a cancel decided, not yet answered).
 *
 * Who writes what, as for bots: the API writes the member's settings (buy, sell, stop loss,
 * number of cycles) and queues a cycle_commands row in the same transaction; the engine that
 * holds the lease owns `status`, `state` and the figures, every write fenced on `lease_owner`.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CycleStatusLabel } from '../../../common/api/cycles';
import {
  money,
  runnableCommandsTable,
  runnableRowColumns,
  runningIndex,
  runnableFillsTable,
  runnableOrderColumns,
  runnableOrderConstraints,
} from './runnable-tables';

export const cycles = pgTable(
  'cycles',
  {
    ...runnableRowColumns<CycleStatusLabel>(),
    symbol: text('symbol').notNull(),
    /** The amount A each round buys with (USDT). */
    amount: money('amount').notNull(),
    /** The member's settings; an edit writes them with a 'settings' command. */
    buyPrice: money('buy_price').notNull(),
    sellPrice: money('sell_price').notNull(),
    stopLoss: money('stop_loss').notNull(),
    noOfCycle: integer('no_of_cycle').notNull(),
    /** Figures the engine keeps beside the state for the pages (no JSON parsing per poll). */
    cyclesCompleted: integer('cycles_completed').notNull().default(0),
    lastBoughtPrice: money('last_bought_price'),
  },
  (t) => [
    check('cycles_status', sql`${t.status} IN ('Live', 'Completed', 'Stopped')`),
    check('cycles_category', sql`${t.category} IN ('Spot', 'Future')`),
    check('cycles_prices', sql`${t.stopLoss} <= ${t.buyPrice} AND ${t.buyPrice} < ${t.sellPrice}`),
    check('cycles_counts', sql`${t.noOfCycle} >= 1 AND ${t.cyclesCompleted} >= 0`),
    index('cycles_user_idx').on(t.userId),
    // One live cycle per member and pair, held by the database: two starts at once cannot both pass.
    uniqueIndex('cycles_live_pair_idx')
      .on(t.userId, t.symbol)
      .where(sql`${t.status} = 'Live'`),
    runningIndex('cycles', t),
  ],
);

/** A cycle's orders (runnable-tables.ts): its sells rest on the exchange as limits. */
export const cycleOrders = pgTable(
  'cycle_orders',
  { ...runnableOrderColumns('cycle', () => cycles.id, 'slot'), orderType: text('order_type').notNull().default('market') },
  (t) => [
    ...runnableOrderConstraints('cycle', t, {
      orderKinds: ['buy', 'sell', 'liquidation'],
      statuses: ['intent', 'unknown', 'open', 'cancel', 'filled', 'failed'],
      unsettled: ['intent', 'unknown', 'open', 'cancel'],
    }),
    check('cycle_orders_type', sql`${t.orderType} IN ('market', 'limit')`),
  ],
);

/** Exchange trades behind the cycles' fills (runnable-tables.ts). */
export const cycleFills = runnableFillsTable('cycle', () => cycleOrders.id);

/** Member commands for the engine that holds the cycle (runnable-tables.ts); 'settings' re-reads the edited settings. */
export const cycleCommands = runnableCommandsTable('cycle', () => cycles.id);
