/**
 * The three JSON-RPC reads the deposit scanner needs, over an ethers JsonRpcProvider. The
 * provider is made on first use after one eth_chainId probe, so a node that is down at boot
 * is a scan error the loop retries (and logs once), not a boot failure or ethers' endless
 * "failed to detect network" console retries.
 */
import { FetchRequest, JsonRpcProvider, type Log } from 'ethers';

export interface ChainReader {
  /** The newest block number. */
  head(): Promise<number>;
  /** The canonical hash of block `n`, or null when the chain has no such block (yet). */
  blockHash(n: number): Promise<string | null>;
  /** Logs of `contracts` with first topic `topic` in blocks from..to (inclusive). */
  logs(contracts: string[], topic: string, from: number, to: number): Promise<Log[]>;
  close(): void;
}

const RPC_TIMEOUT_MS = 15_000;

async function chainIdOf(rpcUrl: string): Promise<number> {
  const request = new FetchRequest(rpcUrl);
  request.timeout = RPC_TIMEOUT_MS;
  request.body = { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] };
  const response = await request.send();
  response.assertOk();
  const body = response.bodyJson as { result?: string; error?: { message?: string } };
  if (typeof body.result !== 'string') throw new Error(`eth_chainId failed: ${body.error?.message ?? 'no result'}`);
  return Number(BigInt(body.result));
}

/** Only http(s) RPC URLs: a WebSocket provider in ethers 6 does not reconnect by itself. */
export function connectChain(rpcUrl: string): ChainReader {
  if (!/^https?:/i.test(rpcUrl)) throw new Error('the deposit scanner needs an http(s) BSC_RPC_URL');
  let provider: Promise<JsonRpcProvider> | null = null;
  const ready = () => {
    provider ??= chainIdOf(rpcUrl).then(
      // batchMaxCount 1: no 10 ms batching stall; cacheTimeout -1: every head read is fresh.
      (chainId) => new JsonRpcProvider(rpcUrl, chainId, { staticNetwork: true, batchMaxCount: 1, cacheTimeout: -1 }),
      (error: unknown) => {
        provider = null; // probe again on the next scan
        throw error;
      },
    );
    return provider;
  };
  return {
    head: async () => (await ready()).getBlockNumber(),
    async blockHash(n) {
      if (n < 0) return null;
      return (await (await ready()).getBlock(n))?.hash ?? null;
    },
    logs: async (contracts, topic, from, to) => (await ready()).getLogs({ address: contracts, topics: [topic], fromBlock: from, toBlock: to }),
    close() {
      provider?.then((p) => p.destroy(), () => undefined);
    },
  };
}

/** An error message fit for the log: the RPC URL (which may carry an API key) replaced. */
export function redactedMessage(error: unknown, rpcUrl: string): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split(rpcUrl).join('<BSC_RPC_URL>').slice(0, 500);
}
