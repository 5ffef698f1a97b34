/** Signup with an e-mailed OTP: a pending registration becomes a member once verified. */
import { and, eq, sql } from 'drizzle-orm';
import { OTP_TTL_MINUTES } from '../../../common/constants';
import { SERVER, VALIDATION } from '../../../common/messages';
import type { Db } from '../../db/database';
import { pendingSignups } from '../../db/schema';
import { otpMail } from '../../mail/templates';
import { addMinutes } from '../clock';
import { DomainError } from '../errors';
import { findSponsor } from '../referrals/sponsors';
import { getSetting } from '../settings/settings';
import type { AccountDeps } from './deps';
import { isDeliverableEmail } from './email';
import { judgeOtp } from './otp';
import { hashPassword } from './passwords';
import { generateOtp, hashOtp, otpMatches } from './secrets';
import { createUser, findUserByEmail, normalizeEmail, type User } from './users';

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
      throw new DomainError('invalid', VALIDATION.referralIdInvalid);
    }
    return null;
  }
  const sponsor = await findSponsor(deps.db, referralId, deps.clock);
  if (!sponsor) throw new DomainError('invalid', SERVER.referralNotFound);
  if (!sponsor.active) throw new DomainError('invalid', SERVER.sponsorWithoutSubscription);
  return sponsor.id;
}

export async function startSignup(deps: AccountDeps, input: SignupInput): Promise<void> {
  const email = normalizeEmail(input.email);
  if (!isDeliverableEmail(email)) throw new DomainError('invalid', SERVER.invalidEmail);
  if (await findUserByEmail(deps.db, email)) throw new DomainError('invalid', SERVER.userExists);
  const sponsorId = await sponsorFor(deps, input.referralId);
  const passwordHash = await hashPassword(input.password, deps.config.argon2);
  const otp = generateOtp();
  const now = deps.clock();
  const row = {
    email,
    username: input.username.trim(),
    contactNo: input.contactNo.trim(),
    passwordHash,
    sponsorId,
    otpHash: hashOtp(deps.config.secretsKey, email, otp),
    otpExpiresAt: addMinutes(now, OTP_TTL_MINUTES),
    otpAttempts: 0,
    lastSentAt: now,
  };
  // Signing up again replaces the pending registration and its OTP.
  await deps.db.insert(pendingSignups).values(row).onConflictDoUpdate({ target: pendingSignups.email, set: row });
  await deps.mailer.send(otpMail(email, row.username, otp));
}

async function pendingFor(db: Db, email: string) {
  const [row] = await db.select().from(pendingSignups).where(eq(pendingSignups.email, email));
  if (!row) throw new DomainError('invalid', SERVER.noPendingSignup);
  return row;
}

/** A new OTP replaces the old one (and its wrong tries). Rate limited at the HTTP edge. */
export async function resendOtp(deps: AccountDeps, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  const pending = await pendingFor(deps.db, email);
  const otp = generateOtp();
  const now = deps.clock();
  await deps.db
    .update(pendingSignups)
    .set({
      otpHash: hashOtp(deps.config.secretsKey, email, otp),
      otpExpiresAt: addMinutes(now, OTP_TTL_MINUTES),
      otpAttempts: 0,
      lastSentAt: now,
    })
    .where(eq(pendingSignups.email, email));
  await deps.mailer.send(otpMail(email, pending.username, otp));
}

const REFUSAL = { expired: SERVER.otpExpired, invalid: SERVER.otpInvalid, burned: SERVER.otpBurned };

/** Checks the OTP and creates the member; the pending row is consumed exactly once. */
export async function verifySignup(deps: AccountDeps, rawEmail: string, otp: string): Promise<User> {
  const email = normalizeEmail(rawEmail);
  const pending = await pendingFor(deps.db, email);
  const matches = otpMatches(deps.config.secretsKey, email, otp, pending.otpHash);
  const verdict = judgeOtp(pending, matches, deps.clock());
  if (verdict !== 'ok') {
    if (verdict !== 'expired') {
      await deps.db
        .update(pendingSignups)
        .set({ otpAttempts: sql`${pendingSignups.otpAttempts} + 1` })
        .where(eq(pendingSignups.email, email));
    }
    throw new DomainError('invalid', REFUSAL[verdict]);
  }
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .delete(pendingSignups)
      .where(and(eq(pendingSignups.email, email), eq(pendingSignups.otpHash, pending.otpHash)))
      .returning();
    if (!claimed) throw new DomainError('invalid', SERVER.otpInvalid); // a parallel verify won
    const { username, contactNo, passwordHash, sponsorId } = claimed;
    return createUser(tx, { username, contactNo, email, passwordHash, sponsorId });
  });
}
