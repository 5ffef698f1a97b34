/** Grid strategies and their levels. */
import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './members';

/**
 * Grid strategies. A member's own (user_id set; names unique per member) or a system strategy
 * (user_id null; names unique among system strategies), which every member may select and no
 * one may edit or delete. `kind` separates Advanced Multigrid from Scalping Grid lists.
 */
export const strategies = pgTable(
  'strategies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('advanced'),
    gridCount: integer('grid_count').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('strategies_user_name_unique').on(t.userId, t.name),
    // NULLs are distinct in a unique index, so system names need their own (PostgreSQL 15 has
    // NULLS NOT DISTINCT, but PGlite and drizzle-kit handle a partial index more plainly).
    uniqueIndex('strategies_system_name_unique')
      .on(t.name)
      .where(sql`${t.userId} IS NULL`),
    check('strategies_kind', sql`${t.kind} IN ('advanced', 'scalping')`),
    check('strategies_grid_count', sql`${t.gridCount} BETWEEN 1 AND 50`),
  ],
);

/**
 * One row per grid level: typed numeric columns with their own checks rather than a jsonb
 * blob, so the database itself refuses a negative or missing percentage, and an edit rewrites
 * only numbers. Grid 1 buys at market, so its buy percentages are null.
 */
export const strategyGrids = pgTable(
  'strategy_grids',
  {
    strategyId: uuid('strategy_id')
      .notNull()
      .references(() => strategies.id, { onDelete: 'cascade' }),
    gridNo: integer('grid_no').notNull(),
    allottedPercent: numeric('allotted_percent').notNull(),
    buyPercent: numeric('buy_percent'),
    buyUpPercent: numeric('buy_up_percent'),
    takeProfitPercent: numeric('take_profit_percent').notNull(),
    takeProfitDownPercent: numeric('take_profit_down_percent').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.strategyId, t.gridNo] }),
    check('strategy_grids_grid_no', sql`${t.gridNo} BETWEEN 1 AND 50`),
    check('strategy_grids_market_first', sql`(${t.gridNo} = 1) = (${t.buyPercent} IS NULL AND ${t.buyUpPercent} IS NULL)`),
    check(
      'strategy_grids_non_negative',
      sql`${t.allottedPercent} >= 0 AND ${t.buyPercent} > 0 AND ${t.buyUpPercent} >= 0 AND ${t.takeProfitPercent} > 0 AND ${t.takeProfitDownPercent} >= 0`,
    ),
  ],
);
