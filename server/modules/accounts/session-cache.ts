/**
 * Every authenticated request names a session (the JWT's jti) that must still be live. Asking
 * the database each time was one of the two round trips of every dashboard poll, so each API
 * process keeps the sessions it has seen, and forgets one the moment any process revokes it:
 *
 * - the revoking process drops it itself before answering (logout, password reset);
 * - every other process hears a NOTIFY sent in the revoking statement;
 * - while the listening connection is down nothing is trusted (every request asks the database),
 *   and an entry is trusted for at most MAX_AGE_MS in any case;
 * - a lookup that was in flight when a revocation arrived is not cached (`generation`): its row
 *   may predate the revocation.
 *
 * Expiry needs no notice: the entry carries expires_at and is checked against the clock.
 */
import type { Db } from '../../db/database';
import type { NotificationFeed } from '../../db/notifications';

/** The NOTIFY channel; the payload is a session id or `user:<id>` for all of a member's. */
export const SESSION_REVOKED_CHANNEL = 'griddesk_session_revoked';
export const USER_PREFIX = 'user:';

/** An entry is asked again after this long, whatever the notifications say. */
export const MAX_AGE_MS = 60_000;
/** Enough for every member signed in on a busy API process; the oldest go first. */
const CAPACITY = 100_000;

interface Entry {
  userId: string;
  expiresAt: number;
  cachedAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Off until a notification feed listens; off again when it has a gap. */
  private trusted = false;
  /** Bumped by every revocation and gap: a lookup started before one is not cached. */
  generation = 0;

  constructor(private readonly monotonicMs: () => number = () => performance.now()) {}

  /** The live session's member, or undefined when the database must be asked. */
  get(sessionId: string, now: Date): string | undefined {
    if (!this.trusted) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.expiresAt <= now.getTime() || this.monotonicMs() - entry.cachedAt >= MAX_AGE_MS) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.userId;
  }

  /** Remembers a live session read by a lookup that began at `generation`. */
  put(sessionId: string, userId: string, expiresAt: Date, generation: number): void {
    if (!this.trusted || generation !== this.generation) return;
    if (this.entries.size >= CAPACITY) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(sessionId, { userId, expiresAt: expiresAt.getTime(), cachedAt: this.monotonicMs() });
  }

  /** A NOTIFY payload, or the revoking process's own call. */
  revoked(payload: string): void {
    this.generation += 1;
    if (!payload.startsWith(USER_PREFIX)) {
      this.entries.delete(payload);
      return;
    }
    const userId = payload.slice(USER_PREFIX.length);
    for (const [id, entry] of this.entries) if (entry.userId === userId) this.entries.delete(id);
  }

  /** Listening (again) from an empty cache, or not trusting anything until then. */
  setTrusted(trusted: boolean): void {
    this.generation += 1;
    this.entries.clear();
    this.trusted = trusted;
  }

  /** Whether cached sessions are used now (a feed listens). */
  get isTrusted(): boolean {
    return this.trusted;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** One cache per database handle: test apps with their own database never share sessions. */
const caches = new WeakMap<Db, SessionCache>();

export function sessionCacheOf(db: Db): SessionCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SessionCache()));
  return cache;
}

/**
 * Starts trusting the cache of `db` while `feed` carries revocations; the returned function
 * stops. A feed that cannot listen yet leaves the cache off until it can.
 */
export async function followRevocations(db: Db, feed: NotificationFeed): Promise<() => Promise<void>> {
  const cache = sessionCacheOf(db);
  let stopped = false;
  const listening = await feed.listen(SESSION_REVOKED_CHANNEL, {
    onMessage: (payload) => cache.revoked(payload),
    onGap: (live) => cache.setTrusted(live && !stopped),
  });
  // Not listening yet: the cache stays off until the feed's onGap(true).
  if (listening.listening) cache.setTrusted(true);
  return async () => {
    stopped = true;
    cache.setTrusted(false);
    await listening.stop();
  };
}
