/** Server-side sessions: every JWT carries a session id (jti) that logout can revoke. */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedPerDb } from '../../db/prepared';
import { sessions } from '../../db/schema';
import type { Clock } from '../clock';
import { systemClock } from '../clock';

export interface Session {
  id: string;
  userId: string;
  expiresAt: Date;
}

export async function createSession(db: Db, userId: string, ttlHours: number, clock: Clock = systemClock): Promise<Session> {
  const session = { id: randomUUID(), userId, expiresAt: new Date(clock().getTime() + ttlHours * 3_600_000) };
  await db.insert(sessions).values(session);
  return session;
}

/** Every authenticated request runs it. */
const liveSessionQuery = preparedPerDb((db) => db
  .select({ userId: sessions.userId })
  .from(sessions)
  .where(and(eq(sessions.id, sql.placeholder('id')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
  .prepare('live_session_user'));

/** The session's user id when it exists, is not revoked and has not expired. */
export async function liveSessionUser(db: Db, sessionId: string, clock: Clock = systemClock): Promise<string | null> {
  const [row] = await liveSessionQuery(db).execute({ id: sessionId, now: clock() });
  return row?.userId ?? null;
}

export async function revokeSession(db: Db, sessionId: string, clock: Clock = systemClock): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: clock() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** After a password reset every device must sign in again. */
export async function revokeUserSessions(db: Db, userId: string, clock: Clock = systemClock): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: clock() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
