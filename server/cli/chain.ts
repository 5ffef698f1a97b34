/**
 * `npm run chain [-- --port 8545] [--data DIR]`: a local BEP-20 chain (ganache, in this process) with USDT,
 * IFT and IFX deployed, for trying deposits and withdrawals without BSC access. Prints the
 * environment the platform server needs and keeps running until Ctrl+C. Every key printed is
 * a public development key: never use one on a real chain.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { answerCommandLine, readCommandLine, type CommandLineSpec, type FlagValues } from '../../common/command-line';
import { startLocalChain, type LocalChain } from '../chain/local-chain';
import { localChainEnv } from '../chain/local-chain-env';
import { processIo, type CliIo } from './io';

/** A real BSC block comes every ~3 s; a quiet local chain only mines when a transaction comes. */
const BLOCK_MS = 1_000;

/** KEY=value lines to paste before `npm run server` (a value with spaces quoted). */
export function envLines(chain: LocalChain): string[] {
  return Object.entries(localChainEnv(chain)).map(([key, value]) =>
    value.includes(' ') ? `${key}="${value}"` : `${key}=${value}`,
  );
}

const USAGE = `Usage: npm run chain [-- --port 8545] [--data DIR]
       npm run chain -- --help   this text

Runs a local BEP-20 chain (ganache) with USDT, IFT and IFX deployed and a funded payout wallet,
prints the environment to start the platform server with and the faucet command, and keeps
running until Ctrl+C. Development keys only: never use them on a real chain.

  --port N     the JSON-RPC port on 127.0.0.1 (default LOCAL_CHAIN_PORT, else 8545; 0 picks a free one)
  --data DIR   where the chain is kept between runs (default DATA_DIR/local-chain)`;

type ChainFlag = 'port' | 'data';

export const CHAIN_COMMAND: CommandLineSpec<ChainFlag> = {
  command: 'npm run chain',
  usage: USAGE,
  flags: { port: 'string', data: 'string' },
  maxPositionals: 0,
};

/** Where the chain is kept between runs: --data <dir>, else DATA_DIR/local-chain. */
function dataOf(flags: FlagValues<ChainFlag>, env: Record<string, string | undefined>): string {
  if (flags.data === null || flags.data === '') throw new Error('--data needs a directory');
  return resolve(typeof flags.data === 'string' ? flags.data : join(env.DATA_DIR ?? './.data', 'local-chain'));
}

function portOf(flags: FlagValues<ChainFlag>, env: Record<string, string | undefined>): number {
  const given = flags.port;
  const raw = given === undefined ? (env.LOCAL_CHAIN_PORT ?? '8545') : typeof given === 'string' ? given : undefined;
  const port = Number(raw);
  if (!raw || !/^\d+$/.test(raw) || port > 65_535) throw new Error(`--port must be a port number (0-65535), got "${raw ?? ''}"`);
  return port;
}

/** The flags of a command line to run; the process entry answers --help and unknown flags first. */
function chainFlags(argv: string[]): FlagValues<ChainFlag> {
  const line = readCommandLine(argv, CHAIN_COMMAND);
  if (line.kind === 'refused') throw new Error(line.stderr);
  if (line.kind === 'help') throw new Error('--help starts no chain');
  return line.flags;
}

export async function runChain(
  argv: string[],
  env: Record<string, string | undefined>,
  io: CliIo,
): Promise<{ chain: LocalChain; stop(): Promise<void> }> {
  const flags = chainFlags(argv);
  const chain = await startLocalChain({ port: portOf(flags, env), host: '127.0.0.1', dbPath: dataOf(flags, env) });
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
  io.out(
    `Send a member tokens: BSC_RPC_URL=${chain.rpcUrl} npm run faucet -- <member email or 0x address> <USDT|IFT|IFX> <amount>`,
  );
  return {
    chain,
    async stop() {
      clearInterval(miner);
      await chain.close();
    },
  };
}

const isEntry = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
const entryLine = isEntry ? readCommandLine(process.argv.slice(2), CHAIN_COMMAND) : null;
if (entryLine && entryLine.kind !== 'run') {
  // --help or a misspelt flag: answered, and no chain is started.
  process.exitCode = answerCommandLine(entryLine, processIo);
} else if (entryLine) {
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
