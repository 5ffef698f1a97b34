/**
 * `npm run chain [-- --port 8545] [--data DIR]`: a local BEP-20 chain (ganache, in this process) with USDT,
 * IFT and IFX deployed, for trying deposits and withdrawals without BSC access. Prints the
 * environment the platform server needs and keeps running until Ctrl+C. Every key printed is
 * a public development key: never use one on a real chain.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startLocalChain, type LocalChain } from '../chain/local-chain';
import { localChainEnv } from '../chain/local-chain-env';
import { processIo, type CliIo } from './io';

/** A real BSC block comes every ~3 s; a quiet local chain only mines when a transaction comes. */
const BLOCK_MS = 1_000;

/** KEY=value lines to paste before `npm run server` (a value with spaces quoted). */
export function envLines(chain: LocalChain): string[] {
  return Object.entries(localChainEnv(chain)).map(([key, value]) => (value.includes(' ') ? `${key}="${value}"` : `${key}=${value}`));
}

/** Where the chain is kept between runs: --data <dir>, else DATA_DIR/local-chain. */
function dataOf(argv: string[], env: Record<string, string | undefined>): string {
  const index = argv.indexOf('--data');
  return resolve(index >= 0 && argv[index + 1] ? argv[index + 1]! : join(env.DATA_DIR ?? './.data', 'local-chain'));
}

function portOf(argv: string[], env: Record<string, string | undefined>): number {
  const index = argv.indexOf('--port');
  const raw = index >= 0 ? argv[index + 1] : (env.LOCAL_CHAIN_PORT ?? '8545');
  const port = Number(raw);
  if (!raw || !/^\d+$/.test(raw) || port > 65_535) throw new Error(`--port must be a port number (0-65535), got "${raw ?? ''}"`);
  return port;
}

export async function runChain(argv: string[], env: Record<string, string | undefined>, io: CliIo): Promise<{ chain: LocalChain; stop(): Promise<void> }> {
  const chain = await startLocalChain({ port: portOf(argv, env), host: '127.0.0.1', dbPath: dataOf(argv, env) });
  const miner = setInterval(() => {
    chain.mine(1).catch(() => undefined); // closing: the next tick is cleared
  }, BLOCK_MS);
  io.out(`Local BEP-20 chain on ${chain.rpcUrl} (chain id ${chain.chainId}), a block every ${BLOCK_MS / 1000} s.`);
  io.out('Start the platform server with these (development keys only, public, worthless):\n');
  io.out(envLines(chain).join('\n'));
  // Printed apart from the KEY=value lines: no server process needs it (DEPOSIT_XPUB is its
  // account key); it is for a wallet app that should see the deposit addresses' funds.
  io.out(`\nDeposit wallet mnemonic (DEPOSIT_XPUB is its m/44'/60'/0' account key): ${chain.depositMnemonic}`);
  io.out(`\nHot wallet ${chain.hotWallet.address} holds USDT for withdrawals.`);
  // The faucet's own default is 127.0.0.1:8545: naming this chain keeps the command right on any --port.
  io.out(`Send a member tokens: BSC_RPC_URL=${chain.rpcUrl} npm run faucet -- <member email or 0x address> <USDT|IFT|IFX> <amount>`);
  return {
    chain,
    async stop() {
      clearInterval(miner);
      await chain.close();
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runChain(process.argv.slice(2), process.env, processIo).then(
    (running) => {
      const stop = () => void running.stop().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (error: unknown) => {
      console.error(`npm run chain: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
