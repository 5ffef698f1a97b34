/** The OTP rules (10 minutes, 5 wrong tries burn it), free of I/O so they are easy to test. */
import { OTP_MAX_ATTEMPTS } from '../../../common/constants';

export type OtpVerdict = 'ok' | 'expired' | 'invalid' | 'burned';

export interface OtpState {
  otpExpiresAt: Date;
  otpAttempts: number;
}

/** `matches` is whether the submitted code equals the stored one (compared in constant time). */
export function judgeOtp(state: OtpState, matches: boolean, now: Date): OtpVerdict {
  if (state.otpAttempts >= OTP_MAX_ATTEMPTS) return 'burned';
  if (now.getTime() > state.otpExpiresAt.getTime()) return 'expired';
  if (matches) return 'ok';
  return state.otpAttempts + 1 >= OTP_MAX_ATTEMPTS ? 'burned' : 'invalid';
}
