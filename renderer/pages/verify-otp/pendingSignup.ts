import type { SignupRequest } from '../../../common/api/account';

/** What signup hands to OTP verification through router state (SPEC: email, contactNo, ...). */
export type PendingSignup = Required<Pick<SignupRequest, 'username' | 'contactNo' | 'email' | 'password'>> & {
  referralId: string | null;
};

/**
 * The pending sign up in router state, or null. Without its password there is nothing to verify:
 * the server asks for the password with the code (it proves the request, the code the mailbox),
 * so the page offers the way back to signup rather than send a code that cannot work.
 */
export function readPendingSignup(state: unknown): PendingSignup | null {
  if (typeof state !== 'object' || state === null) return null;
  const s = state as Record<string, unknown>;
  const text = (key: string) => (typeof s[key] === 'string' ? (s[key] as string) : null);
  const email = text('email');
  const password = text('password');
  if (!email || !password) return null;
  return {
    email,
    username: text('username') ?? '',
    contactNo: text('contactNo') ?? '',
    password,
    referralId: text('referralId'),
  };
}
