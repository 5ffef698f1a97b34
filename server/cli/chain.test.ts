/**
 * `npm run chain` in-process: what README promises (a local chain kept in DATA_DIR/local-chain,
 * the server's environment printed, a faucet command that works) and a clean stop. The block
 * timer is faked, so a block is asked for on a tick instead of waited for.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { depositAddressesOf } from '../config/chain-addresses';
import { localChainEnv } from '../chain/local-chain-env';
import { loadConfig } from '../config/config';
import { TEST_ENV } from '../testing/server';
import { runChain } from './chain';
import { runFaucet } from './faucet';
import { memoryIo } from './io';
import { blockAbove, rpcAnswers } from '../chain/testing/rpc-probes';

/** The KEY=value and KEY="value" lines of the output, as a shell would read them. */
function printedEnv(lines: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of lines.join('\n').split('\n')) {
    const match = /^([A-Z_]+)=(?:"([^"]*)"|(\S*))$/.exec(line);
    if (match) env[match[1]!] = match[2] ?? match[3]!;
  }
  return env;
}

/** `VAR=value ... npm run faucet -- <args>` split into its environment and its arguments. */
function parseCommand(command: string): { env: Record<string, string>; argv: string[] } {
  const [before, after] = command.split(' npm run faucet -- ');
  const env = Object.fromEntries(
    (before ?? '')
      .split(' ')
      .filter(Boolean)
      .map((pair) => pair.split('=', 2) as [string, string]),
  );
  return { env, argv: (after ?? '').split(' ') };
}

describe('npm run chain', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'griddesk-chain-cli-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));
  afterEach(() => vi.useRealTimers());

  it('starts a chain in DATA_DIR/local-chain, prints the server environment and a faucet command that works, mines a block a tick, and stops cleanly', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const io = memoryIo();
    const running = await runChain(['--port', '0'], { DATA_DIR: dataDir }, io);
    const { chain } = running;
    try {
      expect(io.stdout[0]).toBe(`Local BEP-20 chain on ${chain.rpcUrl} (chain id 1337), a block every 1 s.`);
      expect(existsSync(join(dataDir, 'local-chain', 'griddesk-tokens.json'))).toBe(true);

      // The environment lines are the server's chain settings, and the server takes them as they are.
      const env = printedEnv(io.stdout);
      expect(env).toEqual(localChainEnv(chain));
      const { deposits, payouts } = loadConfig({ ...TEST_ENV, ...env }).chain;
      expect(deposits).toMatchObject({
        enabled: true,
        settings: { rpcUrl: chain.rpcUrl, tokens: chain.tokens, confirmations: 3 },
      });
      expect(payouts).toMatchObject({ enabled: true, settings: { rpcUrl: chain.rpcUrl, confirmations: 3 } });

      const output = io.stdout.join('\n');
      // Both keys of the deposit wallet: the xpub among the server's variables (API processes
      // need no more), the mnemonic apart for a wallet app; the xpub yields the mnemonic's addresses.
      expect(env.DEPOSIT_XPUB).toMatch(/^xpub/);
      expect(env).not.toHaveProperty('DEPOSIT_MNEMONIC');
      expect(output).toContain(
        `Deposit wallet mnemonic (DEPOSIT_XPUB is its m/44'/60'/0' account key): ${chain.depositMnemonic}`,
      );
      expect(deposits.enabled && deposits.settings.addresses.at(7)).toBe(depositAddressesOf(chain.depositMnemonic).at(7));
      expect(output).toContain(`Hot wallet ${chain.hotWallet.address} holds USDT for withdrawals.`);
      expect(await chain.balanceOf('USDT', chain.hotWallet.address)).toBe('1000000.0');

      // The printed faucet command reaches this chain, whatever port it listens on.
      const command = /^Send a member tokens: (.+)$/m.exec(output)![1]!;
      expect(command).toBe(`BSC_RPC_URL=${chain.rpcUrl} npm run faucet -- <member email or 0x address> <USDT|IFT|IFX> <amount>`);
      const { env: faucetEnv } = parseCommand(command);
      const to = '0x00000000000000000000000000000000000000bb';
      const faucetIo = memoryIo();
      expect(await runFaucet([to, 'USDT', '5'], faucetEnv, faucetIo)).toBe(0);
      expect(await chain.balanceOf('USDT', to)).toBe('5.0');

      // One block a tick of the block timer, as on a real chain.
      const height = await chain.provider.getBlockNumber();
      vi.advanceTimersByTime(1_000);
      expect(await blockAbove(chain.provider, height)).toBe(height + 1);
    } finally {
      await running.stop();
    }
    expect(vi.getTimerCount()).toBe(0); // the block timer is gone
    expect(await rpcAnswers(chain.rpcUrl)).toBe(false);
  });

  it('continues the kept chain on the next start (--data names the same folder)', async () => {
    const io = memoryIo();
    const running = await runChain(['--port', '0', '--data', join(dataDir, 'local-chain')], {}, io);
    try {
      expect(printedEnv(io.stdout).TOKEN_USDT).toBe(running.chain.tokens.USDT);
      expect(await running.chain.balanceOf('USDT', '0x00000000000000000000000000000000000000bb')).toBe('5.0');
      expect(await running.chain.balanceOf('USDT', running.chain.hotWallet.address)).toBe('1000000.0');
    } finally {
      await running.stop();
    }
  });

  it('refuses a port that is not one', async () => {
    for (const port of ['eighty', '65536', '-1']) {
      await expect(runChain(['--port', port, '--data', join(dataDir, 'unused')], {}, memoryIo())).rejects.toThrow(
        /--port must be a port number/,
      );
    }
    await expect(runChain([], { LOCAL_CHAIN_PORT: 'x', DATA_DIR: dataDir }, memoryIo())).rejects.toThrow(
      /--port must be a port number/,
    );
  });
});
