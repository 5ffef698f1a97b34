/** Test probes of a JSON-RPC chain (the local chain's CLI and the preview's chain tests). */
import { JsonRpcProvider } from 'ethers';

const LOCAL_CHAIN_ID = 1337;

/** Whether something answers JSON-RPC at `rpcUrl` (the local chain's id assumed). */
export async function rpcAnswers(rpcUrl: string): Promise<boolean> {
  const provider = new JsonRpcProvider(rpcUrl, LOCAL_CHAIN_ID, { staticNetwork: true });
  try {
    await provider.getBlockNumber();
    return true;
  } catch {
    return false;
  } finally {
    provider.destroy();
  }
}

/** Resolves with the chain's height once it is above `height` (a block was mined). */
export async function blockAbove(provider: JsonRpcProvider, height: number): Promise<number> {
  for (;;) {
    const now = await provider.getBlockNumber();
    if (now > height) return now;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
