/** The account screens' subscription status and IFC wallet value (SPEC sections 2 and 4). Pure. */
import type { WalletUserData } from '../../../common/api/billing';
import { formatUsdtOrZero, toDecimal } from '../../../common/format';
import { ACCOUNT_LABELS } from '../../../common/messages';

/** SPEC section 4: Pending while the flag is undefined, Active if true, In-Active if false. */
export function subscriptionStatus(flag: boolean | undefined | null): string {
  if (flag === undefined || flag === null) return ACCOUNT_LABELS.statusPending;
  return flag ? ACCOUNT_LABELS.statusActive : ACCOUNT_LABELS.statusInactive;
}

/** The IFC wallet's dollar value: ifcNewToken x ifcNewTokenPrice, to 2 decimals (0.00 when unknown). */
export function ifcDollars(userData: Pick<WalletUserData, 'ifcNewToken' | 'ifcNewTokenPrice'>): string {
  const tokens = toDecimal(userData.ifcNewToken || 0);
  const price = toDecimal(userData.ifcNewTokenPrice || 0);
  return formatUsdtOrZero(tokens && price ? tokens.times(price) : null);
}
