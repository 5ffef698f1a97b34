/** Member queries: find by e-mail or id, create. The login answer's member view is profile/session-user.ts. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { memberSubscriptions, users } from '../../db/schema';
import { sqlState } from '../../db/database';
import { DomainError } from '../errors';
import { SERVER } from '../../../common/messages';
import { generateReferralCode } from '../referrals/codes';

export type User = typeof users.$inferSelect;
/** A member read together with the latest subscription expiry (null: never subscribed). */
export type UserWithExpiry = User & { subscriptionExpiry: Date | null };

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return row;
}

/**
 * The member's latest expiry as a correlated subquery, decoded like the column itself. Raw
 * qualified names: drizzle leaves column names unqualified inside a select's sql, which would
 * compare ms.id; member_subscriptions_user_expiry_idx answers it with one index probe.
 */
const latestExpiry =
  sql<Date | null>`(select max(ms.expire_date) from member_subscriptions ms where ms.user_id = "users"."id")`.mapWith(
    memberSubscriptions.expireDate,
  );

/** Login's one query: the member and their subscription expiry together. */
export async function findUserWithExpiryByEmail(db: Db, email: string): Promise<UserWithExpiry | undefined> {
  const [row] = await db
    .select({ user: users, subscriptionExpiry: latestExpiry })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return row ? { ...row.user, subscriptionExpiry: row.subscriptionExpiry } : undefined;
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export interface NewUser {
  username: string;
  email: string;
  contactNo: string;
  passwordHash: string;
  sponsorId: string | null;
  /** Fixed code (demo seed); generated when omitted. */
  referralCode?: string;
}

const CODE_ATTEMPTS = 8;

/** Inserts a member with a unique referral code, drawing again on the rare collision. */
export async function createUser(db: Db, input: NewUser): Promise<User> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
    const referralCode = input.referralCode ?? generateReferralCode();
    try {
      // A savepoint when called inside a transaction, so a collision does not abort the caller.
      const [row] = await db.transaction((t) =>
        t
          .insert(users)
          .values({ ...input, email: normalizeEmail(input.email), referralCode })
          .returning(),
      );
      return row!;
    } catch (error) {
      const { code, constraint } = sqlState(error);
      if (code !== '23505') throw error;
      if (constraint === 'users_email_unique') throw new DomainError('account.email_taken', SERVER.userExists);
      if (input.referralCode !== undefined) throw error;
    }
  }
  throw new Error('Could not draw a unique referral code');
}
