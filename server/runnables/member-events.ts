/**
 * The one writer of `member_events`: what a runnable tells its member (a bot started, stopped
 * with a reason, an order failed). Called inside the transaction that causes the event, so an
 * event is written exactly when its cause is (the engine's status flip, the start's insert).
 * The SSE route reads the table (modules/events), so the engine may run in another process.
 */
import type { MemberEvent } from '../../common/api/bots';
import type { Db } from '../db/database';
import { memberEvents } from '../db/schema';

/** Appends one event for the member; returns its id. */
export async function recordEvent(db: Db, userId: string, event: MemberEvent): Promise<number> {
  const [row] = await db
    .insert(memberEvents)
    .values({ userId, kind: event.kind, payload: event })
    .returning({ id: memberEvents.id });
  return row!.id;
}
