/**
 * Whether this server can pay withdrawals out: it needs a chain (BSC_RPC_URL), the USDT token
 * contract and the hot wallet's key. Without them a withdrawal would debit the member and then
 * wait forever, so the request is refused up front instead. The same answer goes to the Withdraw
 * screen as the user data's `withdrawalsEnabled`, so the screen and the refusal never disagree.
 */
import type { Config } from '../../config';

/** The parts of the configuration payouts need; the hot key is read only for its presence. */
export type PayoutConfig = Pick<Config, 'bscRpcUrl' | 'tokens' | 'hotWalletPrivateKey'>;

export function payoutsConfigured(config: PayoutConfig): boolean {
  return Boolean(config.bscRpcUrl && config.tokens.usdt && config.hotWalletPrivateKey);
}
