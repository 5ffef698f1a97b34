/**
 * The member as login and signup answer it (SessionUserData; the desktop keeps it as UserData): their subscription and balances beside
 * who they are. Queries the expiry only when the caller did not read it with the member already.
 * The subscription view and balances come from the same functions as POST /account/user-data.
 */
import type { SessionUserData } from '../../../common/api/account';
import type { Db } from '../../db/database';
import type { User, UserWithExpiry } from '../accounts/users';
import { systemClock, type Clock } from '../clock';
import { currentExpiry } from '../subscriptions/subscriptions';
import { subscriptionStatus } from './subscription-status';
import { walletFigures } from './wallet-figures';

export async function userData(db: Db, user: User | UserWithExpiry, clock: Clock = systemClock): Promise<SessionUserData> {
  const [expiry, figures] = await Promise.all([
    'subscriptionExpiry' in user ? user.subscriptionExpiry : currentExpiry(db, user.id),
    walletFigures(db, user.id),
  ]);
  const { subscription, isActiveSubscription } = subscriptionStatus(expiry, clock());
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    contactNo: user.contactNo,
    userCode: user.referralCode,
    // Login keeps its boolean: never subscribed and expired both read as not active here.
    isActiveSubscription: isActiveSubscription === true,
    subscription,
    usdtToken: figures.usdtToken,
    ifcNewToken: figures.ifcNewToken,
    ifcNewTokenPrice: figures.ifcNewTokenPrice,
    usdtRewardToken: figures.usdtRewardToken,
  };
}
