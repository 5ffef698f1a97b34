/**
 * The platform server's environment for a local chain (server/chain/local-chain.ts): what
 * `npm run chain` prints and the browser preview passes to its embedded server. Every key in it
 * is a public development key of the local chain.
 */
import { accountXpubOf } from '../config/chain-keys';
import type { LocalChain } from './local-chain';

/** A local block comes every second or on demand; 3 keeps the reorg rule tested and quick. */
export const LOCAL_CHAIN_CONFIRMATIONS = 3;

export function localChainEnv(chain: LocalChain): Record<string, string> {
  return {
    BSC_RPC_URL: chain.rpcUrl,
    TOKEN_USDT: chain.tokens.USDT,
    TOKEN_IFT: chain.tokens.IFT,
    TOKEN_IFX: chain.tokens.IFX,
    // The account xpub, not the mnemonic: handing out deposit addresses needs no secret.
    DEPOSIT_XPUB: accountXpubOf(chain.depositMnemonic),
    HOT_WALLET_PRIVATE_KEY: chain.hotWallet.privateKey,
    CHAIN_CONFIRMATIONS: String(LOCAL_CHAIN_CONFIRMATIONS),
    CHAIN_POLL_MS: '1000',
    // A local chain is short: read it from its first block, so no early deposit is missed.
    CHAIN_START_BLOCK: '0',
  };
}
