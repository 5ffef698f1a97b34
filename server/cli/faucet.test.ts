import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalChain, type LocalChain } from '../chain/local-chain';
import { runFaucet } from './faucet';
import { memoryIo } from './io';

describe('npm run faucet', () => {
  let chain: LocalChain;
  beforeAll(async () => {
    chain = await startLocalChain();
  }, 60_000);
  afterAll(() => chain?.close());

  it('mints tokens to a 0x address on the local chain, finding the token contracts by itself', async () => {
    const io = memoryIo();
    const to = '0x00000000000000000000000000000000000000aa';
    expect(await runFaucet([to, 'ifx', '12.25'], { BSC_RPC_URL: chain.rpcUrl }, io)).toBe(0);
    expect(io.stdout[0]).toMatch(/^sent 12.25 IFX to 0x0+aa in block \d+/);
    expect(await chain.balanceOf('IFX', to)).toBe('12.25');
  });

  it('refuses bad arguments with the usage', async () => {
    for (const argv of [[], ['0xabc', 'BTC', '1'], ['0x00000000000000000000000000000000000000aa', 'USDT', '0'], ['a@b.c', 'USDT', '1e3']]) {
      const io = memoryIo();
      expect(await runFaucet(argv, { BSC_RPC_URL: chain.rpcUrl }, io)).toBe(1);
      expect(io.stderr.join('\n')).toContain('Usage: npm run faucet');
    }
  });
});
