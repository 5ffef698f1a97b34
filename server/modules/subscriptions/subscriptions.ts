/**
 * Member subscriptions: rows are only appended; the latest expire_date is the member's expiry.
 * Members buy plans (purchase.ts, POST /account/subscription/create); `grant` here adds days
 * without payment, for the admin CLI (grant-subscription) and the demo seed.
 */
import { and, eq, gt, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { memberSubscriptions, users } from '../../db/schema';
import type { Clock } from '../clock';
import { systemClock } from '../clock';

const DAY_MS = 86_400_000;

/** A grant extends from the later of now and the current expiry, so unused days are kept. */
export function extendedExpiry(currentExpiry: Date | null, days: number, now: Date): Date {
  const base = currentExpiry && currentExpiry > now ? currentExpiry : now;
  return new Date(base.getTime() + days * DAY_MS);
}

export async function currentExpiry(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ expiry: max(memberSubscriptions.expireDate) })
    .from(memberSubscriptions)
    .where(eq(memberSubscriptions.userId, userId));
  return row?.expiry ?? null;
}

export async function isActive(db: Db, userId: string, clock: Clock = systemClock): Promise<boolean> {
  const [row] = await db
    .select({ id: memberSubscriptions.id })
    .from(memberSubscriptions)
    .where(and(eq(memberSubscriptions.userId, userId), gt(memberSubscriptions.expireDate, clock())))
    .limit(1);
  return row !== undefined;
}

export interface Grant {
  expireDate: Date;
  days: number;
}

export async function grant(db: Db, userId: string, days: number, source: string, clock: Clock = systemClock): Promise<Grant> {
  if (!Number.isInteger(days) || days <= 0) throw new RangeError('days must be a positive integer');
  return db.transaction(async (tx) => {
    // Locking the member row serialises concurrent grants, so none is lost.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const expireDate = extendedExpiry(await currentExpiry(tx, userId), days, clock());
    await tx.insert(memberSubscriptions).values({ userId, expireDate, days, source });
    return { expireDate, days };
  });
}

/**
 * For listings: a member's expiry as a correlated subquery (raw, qualified names: drizzle
 * leaves column names unqualified inside a select's sql, which would compare ms.id).
 */
export const latestExpirySql = sql<
  string | null
>`(select max(ms.expire_date) from member_subscriptions ms where ms.user_id = "users"."id")`;
