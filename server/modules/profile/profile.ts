/** POST /account/user-profile data; usdtRewardToken is the member's USDT reward account of the ledger. */
import type { UserProfile } from '../../../common/api/account';
import { SERVER } from '../../../common/messages';
import type { Db } from '../../db/database';
import { findUserById } from '../accounts/users';
import type { Clock } from '../clock';
import { balancesOf } from '../ledger/balances';
import { isActive } from '../subscriptions/subscriptions';

export async function userProfile(db: Db, userId: string, clock?: Clock): Promise<UserProfile | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const [active, balances] = await Promise.all([isActive(db, userId, clock), balancesOf(db, userId)]);
  return {
    usdtRewardToken: balances.USDT_REWARD,
    userCode: user.referralCode,
    // Only a member with an active subscription can refer (see the referral check).
    isShowUserCode: active,
    userCodeMsg: active ? '' : SERVER.noActiveSubscriptionCode,
  };
}
