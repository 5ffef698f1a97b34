/**
 * Billing-service calls (the /account HTTP service; SPEC section 7:
 * Subscription, deposit, withdraw; Profile, referral, team), one function per channel, and the query keys the billing screens share.
 */
import { invoke } from './bridge';

export const billingApi = {
  userData: () => invoke('billing:userData', {}),
  profile: () => invoke('account:profile', {}),
  plans: () => invoke('billing:plans', {}),
  subscriptions: (page: number) => invoke('billing:subscriptions', { page }),
  subscribe: (planId: string) => invoke('billing:subscribe', { planId }),
  levelReward: () => invoke('billing:levelReward', {}),
  levelIncome: (page: number) => invoke('billing:levelIncome', { page }),
  deposits: (page: number) => invoke('billing:deposits', { page }),
  depositListen: () => invoke('billing:depositListen', {}),
  depositWindow: () => invoke('billing:depositWindow', {}),
  depositWindowClose: () => invoke('billing:depositWindowClose', {}),
  depositSync: () => invoke('billing:depositSync', {}),
  withdrawals: (page: number) => invoke('billing:withdrawals', { page }),
  withdraw: (amount: string, toAddress: string) => invoke('billing:withdraw', { amount, toAddress }),
  swapReward: (amount: string) => invoke('billing:swapReward', { amount }),
  teamLevels: () => invoke('billing:teamLevels', {}),
  teamMembers: (level: number, page: number) => invoke('billing:teamMembers', { level, page }),
};

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
