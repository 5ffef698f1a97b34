/**
 * POST /account/user-data (SPEC section 3, User data): the member's subscription as the
 * Subscription screen shows it, their balances, the IFC price, their deposit QR code, and
 * whether this server takes deposits (chainEnabled) and pays withdrawals out (withdrawalsEnabled),
 * and the withdrawal terms with the member's counts against their caps (withdrawalLimits).
 */
import type { WalletUserData } from '../../../common/api/billing';
import type { Config } from '../../config/config';
import type { Db } from '../../db/database';
import type { Clock } from '../clock';
import { currentExpiry } from '../subscriptions/subscriptions';
import { withdrawalCounts, withdrawalTerms } from '../withdrawals/terms';
import { depositQrCode } from './deposit-qr';
import { subscriptionStatus } from './subscription-status';
import { walletFigures } from './wallet-figures';

export async function walletUserData(db: Db, config: Config, userId: string, clock: Clock): Promise<WalletUserData> {
  const now = clock();
  const [expiry, figures, qrCode, terms, counts] = await Promise.all([
    currentExpiry(db, userId),
    walletFigures(db, userId),
    depositQrCode(db, config, userId),
    withdrawalTerms(db),
    withdrawalCounts(db, userId, now),
  ]);
  const status = subscriptionStatus(expiry, now);
  // One answer (config.chain) for the screens and for what the routes and the chain role do.
  const { deposits, payouts } = config.chain;
  return {
    ...status,
    ...figures,
    qrCode,
    chainEnabled: deposits.enabled,
    withdrawalsEnabled: payouts.enabled,
    withdrawalLimits: { ...terms, ...counts },
  };
}
