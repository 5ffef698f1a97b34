/**
 * The browser preview's local BEP-20 chain: with the simulator exchange and no BSC_RPC_URL, a
 * newcomer's preview takes deposits and pays withdrawals on a chain kept in DATA_DIR/local-chain
 * (LOCAL_CHAIN=off turns it off). ganache is a development dependency, loaded only here: the one
 * import of the server's own past server/embed.ts (boundary rule electron-only-through-embed), as
 * the packaged app never starts a local chain and must not bundle it.
 */
import { join } from 'node:path';
import type { LocalChain } from '../../server/chain/local-chain';
import { ConfigError } from '../../server/embed';

export { localChainEnv } from '../../server/chain/local-chain-env';

export interface PreviewChain {
  chain: LocalChain;
  stop(): Promise<void>;
}

const BLOCK_MS = 1_000;

/**
 * LOCAL_CHAIN=on|off (default on). Anything else is refused, as the server refuses a bad setting:
 * read as 'on', a LOCAL_CHAIN=false would start the chain its writer meant to turn off.
 */
function localChainSwitch(env: Record<string, string | undefined>): boolean {
  const raw = env.LOCAL_CHAIN?.trim() || 'on';
  if (raw !== 'on' && raw !== 'off')
    throw new ConfigError(`Invalid configuration: LOCAL_CHAIN must be one of on, off (got ${JSON.stringify(raw)})`);
  return raw === 'on';
}

export function wantsLocalChain(env: Record<string, string | undefined>): boolean {
  const exchange = env.EXCHANGE?.trim() || 'sim';
  return localChainSwitch(env) && exchange === 'sim' && !env.BSC_RPC_URL?.trim() && !env.GRIDDESK_SERVER_URL?.trim();
}

/**
 * LOCAL_CHAIN_PORT, as `npm run chain` reads it; unset, a free port (0), so a preview never
 * collides with a chain already running on 8545.
 */
export function localChainPort(env: Record<string, string | undefined>): number {
  const raw = env.LOCAL_CHAIN_PORT?.trim();
  if (!raw) return 0;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65_535)
    throw new ConfigError(`Invalid configuration: LOCAL_CHAIN_PORT must be a port number (0-65535), got ${JSON.stringify(raw)}`);
  return port;
}

export async function startPreviewChain(env: Record<string, string | undefined>, dataDir: string): Promise<PreviewChain | null> {
  if (!wantsLocalChain(env)) return null;
  const port = localChainPort(env);
  const { startLocalChain } = await import('../../server/chain/local-chain');
  const chain = await startLocalChain({ port, host: '127.0.0.1', dbPath: join(dataDir, 'local-chain') });
  // Blocks keep coming, as on a real chain, so deposits and payouts reach their confirmations.
  const miner = setInterval(() => void chain.mine(1).catch(() => undefined), BLOCK_MS);
  miner.unref();
  return {
    chain,
    async stop() {
      clearInterval(miner);
      await chain.close();
    },
  };
}
