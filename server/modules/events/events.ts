/**
 * The member's event stream (GET /api/events): the engine appends rows (runnables/member-events),
 * the SSE route reads them by id. The table is the hand-over, so the engine may run in another process.
 */
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { memberEvents } from '../../db/schema';

export interface StoredEvent {
  id: number;
  kind: string;
  payload: unknown;
}

/** The member's events after `afterId`, oldest first, at most `limit`. */
export function eventsAfter(db: Db, userId: string, afterId: number, limit = 100): Promise<StoredEvent[]> {
  return db
    .select({ id: memberEvents.id, kind: memberEvents.kind, payload: memberEvents.payload })
    .from(memberEvents)
    .where(and(eq(memberEvents.userId, userId), gt(memberEvents.id, afterId)))
    .orderBy(asc(memberEvents.id))
    .limit(limit);
}

/** The member's newest event id (0 with none): a new stream without a resume point starts after it. */
export async function latestEventId(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ id: memberEvents.id })
    .from(memberEvents)
    .where(eq(memberEvents.userId, userId))
    .orderBy(desc(memberEvents.id))
    .limit(1);
  return row?.id ?? 0;
}

/** One event in SSE framing: `id`, `event`, `data` (single-line JSON). */
export function sseFrame(event: StoredEvent): string {
  return `id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event.payload)}\n\n`;
}
