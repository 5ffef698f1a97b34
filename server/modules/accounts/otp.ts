/**
 * The OTP rules (10 minutes, 5 wrong tries burn it), free of I/O so they are easy to test.
 *
 * A try is claimed before it is judged: one UPDATE counts it only while the code is unexpired
 * and has tries left (signup.ts), so parallel guesses are counted one by one and no more than
 * OTP_MAX_ATTEMPTS are ever compared with the code.
 */
import { OTP_MAX_ATTEMPTS } from '../../../common/constants';

export type OtpVerdict = 'ok' | 'expired' | 'invalid' | 'burned';

export interface OtpState {
  otpExpiresAt: Date;
  otpAttempts: number;
}

/** Whether a try may still be claimed: the SQL of claimOtpTry() says the same. */
export function canClaimTry(state: OtpState, now: Date): boolean {
  return state.otpAttempts < OTP_MAX_ATTEMPTS && now.getTime() <= state.otpExpiresAt.getTime();
}

/**
 * The verdict on a claimed try; `attempt` is its number (1 for the first) and `matches` whether
 * the submitted code equals the stored one (compared in constant time). The last allowed try
 * may still be right; a wrong one burns the code.
 */
export function judgeClaimedTry(attempt: number, matches: boolean): OtpVerdict {
  if (matches) return 'ok';
  return attempt >= OTP_MAX_ATTEMPTS ? 'burned' : 'invalid';
}

/** Why no try could be claimed (the row as read just after). */
export function refusalWithoutTry(state: OtpState, now: Date): Exclude<OtpVerdict, 'ok'> {
  if (state.otpAttempts >= OTP_MAX_ATTEMPTS) return 'burned';
  if (now.getTime() > state.otpExpiresAt.getTime()) return 'expired';
  return 'invalid'; // replaced in between (a resend): the member tries the new code
}
