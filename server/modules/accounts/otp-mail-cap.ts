/**
 * The daily cap on OTP mails per address (OTP_DAILY_MAX, signup and resend alike): with the
 * 30-second wait it bounds both the mail a stranger can make an address receive and the wrong
 * guesses a fresh code buys (5 per mail). Counted in the shared counters, not on the pending
 * row, so deleting and re-creating a sign up does not reset it.
 */
import { SERVER } from '../../../common/messages';
import type { Db } from '../../db/database';
import { clearWindow, hitWindows } from '../limits/window-counters';
import { RetryLater } from '../limits/retry-later';
import type { AccountDeps } from './deps';

const DAY_MS = 24 * 3_600_000;

const otpMailKey = (email: string) => `otp-mail|${email}`;

/** Counts one OTP mail to `email`, or refuses it (429 until the day's window ends). */
export async function countOtpMail(deps: AccountDeps, email: string, now: Date): Promise<void> {
  const [count] = await hitWindows(deps.db, [{ key: otpMailKey(email), max: deps.config.otpDailyMax, windowMs: DAY_MS }], now);
  if (!count!.allowed) throw new RetryLater(SERVER.otpDailyLimit, count!.expiresAt.getTime() - now.getTime());
}

/**
 * Forgets the day's OTP mails to `email`: once the owner has cancelled a stranger's sign up with
 * the mailed code, the codes the stranger had sent no longer count against the owner's own.
 */
export async function forgetOtpMails(db: Db, email: string): Promise<void> {
  await clearWindow(db, otpMailKey(email));
}
