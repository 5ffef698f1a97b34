/**
 * The chain section of the configuration: which BEP-20 features this server offers, decided
 * once when the configuration loads. The Deposit screen, the deposit routes, the Withdraw
 * screen, the withdrawal refusal and the chain role all read this one answer, so none of them
 * can offer what another would not do (an address no scanner credits, a withdrawal no worker
 * pays). It also hands the domain modules the chain's address rules (chain-addresses.ts), so
 * a module derives addresses only where the configuration turned deposits on, and speaks no ethers.
 */
import type { DepositToken } from '../../common/api/billing';
import { addressOfPrivateKey, checksummedAddress, depositAddressesOfXpub } from './chain-addresses';

/**
 * The members' deposit addresses, derived by server/chain (the only ethers importer) for the
 * deposit module, from the account xpub: no process needs the mnemonic to hand them out.
 */
export interface DepositAddresses {
  /** The lower-case address at child 0/<hdIndex> of the account xpub (m/44'/60'/0'/0/<hdIndex>). */
  at(hdIndex: number): string;
}

/** The EIP-55 form of a text, or null when it is no address or its mixed case breaks the checksum (server/chain). */
export type ChecksumAddress = (text: string) => string | null;

/** What the deposit scanner and the deposit routes use. */
export interface DepositSettings {
  rpcUrl: string;
  /** Derives the members' addresses from the account xpub (DEPOSIT_XPUB, or DEPOSIT_MNEMONIC's): no secret needed. */
  addresses: DepositAddresses;
  /** Lower-case contract address of each token. */
  tokens: Record<DepositToken, string>;
  confirmations: number;
  pollMs: number;
  startBlock: number | null;
  scanBlocks: number;
}

/** What the payout worker uses. */
export interface PayoutSettings {
  rpcUrl: string;
  /**
   * HOT_WALLET_PRIVATE_KEY: a secret, kept in the signer, never logged. Null in an api-only
   * process that takes withdrawals on HOT_WALLET_ADDRESS alone (config.ts refuses that with the
   * chain role, whose payout worker signs).
   */
  hotWalletKey: string | null;
  /** The hot wallet's own lower-case address (HOT_WALLET_ADDRESS, or the key's): no withdrawal may go there. */
  hotWalletAddress: string | null;
  usdtToken: string;
  confirmations: number;
  pollMs: number;
}

/** On with its settings, or off with the reason the chain role logs once. */
export type Feature<Settings> = { enabled: true; settings: Settings } | { enabled: false; reason: string };

export interface ChainConfig {
  /** BEP-20 deposits of USDT, IFT and IFX: BSC_RPC_URL, DEPOSIT_XPUB (or DEPOSIT_MNEMONIC) and the three token contracts. */
  deposits: Feature<DepositSettings>;
  /** USDT reward withdrawals paid from the hot wallet: BSC_RPC_URL, TOKEN_USDT and HOT_WALLET_PRIVATE_KEY (api-only: or HOT_WALLET_ADDRESS). */
  payouts: Feature<PayoutSettings>;
  /**
   * The EIP-55 check of a payout address, on whether payouts are on or not (a request with a
   * bad address is told so first). From server/chain: the domain modules speak no ethers.
   */
  checksummedAddress: ChecksumAddress;
}

/** The validated chain variables, as config.ts parsed them (part of its Config). */
export interface ChainVariables {
  /** http(s) only: the scanner and the payout worker speak JSON-RPC over HTTP (chain/lazy-provider.ts). */
  bscRpcUrl: string | null;
  /** Kept for compatibility: only its account xpub (depositXpub) is used. A secret: never logged. */
  depositMnemonic: string | null;
  /**
   * The account-level extended public key (m/44'/60'/0') deposit addresses are derived from:
   * DEPOSIT_XPUB, else derived from DEPOSIT_MNEMONIC. API processes need only this.
   */
  depositXpub: string | null;
  tokens: { usdt: string | null; ift: string | null; ifx: string | null };
  /** The payout hot wallet's key (0x + 64 hex); a secret: never logged, never echoed. */
  hotWalletPrivateKey: string | null;
  /** HOT_WALLET_ADDRESS: the payout wallet's public address; api processes offer withdrawals on it without the key. */
  hotWalletAddress: string | null;
  /** Blocks mined on top of a transfer's block before it is credited (BSC: 15). */
  chainConfirmations: number;
  /** How often the chain role looks for new blocks (ms). */
  chainPollMs: number;
  /** First block a fresh deposit scanner reads; null = the confirmed head at its first start. */
  chainStartBlock: number | null;
  /** Blocks per eth_getLogs request and per crediting transaction (public BSC RPCs cap ranges). */
  chainScanBlocks: number;
}

const unset = (values: Record<string, string | null>): string[] =>
  Object.entries(values)
    .filter(([, value]) => !value)
    .map(([name]) => name);

function deposits(v: ChainVariables): Feature<DepositSettings> {
  const { usdt, ift, ifx } = v.tokens;
  const missing = unset({
    BSC_RPC_URL: v.bscRpcUrl,
    'DEPOSIT_XPUB (or DEPOSIT_MNEMONIC)': v.depositXpub,
    TOKEN_USDT: usdt,
    TOKEN_IFT: ift,
    TOKEN_IFX: ifx,
  });
  if (missing.length > 0) {
    return {
      enabled: false,
      reason: `BEP-20 deposits are off: ${missing.join(', ')} unset (in a development checkout, npm run chain starts a local test chain and prints them)`,
    };
  }
  return {
    enabled: true,
    settings: {
      rpcUrl: v.bscRpcUrl!,
      addresses: depositAddressesOfXpub(v.depositXpub!),
      tokens: { USDT: usdt!.toLowerCase(), IFT: ift!.toLowerCase(), IFX: ifx!.toLowerCase() },
      confirmations: v.chainConfirmations,
      pollMs: v.chainPollMs,
      startBlock: v.chainStartBlock,
      scanBlocks: v.chainScanBlocks,
    },
  };
}

function payouts(v: ChainVariables): Feature<PayoutSettings> {
  const missing = unset({
    BSC_RPC_URL: v.bscRpcUrl,
    TOKEN_USDT: v.tokens.usdt,
    HOT_WALLET_PRIVATE_KEY: v.hotWalletPrivateKey ?? v.hotWalletAddress,
  });
  if (missing.length > 0) return { enabled: false, reason: `reward payouts are off: ${missing.join(', ')} unset` };
  return {
    enabled: true,
    settings: {
      rpcUrl: v.bscRpcUrl!,
      hotWalletKey: v.hotWalletPrivateKey,
      hotWalletAddress:
        v.hotWalletAddress?.toLowerCase() ?? (v.hotWalletPrivateKey ? addressOfPrivateKey(v.hotWalletPrivateKey) : null),
      usdtToken: v.tokens.usdt!,
      confirmations: v.chainConfirmations,
      pollMs: v.chainPollMs,
    },
  };
}

export function chainConfig(variables: ChainVariables): ChainConfig {
  return { deposits: deposits(variables), payouts: payouts(variables), checksummedAddress };
}
