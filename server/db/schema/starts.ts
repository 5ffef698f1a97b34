/**
 * Starts under way: a bot or cycle start holds a row here from the moment its pair check passes
 * until its runnable row is written (or it is refused), so the one-per-pair rule and the free
 * quote are judged against starts that have not committed yet (modules/runnables/starting.ts).
 * A row older than a start can take is void: its process died mid-start.
 */
import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './members';

export const runnableStarts = pgTable(
  'runnable_starts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'bot' | 'cycle'>().notNull(),
    symbol: text('symbol').notNull(),
    /** Its wallet: 'Spot' or 'Future'. */
    category: text('category').notNull(),
    /** The quote (USDT) it will commit. */
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('runnable_starts_kind', sql`${t.kind} IN ('bot', 'cycle')`),
    check('runnable_starts_category', sql`${t.category} IN ('Spot', 'Future')`),
    index('runnable_starts_user_idx').on(t.userId),
  ],
);
