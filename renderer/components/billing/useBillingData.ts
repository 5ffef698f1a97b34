/**
 * The member's billing-service data the screens share: the user data (balances, subscription,
 * deposit QR code) and the profile (referral code, rewards). A failed fetch is only logged
 * (SPEC section 8): the screen shows what it has, or nothing.
 */
import { useQuery } from '@tanstack/react-query';
import type { UserProfile } from '../../../common/api/account';
import type { WalletUserData } from '../../../common/api/billing';
import { BILLING_KEYS } from '../../api/billing';
import { api } from '../../api/client';

/** Runs `fetch`, logging a failure and answering null instead. */
export async function orNull<T>(what: string, fetch: () => Promise<T>): Promise<T | null> {
  try {
    return await fetch();
  } catch (error) {
    console.error(`${what} failed`, error);
    return null;
  }
}

export function useUserData() {
  const query = useQuery({
    queryKey: BILLING_KEYS.userData,
    queryFn: (): Promise<WalletUserData | null> => orNull('User data', () => api.billing.userData()),
  });
  // A null answer is a failed fetch (orNull): screens say so instead of showing zeros.
  return { userData: query.data ?? null, loading: query.isPending, failed: query.data === null, retry: () => query.refetch() };
}

export function useProfile() {
  const query = useQuery({
    queryKey: BILLING_KEYS.profile,
    queryFn: (): Promise<UserProfile | null> => orNull('Profile', () => api.account.profile()),
  });
  return { profile: query.data ?? null, loading: query.isPending, failed: query.data === null, retry: () => query.refetch() };
}
