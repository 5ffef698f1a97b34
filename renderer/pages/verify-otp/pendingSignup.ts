import type { SignupRequest } from '../../../common/api/account';

/** What signup hands to OTP verification through router state (SPEC: email, contactNo, ...). */
export type PendingSignup = Required<Pick<SignupRequest, 'username' | 'contactNo' | 'email' | 'password'>> & {
  referralId: string | null;
};

export function readPendingSignup(state: unknown): PendingSignup | null {
  if (typeof state !== 'object' || state === null) return null;
  const s = state as Record<string, unknown>;
  const text = (key: string) => (typeof s[key] === 'string' ? (s[key] as string) : null);
  const email = text('email');
  if (!email) return null;
  return {
    email,
    username: text('username') ?? '',
    contactNo: text('contactNo') ?? '',
    password: text('password') ?? '',
    referralId: text('referralId'),
  };
}
