import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalChain, type LocalChain } from './local-chain';

describe('the local BEP-20 chain', () => {
  let chain: LocalChain;
  beforeAll(async () => {
    chain = await startLocalChain();
  }, 60_000);
  afterAll(async () => {
    await chain?.close();
  });

  it('deploys USDT, IFT and IFX, funds the hot wallet and sends faucet tokens to any address', async () => {
    expect(Object.keys(chain.tokens)).toEqual(['USDT', 'IFT', 'IFX']);
    expect(await chain.balanceOf('USDT', chain.hotWallet.address)).toBe('1000000.0');
    const to = '0x000000000000000000000000000000000000dEaD';
    const sent = await chain.faucet('IFT', to, '12.5');
    expect(sent.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await chain.balanceOf('IFT', to)).toBe('12.5');
    const before = await chain.provider.getBlockNumber();
    await chain.mine(3);
    expect(await chain.provider.getBlockNumber()).toBe(before + 3);
  });
});

describe('a local chain kept in a folder', () => {
  it('continues after a restart: the same contracts, blocks and balances, and the faucet still sends', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'griddesk-chain-'));
    const to = '0x000000000000000000000000000000000000dEaD';
    try {
      const first = await startLocalChain({ dbPath: dir });
      await first.faucet('USDT', to, '7');
      const [tokens, height] = [first.tokens, await first.provider.getBlockNumber()];
      await first.close();
      const again = await startLocalChain({ dbPath: dir });
      try {
        expect(again.tokens).toEqual(tokens);
        expect(await again.provider.getBlockNumber()).toBe(height);
        expect(await again.balanceOf('USDT', to)).toBe('7.0');
        await again.faucet('USDT', to, '1');
        expect(await again.balanceOf('USDT', to)).toBe('8.0');
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
