/**
 * Whether this server can take BEP-20 deposits, and with what. The api role asks it to answer
 * 'not available' instead of failing; the chain role to start its scanner or say once why not.
 */
import type { DepositToken } from '../../common/api/wallet-service';
import type { Config } from '../config';

export interface ChainSettings {
  rpcUrl: string;
  /** A secret: passed to address derivation only, never logged. */
  mnemonic: string;
  /** Lower-case contract address of each token. */
  tokens: Record<DepositToken, string>;
  confirmations: number;
  pollMs: number;
  startBlock: number | null;
  scanBlocks: number;
}

export type ChainAvailability = { enabled: true; settings: ChainSettings } | { enabled: false; reason: string };

export function chainAvailability(config: Config): ChainAvailability {
  const { usdt, ift, ifx } = config.tokens;
  const missing = [
    config.bscRpcUrl ? null : 'BSC_RPC_URL',
    config.depositMnemonic ? null : 'DEPOSIT_MNEMONIC',
    usdt ? null : 'TOKEN_USDT',
    ift ? null : 'TOKEN_IFT',
    ifx ? null : 'TOKEN_IFX',
  ].filter((name): name is string => name !== null);
  if (missing.length > 0) return { enabled: false, reason: `BEP-20 deposits are off: ${missing.join(', ')} unset (npm run chain starts a local chain and prints them)` };
  return {
    enabled: true,
    settings: {
      rpcUrl: config.bscRpcUrl!,
      mnemonic: config.depositMnemonic!,
      tokens: { USDT: usdt!.toLowerCase(), IFT: ift!.toLowerCase(), IFX: ifx!.toLowerCase() },
      confirmations: config.chainConfirmations,
      pollMs: config.chainPollMs,
      startBlock: config.chainStartBlock,
      scanBlocks: config.chainScanBlocks,
    },
  };
}
