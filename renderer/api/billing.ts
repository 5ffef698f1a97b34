/** The query keys the billing screens share (the /account service; SPEC section 7: Subscription, deposit, withdraw; Profile, referral, team). */

export const BILLING_KEYS = {
  all: ['billing'] as const,
  userData: ['billing', 'userData'] as const,
  profile: ['billing', 'profile'] as const,
  plans: ['billing', 'plans'] as const,
  subscriptions: ['billing', 'subscriptions'] as const,
  levelIncome: ['billing', 'levelIncome'] as const,
  deposits: ['billing', 'deposits'] as const,
  depositWindow: ['billing', 'depositWindow'] as const,
  withdrawals: ['billing', 'withdrawals'] as const,
  teamLevels: ['billing', 'teamLevels'] as const,
  teamMembers: (level: number) => ['billing', 'teamMembers', level] as const,
};
