/** Server-side sessions: every JWT carries a session id (jti) that logout can revoke. */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedPerDb } from '../../db/prepared';
import { sessions } from '../../db/schema';
import type { Clock } from '../clock';
import { systemClock } from '../clock';
import { SESSION_REVOKED_CHANNEL, sessionCacheOf, USER_PREFIX } from './session-cache';

export interface Session {
  id: string;
  userId: string;
  expiresAt: Date;
}

/** `clientAddress`: the signing-in client's address (request.ip, which TRUST_PROXY makes the forwarded client's). */
export async function createSession(
  db: Db,
  userId: string,
  ttlHours: number,
  clock: Clock = systemClock,
  clientAddress: string | null = null,
): Promise<Session> {
  const session = { id: randomUUID(), userId, expiresAt: new Date(clock().getTime() + ttlHours * 3_600_000) };
  await db.insert(sessions).values({ ...session, clientAddress });
  return session;
}

/** Every authenticated request whose session this process has not cached runs it. */
const liveSessionQuery = preparedPerDb((db) =>
  db
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(
      and(eq(sessions.id, sql.placeholder('id')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))),
    )
    .prepare('live_session_user'),
);

/** The session's user id when it exists, is not revoked and has not expired. */
export async function liveSessionUser(db: Db, sessionId: string, clock: Clock = systemClock): Promise<string | null> {
  const cache = sessionCacheOf(db);
  const now = clock();
  const cached = cache.get(sessionId, now);
  if (cached !== undefined) return cached;
  const generation = cache.generation;
  const [row] = await liveSessionQuery(db).execute({ id: sessionId, now });
  if (!row) return null;
  cache.put(sessionId, row.userId, row.expiresAt, generation);
  return row.userId;
}

/**
 * Revokes in one statement that also tells every API process (NOTIFY, delivered on commit), and
 * drops this process's copy before the caller answers.
 */
async function revoke(db: Db, where: ReturnType<typeof and>, payload: string, clock: Clock): Promise<void> {
  await db.execute(sql`
    WITH revoked AS (
      UPDATE ${sessions} SET revoked_at = ${clock().toISOString()}::timestamptz WHERE ${where} RETURNING 1
    )
    SELECT pg_notify(${SESSION_REVOKED_CHANNEL}, ${payload}) FROM (SELECT 1 FROM revoked LIMIT 1) AS any_revoked`);
  sessionCacheOf(db).revoked(payload);
}

export async function revokeSession(db: Db, sessionId: string, clock: Clock = systemClock): Promise<void> {
  await revoke(db, and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)), sessionId, clock);
}

/** After a password reset every device must sign in again. */
export async function revokeUserSessions(db: Db, userId: string, clock: Clock = systemClock): Promise<void> {
  await revoke(db, and(eq(sessions.userId, userId), isNull(sessions.revokedAt)), `${USER_PREFIX}${userId}`, clock);
}
