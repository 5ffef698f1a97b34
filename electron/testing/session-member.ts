/**
 * What the platform server answers a login or a verified OTP with, for the fake server's scripts:
 * the session token and every field of the member's data its response schema requires
 * (common/api/account.ts), so a scripted answer is one the real server could send.
 */
import type { LoginResponse, SessionUserData } from '../../common/api/account';

export function sessionMember(member: Partial<SessionUserData> = {}): SessionUserData {
  return {
    id: 'u1',
    username: 'alice',
    email: 'alice@example.com',
    contactNo: '123',
    userCode: 'ABC123',
    isActiveSubscription: true,
    subscription: { expireDate: null, isExpire: false },
    usdtToken: '0',
    ifcNewToken: '0',
    ifcNewTokenPrice: '0',
    usdtRewardToken: '0',
    ...member,
  };
}

/** The body of POST /api/login for `token` and the member. */
export function loginBody(token: string, member: Partial<SessionUserData> = {}): LoginResponse {
  return { token, accessToken: token, ...sessionMember(member) };
}
