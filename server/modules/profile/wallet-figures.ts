/**
 * The member's account-service balances and the IFC price, named as SPEC section 3 names them.
 * Login's userData and POST /account/user-data both read them here.
 */
import type { Db } from '../../db/database';
import { balancesOf } from '../ledger/balances';
import { getSetting } from '../settings/settings';

export interface WalletFigures {
  usdtToken: string;
  ifcNewToken: string;
  /** USDT per IFC (the ifcNewTokenPrice setting), so the screens can show IFC's dollar value. */
  ifcNewTokenPrice: string;
  usdtRewardToken: string;
  iftToken: string;
  ifxToken: string;
}

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
