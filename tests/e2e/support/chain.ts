/**
 * The local BEP-20 chain (ganache in-process, USDT/IFT/IFX deployed, a funded hot wallet) and
 * the server environment that points the `chain` role at it (variable names: server/config/config.ts).
 */
import { startLocalChain, type LocalChain } from '../../../server/chain/local-chain';

export interface StackChain {
  chain: LocalChain;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Blocks keep coming, as on a real chain, so payouts reach their confirmations. */
const BLOCK_MS = 250;

export async function startChainForStack(): Promise<StackChain> {
  const chain = await startLocalChain();
  const miner = setInterval(() => void chain.mine(1).catch(() => undefined), BLOCK_MS);
  const env = {
    BSC_RPC_URL: chain.rpcUrl,
    DEPOSIT_MNEMONIC: chain.depositMnemonic,
    TOKEN_USDT: chain.tokens.USDT,
    TOKEN_IFT: chain.tokens.IFT,
    TOKEN_IFX: chain.tokens.IFX,
    HOT_WALLET_PRIVATE_KEY: chain.hotWallet.privateKey,
    // A transfer counts after one block on top; the scanner looks every 100 ms from block 0.
    CHAIN_CONFIRMATIONS: '1',
    CHAIN_POLL_MS: '100',
    CHAIN_START_BLOCK: '0',
    DEPOSIT_LISTEN_SECONDS: '600',
  };
  return {
    chain,
    env,
    async close() {
      clearInterval(miner);
      await chain.close();
    },
  };
}
