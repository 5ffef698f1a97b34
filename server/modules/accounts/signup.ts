/**
 * Signup with an e-mailed OTP: a pending registration becomes a member once verified
 * (verify-signup.ts).
 *
 * A pending sign up is kept as its first request made it until its OTP expires: a signup for
 * the same address meanwhile is refused, and a resend mails a new code for the same data. So a
 * stranger who knows the address cannot swap in their password (or sponsor) for the owner to
 * verify, nor spoil the code the owner already has.
 */
import { OTP_RESEND_SECONDS, OTP_TTL_MINUTES } from '../../../common/constants';
import { SERVER, VALIDATION } from '../../../common/messages';
import { otpMail } from '../../mail/templates';
import { DomainError } from '../errors';
import { RetryLater } from '../limits/retry-later';
import { findSponsor } from '../referrals/sponsors';
import { getSetting } from '../settings/settings';
import type { AccountDeps } from './deps';
import { isDeliverableEmail } from '../../../common/schemas/deliverable-email';
import { countOtpMail } from './otp-mail-cap';
import { hashPassword } from './passwords';
import {
  claimResendSlot,
  findPending,
  freshOtp,
  insertUnlessLive,
  isLive,
  replaceOtp,
  resendWaitMs,
  type PendingSignup,
} from './pending-signups';
import { generateOtp } from './secrets';
import { findUserByEmail, normalizeEmail } from './users';

export interface SignupInput {
  username: string;
  contactNo: string;
  email: string;
  password: string;
  referralId?: string | null;
}

/** The sponsor's id; refuses a missing code when referrals are mandatory and unusable codes. */
async function sponsorFor(deps: AccountDeps, referralId: string | null | undefined): Promise<string | null> {
  if (!referralId) {
    if (await getSetting(deps.db, 'referralMandatory')) {
      throw new DomainError('account.referral_invalid', VALIDATION.referralIdInvalid);
    }
    return null;
  }
  const sponsor = await findSponsor(deps.db, referralId, deps.clock);
  if (!sponsor) throw new DomainError('account.referral_not_found', SERVER.referralNotFound);
  if (!sponsor.active) throw new DomainError('account.sponsor_inactive', SERVER.sponsorWithoutSubscription);
  return sponsor.id;
}

function stillPending(pending: Pick<PendingSignup, 'otpExpiresAt'>, now: Date): DomainError {
  const minutes = Math.ceil((pending.otpExpiresAt.getTime() - now.getTime()) / 60_000);
  return new DomainError('account.signup_pending', SERVER.signupPending(Math.min(OTP_TTL_MINUTES, Math.max(1, minutes))));
}

export async function startSignup(deps: AccountDeps, input: SignupInput): Promise<void> {
  const email = normalizeEmail(input.email);
  if (!isDeliverableEmail(email)) throw new DomainError('account.email_invalid', SERVER.invalidEmail);
  if (await findUserByEmail(deps.db, email)) throw new DomainError('account.email_taken', SERVER.userExists);
  const sponsorId = await sponsorFor(deps, input.referralId);
  const now = deps.clock();
  const pending = await findPending(deps.db, email);
  if (pending && isLive(pending, now)) throw stillPending(pending, now);
  await countOtpMail(deps, email, now);
  const passwordHash = await hashPassword(input.password, deps.config.argon2);
  const otp = generateOtp();
  const row = {
    email,
    username: input.username.trim(),
    contactNo: input.contactNo.trim(),
    passwordHash,
    sponsorId,
    ...freshOtp(deps.config.secretsKey, email, otp, now),
  };
  // A parallel signup for the address may have created a live row since the check above.
  if (!(await insertUnlessLive(deps.db, row, now))) throw stillPending(row, now);
  await deps.mailer.send(otpMail(email, row.username, otp));
}

function tooSoon(waitMs: number): RetryLater {
  return new RetryLater(SERVER.otpResendTooSoon(Math.ceil(waitMs / 1000)), waitMs);
}

/**
 * Mails a new OTP for the pending sign up (its data unchanged), which replaces the old code and
 * its wrong tries. The server enforces the client's 30-second wait and the daily cap.
 */
export async function resendOtp(deps: AccountDeps, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  const now = deps.clock();
  const pending = await findPending(deps.db, email);
  if (!pending) throw new DomainError('account.no_pending_signup', SERVER.noPendingSignup);
  const waitMs = resendWaitMs(pending, now);
  if (waitMs > 0) throw tooSoon(waitMs);
  // Of parallel resends one claims the slot; the others come too soon after it.
  if (!(await claimResendSlot(deps.db, email, now))) throw tooSoon(OTP_RESEND_SECONDS * 1000);
  // Only now, so a refused resend leaves the code the member already has working.
  await countOtpMail(deps, email, now);
  const otp = generateOtp();
  await replaceOtp(deps.db, email, freshOtp(deps.config.secretsKey, email, otp, now));
  await deps.mailer.send(otpMail(email, pending.username, otp));
}
