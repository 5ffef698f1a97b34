/** POST /account/user-profile data. Rewards arrive with the referral-income issue. */
import type { UserProfile } from '../../../common/api/account';
import { SERVER } from '../../../common/messages';
import type { Db } from '../../db/database';
import { findUserById } from '../accounts/users';
import type { Clock } from '../clock';
import { isActive } from '../subscriptions/subscriptions';

export async function userProfile(db: Db, userId: string, clock?: Clock): Promise<UserProfile | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const active = await isActive(db, userId, clock);
  return {
    usdtRewardToken: '0',
    userCode: user.referralCode,
    // Only a member with an active subscription can refer (see the referral check).
    isShowUserCode: active,
    userCodeMsg: active ? '' : SERVER.noActiveSubscriptionCode,
  };
}
