/**
 * The chain role's JSON-RPC provider (the deposit scanner's and the payout worker's), made on first use after one eth_chainId probe: a node
 * that is down at boot is then an error the scan loop or the payout worker retries, not ethers'
 * endless "failed to detect network" console retries. Requests give up after `timeoutMs`
 * (ethers' default is five minutes).
 */
import { FetchRequest, JsonRpcProvider, Network } from 'ethers';

export interface LazyProvider {
  get(): Promise<JsonRpcProvider>;
  destroy(): void;
}

function request(rpcUrl: string, timeoutMs: number): FetchRequest {
  const req = new FetchRequest(rpcUrl);
  req.timeout = timeoutMs;
  return req;
}

async function chainIdOf(rpcUrl: string, timeoutMs: number): Promise<bigint> {
  const req = request(rpcUrl, timeoutMs);
  req.body = { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] };
  const response = await req.send();
  response.assertOk();
  const body = response.bodyJson as { result?: string; error?: { message?: string } };
  if (typeof body.result !== 'string') throw new Error(`eth_chainId failed: ${body.error?.message ?? 'no result'}`);
  return BigInt(body.result);
}

export function lazyProvider(rpcUrl: string, timeoutMs = 15_000): LazyProvider {
  let made: Promise<JsonRpcProvider> | null = null;
  return {
    get() {
      made ??= chainIdOf(rpcUrl, timeoutMs).then(
        (chainId) =>
          new JsonRpcProvider(request(rpcUrl, timeoutMs), Network.from(chainId), {
            staticNetwork: true,
            batchMaxCount: 1,
            cacheTimeout: -1,
          }),
      );
      // A failed probe is retried on the next use.
      made.catch(() => {
        made = null;
      });
      return made;
    },
    destroy() {
      void made?.then(
        (provider) => provider.destroy(),
        () => undefined,
      );
    },
  };
}
