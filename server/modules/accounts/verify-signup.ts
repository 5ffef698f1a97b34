/**
 * Verifying a sign up: the OTP proves the mailbox, the password proves the request. A code is
 * mailed to the address owner whoever asked for it, so without the second check the owner
 * could be led to verify a sign up a stranger started with the stranger's password.
 */
import { SERVER } from '../../../common/messages';
import { DomainError } from '../errors';
import type { AccountDeps } from './deps';
import { judgeClaimedTry, refusalWithoutTry } from './otp';
import { forgetOtpMails } from './otp-mail-cap';
import { verifyPassword } from './passwords';
import { claimOtpTry, findPending, takePending } from './pending-signups';
import { otpMatches } from './secrets';
import { createUser, normalizeEmail, type User } from './users';

const REFUSAL = {
  expired: { reason: 'account.otp_expired', message: SERVER.otpExpired },
  invalid: { reason: 'account.otp_invalid', message: SERVER.otpInvalid },
  burned: { reason: 'account.otp_burned', message: SERVER.otpBurned },
} as const;

function refused(verdict: keyof typeof REFUSAL): DomainError {
  return new DomainError(REFUSAL[verdict].reason, REFUSAL[verdict].message);
}

/**
 * Checks the OTP and creates the member; the pending row is consumed exactly once. `password`
 * is the one the client sends with the code (SPEC: verify-otp carries the signup form; the
 * schema requires it, so a client that leaves it out is asked for it and cancels nothing).
 */
export async function verifySignup(deps: AccountDeps, rawEmail: string, otp: string, password: string): Promise<User> {
  const email = normalizeEmail(rawEmail);
  const now = deps.clock();
  const claimed = await claimOtpTry(deps.db, email, now);
  if (!claimed) {
    const pending = await findPending(deps.db, email);
    if (!pending) throw new DomainError('account.no_pending_signup', SERVER.noPendingSignup);
    throw refused(refusalWithoutTry(pending, now));
  }
  const verdict = judgeClaimedTry(claimed.otpAttempts, otpMatches(deps.config.secretsKey, email, otp, claimed.otpHash));
  if (verdict !== 'ok') throw refused(verdict);
  // Only now (the code was right) is argon2 worth running; only the mailbox owner gets here.
  if (!(await verifyPassword(claimed.passwordHash, password))) {
    // The owner has proved the address is theirs: the stranger's request is cancelled and the
    // codes it had mailed stop counting, so the owner can sign up at once (not after it expires,
    // nor tomorrow because the stranger's resends used up the day's cap).
    await deps.db.transaction(async (tx) => {
      if (await takePending(tx, email, claimed.otpHash)) await forgetOtpMails(tx, email);
    });
    throw new DomainError('account.password_mismatch', SERVER.signupPasswordMismatch);
  }
  return deps.db.transaction(async (tx) => {
    const taken = await takePending(tx, email, claimed.otpHash);
    if (!taken) throw refused('invalid'); // a parallel verify won, or a resend replaced the code
    const { username, contactNo, passwordHash, sponsorId } = taken;
    return createUser(tx, { username, contactNo, email, passwordHash, sponsorId });
  });
}
