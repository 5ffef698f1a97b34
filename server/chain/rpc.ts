/**
 * The three JSON-RPC reads the deposit scanner needs, over the chain role's lazy provider: a
 * node that is down at boot is a scan error the loop retries (and logs once), not a boot failure.
 */
import type { Log } from 'ethers';
import { lazyProvider } from './lazy-provider';

export interface ChainReader {
  /** The newest block number. */
  head(): Promise<number>;
  /** The canonical hash of block `n`, or null when the chain has no such block (yet). */
  blockHash(n: number): Promise<string | null>;
  /** Logs of `contracts` with first topic `topic` in blocks from..to (inclusive). */
  logs(contracts: string[], topic: string, from: number, to: number): Promise<Log[]>;
  close(): void;
}

/** Only http(s) RPC URLs: a WebSocket provider in ethers 6 does not reconnect by itself. */
export function connectChain(rpcUrl: string): ChainReader {
  if (!/^https?:/i.test(rpcUrl)) throw new Error('the deposit scanner needs an http(s) BSC_RPC_URL');
  const provider = lazyProvider(rpcUrl);
  return {
    head: async () => (await provider.get()).getBlockNumber(),
    async blockHash(n) {
      if (n < 0) return null;
      return (await (await provider.get()).getBlock(n))?.hash ?? null;
    },
    logs: async (contracts, topic, from, to) =>
      (await provider.get()).getLogs({ address: contracts, topics: [topic], fromBlock: from, toBlock: to }),
    close: () => provider.destroy(),
  };
}

/** An error message fit for the log: the RPC URL (which may carry an API key) replaced. */
export function redactedMessage(error: unknown, rpcUrl: string): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split(rpcUrl).join('<BSC_RPC_URL>').slice(0, 500);
}
