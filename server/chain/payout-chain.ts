/**
 * The hot wallet's view of the chain, for the payout worker: simulate, sign and broadcast a
 * BEP-20 USDT transfer, and read receipts and nonces. Every RPC failure is thrown as is (the
 * worker retries it); only the outcomes that decide a payout are returned as values.
 *
 * The private key lives in the ethers Wallet inside this closure and nowhere else: it is never
 * returned, logged or put into an error (redactKey in payout-errors.ts is the second guard).
 */
import { ethers } from 'ethers';

const TRANSFER_ABI = ['function transfer(address to, uint256 amount) returns (bool)'];
const erc20 = new ethers.Interface(TRANSFER_ABI);

/** What signing needs besides the nonce, read from the chain before the nonce is assigned. */
export interface PreparedTransfer {
  data: string;
  gasLimit: bigint;
  gasPrice: bigint;
  chainId: bigint;
  /** The hot wallet's pending transaction count when prepared. */
  pendingNonce: bigint;
}

export type BroadcastOutcome = 'sent' | 'known' | 'nonce_used';

export interface TxReceiptInfo {
  status: number | null;
  blockNumber: number;
}

export interface PayoutChain {
  hotAddress: string;
  /** null when the transfer would succeed now; else why it would not (a revert, or `false`). */
  simulate(to: string, units: bigint): Promise<string | null>;
  prepare(to: string, units: bigint): Promise<PreparedTransfer>;
  sign(prepared: PreparedTransfer, nonce: bigint): Promise<{ signedTx: string; txHash: string }>;
  broadcast(signedTx: string): Promise<BroadcastOutcome>;
  /** The receipt of `txHash`, or null when the chain does not know it as mined. */
  receipt(txHash: string): Promise<TxReceiptInfo | null>;
  /** True when the node still knows the transaction (mined or in its mempool). */
  known(txHash: string): Promise<boolean>;
  blockNumber(): Promise<number>;
  /** How many of the hot wallet's transactions were mined up to `block`. */
  minedNonceAt(block: number): Promise<bigint>;
}

export interface PayoutChainOptions {
  provider: () => Promise<ethers.JsonRpcProvider>;
  hotWalletKey: string;
  usdtToken: string;
  /** Headroom over estimateGas, in percent (default 25). */
  gasHeadroomPercent?: bigint;
}

const ALREADY_KNOWN = /already known|known transaction|already imported|alreadyknown|already exists/i;

export function classifyBroadcastError(error: unknown): BroadcastOutcome | null {
  if (ethers.isError(error, 'NONCE_EXPIRED')) return 'nonce_used';
  const message =
    error instanceof Error ? `${error.message} ${JSON.stringify((error as { info?: unknown }).info ?? '')}` : String(error);
  if (ALREADY_KNOWN.test(message)) return 'known';
  if (/nonce/i.test(message) && /too low/i.test(message)) return 'nonce_used';
  // Ganache: "the tx doesn't have the correct nonce. account has nonce of: 5 tx has nonce of: 3".
  const ganache = /account has nonce of: (\d+) tx has nonce of: (\d+)/i.exec(message);
  if (ganache && BigInt(ganache[2]!) < BigInt(ganache[1]!)) return 'nonce_used';
  return null;
}

type Rpc = PayoutChainOptions['provider'];

/** The hot wallet's USDT transfer: checked by a call, priced and numbered, then signed offline. */
function transfers(rpc: Rpc, wallet: ethers.Wallet, usdtToken: string, gasHeadroomPercent: bigint) {
  const hotAddress = wallet.address;
  const call = (to: string, units: bigint) => ({
    from: hotAddress,
    to: usdtToken,
    data: erc20.encodeFunctionData('transfer', [to, units]),
  });
  return {
    async simulate(to: string, units: bigint) {
      try {
        const result = await (await rpc()).call(call(to, units));
        // A token that returns false instead of reverting would otherwise "pay" nothing.
        if (result !== '0x' && erc20.decodeFunctionResult('transfer', result)[0] !== true) return 'transfer returned false';
        return null;
      } catch (error) {
        if (ethers.isError(error, 'CALL_EXCEPTION')) return `transfer would revert: ${error.shortMessage}`;
        throw error;
      }
    },
    async prepare(to: string, units: bigint) {
      const request = call(to, units);
      const provider = await rpc();
      const [estimate, fees, network, pendingNonce] = await Promise.all([
        provider.estimateGas(request),
        provider.getFeeData(),
        provider.getNetwork(),
        provider.getTransactionCount(hotAddress, 'pending'),
      ]);
      if (fees.gasPrice === null) throw new Error('the chain reports no gas price');
      return {
        data: request.data,
        gasLimit: (estimate * (100n + gasHeadroomPercent)) / 100n,
        gasPrice: fees.gasPrice,
        chainId: network.chainId,
        pendingNonce: BigInt(pendingNonce),
      };
    },
  } satisfies Pick<PayoutChain, 'simulate' | 'prepare'>;
}

/** What the chain says of a signed transfer once it is sent: accepted, mined, known, and the wallet's mined nonce. */
function broadcasts(rpc: Rpc, hotAddress: string) {
  return {
    async broadcast(signedTx: string) {
      try {
        await (await rpc()).broadcastTransaction(signedTx);
        return 'sent' as const;
      } catch (error) {
        const outcome = classifyBroadcastError(error);
        if (outcome === null) throw error;
        return outcome;
      }
    },
    async receipt(txHash: string) {
      const receipt = await (await rpc()).getTransactionReceipt(txHash);
      return receipt === null ? null : { status: receipt.status, blockNumber: receipt.blockNumber };
    },
    async known(txHash: string) {
      return (await (await rpc()).getTransaction(txHash)) !== null;
    },
    blockNumber: async () => (await rpc()).getBlockNumber(),
    async minedNonceAt(block: number) {
      return BigInt(await (await rpc()).getTransactionCount(hotAddress, block));
    },
  } satisfies Pick<PayoutChain, 'broadcast' | 'receipt' | 'known' | 'blockNumber' | 'minedNonceAt'>;
}

export function payoutChain({
  provider: rpc,
  hotWalletKey,
  usdtToken,
  gasHeadroomPercent = 25n,
}: PayoutChainOptions): PayoutChain {
  const wallet = new ethers.Wallet(hotWalletKey);
  return {
    hotAddress: wallet.address,
    ...transfers(rpc, wallet, usdtToken, gasHeadroomPercent),
    async sign(prepared, nonce) {
      // Legacy (type 0) transactions: what BSC prices by, and every EVM chain accepts.
      const signedTx = await wallet.signTransaction({
        type: 0,
        to: usdtToken,
        data: prepared.data,
        value: 0n,
        nonce: Number(nonce),
        gasLimit: prepared.gasLimit,
        gasPrice: prepared.gasPrice,
        chainId: prepared.chainId,
      });
      return { signedTx, txHash: ethers.keccak256(signedTx) };
    },
    ...broadcasts(rpc, wallet.address),
  };
}
