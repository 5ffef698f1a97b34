/**
 * The growing delay per account (ASVS 6.3.1): however many client addresses an attacker
 * spreads guesses over, one account takes `freeFailures` wrong passwords in a row, then waits
 * baseDelay, 2x, 4x ... up to maxDelay before each further try. Counted per e-mail whether or
 * not a member has it, so the answer never says which addresses are registered.
 *
 * A wait is a refusal until a time (429 with Retry-After), not a slow answer: holding requests
 * open would cost the server a connection each and stop nothing (an attacker simply sends more
 * in parallel), while a refusal costs one statement and no argon2 hash.
 *
 * A try is counted (reserved) before the password is checked and forgiven when it was right,
 * so a burst of parallel guesses cannot all pass while the count is still low.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Config } from '../../config/config';
import type { Db } from '../../db/database';
import { loginFailures } from '../../db/schema';

export type LoginThrottlePolicy = Config['loginThrottle'];

/** Failures older than this are forgotten: a typo last week does not count towards today's. */
export const FAILURE_MEMORY_MS = 24 * 3_600_000;

/** How long login waits after the `failures`-th failure in a row (0: no wait yet). */
export function delayAfter(failures: number, policy: LoginThrottlePolicy): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failures - policy.freeFailures));
}

/**
 * `locked_until` for the new failure count `failures` (an SQL expression), as a CASE over the
 * few steps from the first delay to the cap, each computed by delayAfter() above.
 */
function lockedUntilFor(failures: ReturnType<typeof sql>, now: Date, policy: LoginThrottlePolicy) {
  const at = (ms: number) => sql`${new Date(now.getTime() + ms).toISOString()}::timestamptz`;
  const steps = [sql`WHEN ${failures} < ${policy.freeFailures} THEN NULL`];
  for (let n = policy.freeFailures; delayAfter(n, policy) < policy.maxDelayMs; n += 1) {
    steps.push(sql`WHEN ${failures} = ${n} THEN ${at(delayAfter(n, policy))}`);
  }
  return sql`CASE ${sql.join(steps, sql` `)} ELSE ${at(policy.maxDelayMs)} END`;
}

/** Only when a single failure already locks (LOGIN_FREE_FAILURES=1). */
function firstLock(now: Date, policy: LoginThrottlePolicy): Date | null {
  const delay = delayAfter(1, policy);
  return delay > 0 ? new Date(now.getTime() + delay) : null;
}

export type Admission = { admitted: true } | { admitted: false; retryAfterMs: number };

const PURGE_EVERY_MS = 10 * 60_000;
const lastPurge = new WeakMap<Db, number>();

async function purgeForgotten(db: Db, now: Date): Promise<void> {
  const last = lastPurge.get(db);
  if (last !== undefined && Math.abs(now.getTime() - last) < PURGE_EVERY_MS) return;
  lastPurge.set(db, now.getTime());
  const forgotten = new Date(now.getTime() - FAILURE_MEMORY_MS);
  await db
    .delete(loginFailures)
    .where(
      and(lt(loginFailures.lastAttemptAt, forgotten), or(isNull(loginFailures.lockedUntil), lt(loginFailures.lockedUntil, now))),
    );
}

/**
 * Counts a login try for `email` unless the account is waiting; one statement, so parallel
 * tries are admitted one by one against the growing count.
 */
export async function admitLoginAttempt(db: Db, email: string, now: Date, policy: LoginThrottlePolicy): Promise<Admission> {
  await purgeForgotten(db, now);
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const forgetBefore = sql`${new Date(now.getTime() - FAILURE_MEMORY_MS).toISOString()}::timestamptz`;
  const failures = sql`(CASE WHEN ${loginFailures.lastAttemptAt} <= ${forgetBefore} THEN 0 ELSE ${loginFailures.failures} END + 1)`;
  const [admitted] = await db
    .insert(loginFailures)
    .values({ email, failures: 1, lockedUntil: firstLock(now, policy), lastAttemptAt: now })
    .onConflictDoUpdate({
      target: loginFailures.email,
      set: { failures, lockedUntil: lockedUntilFor(failures, now, policy), lastAttemptAt: now },
      setWhere: sql`${loginFailures.lockedUntil} IS NULL OR ${loginFailures.lockedUntil} <= ${nowSql}`,
    })
    .returning({ failures: loginFailures.failures });
  if (admitted) return { admitted: true };
  const [row] = await db
    .select({ lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(eq(loginFailures.email, email));
  const retryAfterMs = row?.lockedUntil ? row.lockedUntil.getTime() - now.getTime() : 0;
  return { admitted: false, retryAfterMs: Math.max(1_000, retryAfterMs) };
}

/** A right password (or a password reset) ends the run of failures. */
export async function forgetLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
