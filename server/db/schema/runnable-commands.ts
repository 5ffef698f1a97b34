/**
 * The member-command table every kind of runnable has, built by one factory so the kinds cannot
 * drift apart (the bots' and the cycles' copies had): 'stop', 'stopAndSell' or 'settings' (re-read
 * the edited settings columns). Engines look at the unapplied ones; applied_at marks one done and
 * result holds the engine's answer (runnables/command-results.ts). The runnable's column keeps
 * its kind's name in SQL (`bot_id`, `cycle_id`) and is `runnableId` in code, so one command path
 * (modules/runnables/commands.ts) serves every kind.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

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
      index(`${kind}_commands_pending_idx`).on(t.createdAt).where(sql`${t.appliedAt} IS NULL`),
      check(`${kind}_commands_kind`, sql`${t.kind} IN ('stop', 'stopAndSell', 'settings')`),
    ],
  );
}

/** A command table of any kind, as the shared command path takes it. */
export type RunnableCommandsTable = ReturnType<typeof runnableCommandsTable<'bot' | 'cycle'>>;
