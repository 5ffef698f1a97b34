/**
 * The member's billing-service balances and the IFC price, named as SPEC section 3 names them.
 * Login's userData and POST /account/user-data both read them here.
 */
import type { WalletUserData } from '../../../common/api/billing';
import type { Db } from '../../db/database';
import { balancesOf } from '../ledger/balances';
import { getSetting } from '../settings/settings';

export type WalletFigures = Pick<
  WalletUserData,
  'usdtToken' | 'ifcNewToken' | 'ifcNewTokenPrice' | 'usdtRewardToken' | 'iftToken' | 'ifxToken'
>;

export async function walletFigures(db: Db, userId: string): Promise<WalletFigures> {
  const [balances, ifcNewTokenPrice] = await Promise.all([balancesOf(db, userId), getSetting(db, 'ifcNewTokenPrice')]);
  return {
    usdtToken: balances.USDT,
    ifcNewToken: balances.IFC,
    ifcNewTokenPrice,
    usdtRewardToken: balances.USDT_REWARD,
    iftToken: balances.IFT,
    ifxToken: balances.IFX,
  };
}
