/**
 * Queries on pending sign ups (one row per e-mail). A row is live while its OTP is: until then
 * it keeps the data of the request that created it, whoever signs up or resends meanwhile.
 */
import { and, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_MINUTES } from '../../../common/constants';
import type { Db } from '../../db/database';
import { pendingSignups } from '../../db/schema';
import { addMinutes } from '../clock';
import { hashOtp } from './secrets';

export type PendingSignup = typeof pendingSignups.$inferSelect;

export async function findPending(db: Db, email: string): Promise<PendingSignup | undefined> {
  const [row] = await db.select().from(pendingSignups).where(eq(pendingSignups.email, email));
  return row;
}

export function isLive(pending: Pick<PendingSignup, 'otpExpiresAt'>, now: Date): boolean {
  return now.getTime() <= pending.otpExpiresAt.getTime();
}

/** A fresh OTP's columns: the code is only ever stored as its keyed hash. */
export function freshOtp(masterKey: Buffer, email: string, otp: string, now: Date) {
  return {
    otpHash: hashOtp(masterKey, email, otp),
    otpExpiresAt: addMinutes(now, OTP_TTL_MINUTES),
    otpAttempts: 0,
    lastSentAt: now,
  };
}

/**
 * Inserts the pending sign up, or replaces one whose OTP has expired; a live one stays as it
 * is. False when a live one was there (possibly inserted by a parallel request).
 */
export async function insertUnlessLive(db: Db, row: typeof pendingSignups.$inferInsert, now: Date): Promise<boolean> {
  const written = await db
    .insert(pendingSignups)
    .values(row)
    .onConflictDoUpdate({
      target: pendingSignups.email,
      set: row,
      setWhere: sql`${pendingSignups.otpExpiresAt} < ${now.toISOString()}::timestamptz`,
    })
    .returning({ email: pendingSignups.email });
  return written.length > 0;
}

const RESEND_WAIT_MS = OTP_RESEND_SECONDS * 1000;

/** How long until another OTP may be mailed (0: now); the client shows the same 30-second wait. */
export function resendWaitMs(pending: Pick<PendingSignup, 'lastSentAt'>, now: Date): number {
  return Math.max(0, pending.lastSentAt.getTime() + RESEND_WAIT_MS - now.getTime());
}

/**
 * Claims the 30-second resend slot: moves last_sent_at to now only if the last mail is at least
 * that old, so of parallel resends exactly one goes on. False when none was free.
 */
export async function claimResendSlot(db: Db, email: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(pendingSignups)
    .set({ lastSentAt: now })
    .where(and(eq(pendingSignups.email, email), lte(pendingSignups.lastSentAt, new Date(now.getTime() - RESEND_WAIT_MS))))
    .returning({ email: pendingSignups.email });
  return claimed.length > 0;
}

/** Replaces the OTP (and with it the wrong tries) of the pending sign up; its data stay. */
export async function replaceOtp(db: Db, email: string, otp: ReturnType<typeof freshOtp>): Promise<void> {
  await db.update(pendingSignups).set(otp).where(eq(pendingSignups.email, email));
}

/**
 * Counts one try against the code in the same statement that checks one is allowed (unexpired,
 * tries left), so parallel guesses cannot all read the same count. The row with its new count,
 * or undefined when no try could be claimed.
 */
export async function claimOtpTry(db: Db, email: string, now: Date): Promise<PendingSignup | undefined> {
  const [row] = await db
    .update(pendingSignups)
    .set({ otpAttempts: sql`${pendingSignups.otpAttempts} + 1` })
    .where(
      and(
        eq(pendingSignups.email, email),
        lt(pendingSignups.otpAttempts, OTP_MAX_ATTEMPTS),
        gte(pendingSignups.otpExpiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Deletes the pending sign up if it still holds this code; the row when it did (exactly once). */
export async function takePending(db: Db, email: string, otpHash: string): Promise<PendingSignup | undefined> {
  const [row] = await db
    .delete(pendingSignups)
    .where(and(eq(pendingSignups.email, email), eq(pendingSignups.otpHash, otpHash)))
    .returning();
  return row;
}
