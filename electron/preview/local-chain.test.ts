/**
 * The preview's local chain: when it starts one (wantsLocalChain), and that the one it starts
 * is kept in DATA_DIR/local-chain, gets a block a tick of its timer and stops cleanly. The
 * block timer is faked, so a block is asked for on a tick instead of waited for.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../../server/config/config';
import { createServer } from 'node:net';
import { localChainPort, startPreviewChain, wantsLocalChain } from './local-chain';
import { blockAbove, rpcAnswers } from '../../server/chain/testing/rpc-probes';

describe('wantsLocalChain: the preview starts a local chain only with the simulator, no chain of its own and no remote server', () => {
  it.each([
    [{}, true],
    [{ EXCHANGE: 'sim' }, true],
    [{ EXCHANGE: ' sim ', LOCAL_CHAIN: 'on' }, true],
    [{ BSC_RPC_URL: '   ', GRIDDESK_SERVER_URL: '' }, true],
    [{ LOCAL_CHAIN: 'off' }, false],
    [{ LOCAL_CHAIN: ' off ' }, false],
    [{ EXCHANGE: 'binance' }, false],
    [{ BSC_RPC_URL: 'https://bsc-dataseed.bnbchain.org' }, false],
    [{ GRIDDESK_SERVER_URL: 'https://grid.example' }, false],
  ] as [Record<string, string>, boolean][])('%j -> %s', (env, wanted) => {
    expect(wantsLocalChain(env)).toBe(wanted);
  });

  it('refuses a LOCAL_CHAIN other than on or off, as the server refuses a bad setting, instead of starting a chain the member meant to turn off', () => {
    for (const value of ['false', 'no', '0', 'OFF']) {
      expect(() => wantsLocalChain({ LOCAL_CHAIN: value })).toThrow(ConfigError);
      expect(() => wantsLocalChain({ LOCAL_CHAIN: value })).toThrow(
        `Invalid configuration: LOCAL_CHAIN must be one of on, off (got "${value}")`,
      );
    }
  });
});

describe('localChainPort: LOCAL_CHAIN_PORT, as npm run chain reads it', () => {
  it('is a free port (0) when unset or blank, the given port otherwise', () => {
    expect(localChainPort({})).toBe(0);
    expect(localChainPort({ LOCAL_CHAIN_PORT: ' ' })).toBe(0);
    expect(localChainPort({ LOCAL_CHAIN_PORT: '8546' })).toBe(8546);
  });

  it('refuses what is not a port number instead of picking another port', () => {
    for (const value of ['x', '-1', '65536', '85.45']) {
      expect(() => localChainPort({ LOCAL_CHAIN_PORT: value })).toThrow(ConfigError);
    }
  });
});

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

describe('startPreviewChain', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'griddesk-preview-chain-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));
  afterEach(() => vi.useRealTimers());

  it('starts nothing when the preview does not want a chain', async () => {
    expect(await startPreviewChain({ LOCAL_CHAIN: 'off' }, dataDir)).toBeNull();
    expect(await startPreviewChain({ BSC_RPC_URL: 'http://127.0.0.1:1' }, dataDir)).toBeNull();
    expect(existsSync(join(dataDir, 'local-chain'))).toBe(false);
  });

  it('serves its JSON-RPC on LOCAL_CHAIN_PORT when set (it came up on a random port before)', async () => {
    const port = await freePort();
    const started = (await startPreviewChain({ LOCAL_CHAIN_PORT: String(port) }, dataDir))!;
    try {
      expect(new URL(started.chain.rpcUrl).port).toBe(String(port));
      expect(await rpcAnswers(started.chain.rpcUrl)).toBe(true);
    } finally {
      await started.stop();
    }
  });

  it('starts a chain kept in DATA_DIR/local-chain, mines a block a tick, stops cleanly, and continues it on the next start', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const started = (await startPreviewChain({}, dataDir))!;
    const { chain } = started;
    try {
      expect(existsSync(join(dataDir, 'local-chain', 'griddesk-tokens.json'))).toBe(true);
      expect(await chain.balanceOf('USDT', chain.hotWallet.address)).toBe('1000000.0');
      await chain.faucet('USDT', '0x00000000000000000000000000000000000000cc', '4');
      const height = await chain.provider.getBlockNumber();
      vi.advanceTimersByTime(1_000);
      expect(await blockAbove(chain.provider, height)).toBe(height + 1);
    } finally {
      await started.stop();
    }
    expect(vi.getTimerCount()).toBe(0); // the block timer is gone
    expect(await rpcAnswers(chain.rpcUrl)).toBe(false);
    vi.useRealTimers();

    const again = (await startPreviewChain({}, dataDir))!;
    try {
      expect(again.chain.tokens).toEqual(chain.tokens);
      expect(await again.chain.balanceOf('USDT', '0x00000000000000000000000000000000000000cc')).toBe('4.0');
    } finally {
      await again.stop();
    }
  });
});
