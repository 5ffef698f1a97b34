import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, type Env } from './config';

const secrets = { JWT_SECRET: 'x'.repeat(40), SECRETS_KEY: 'ab'.repeat(32), DATA_DIR: mkdtempSync(join(tmpdir(), 'griddesk-chain-config-')) };
const address = (digit: string) => `0x${digit.repeat(40)}`;
const FULL: Env = {
  BSC_RPC_URL: 'http://127.0.0.1:8545',
  DEPOSIT_MNEMONIC: 'test test test test test test test test test test test junk',
  TOKEN_USDT: address('A'),
  TOKEN_IFT: address('b'),
  TOKEN_IFX: address('c'),
  HOT_WALLET_PRIVATE_KEY: `0x${'1'.repeat(64)}`,
};
const chainOf = (env: Env) => loadConfig({ ...secrets, ...env }).chain;
const without = (...names: string[]): Env => Object.fromEntries(Object.entries(FULL).filter(([name]) => !names.includes(name)));

describe('the chain section of the configuration', () => {
  it('turns deposits and payouts on with everything set, token contracts in lower case for deposits', () => {
    const { deposits, payouts } = chainOf({ ...FULL, CHAIN_CONFIRMATIONS: '3', CHAIN_POLL_MS: '250' });
    expect(deposits).toEqual({ enabled: true, settings: {
      rpcUrl: FULL.BSC_RPC_URL, addresses: expect.any(Object), confirmations: 3, pollMs: 250, startBlock: null, scanBlocks: 1000,
      tokens: { USDT: address('a'), IFT: address('b'), IFX: address('c') } } });
    // Derived from DEPOSIT_MNEMONIC (the well-known development phrase), which the settings do not hold.
    expect(deposits.enabled && deposits.settings.addresses.at(0)).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    expect(JSON.stringify(deposits)).not.toContain('junk');
    expect(payouts).toEqual({ enabled: true, settings: {
      rpcUrl: FULL.BSC_RPC_URL, hotWalletKey: FULL.HOT_WALLET_PRIVATE_KEY, usdtToken: FULL.TOKEN_USDT, confirmations: 3, pollMs: 250,
      // The key's own address, so no withdrawal is sent to the wallet that pays it (issue 20).
      hotWalletAddress: '0x19e7e376e7c213b7e7e7e46cc70a5dd086daff2a' } });
  });

  it.each([
    // Each feature needs only its own variables: payouts do not need the mnemonic or IFT/IFX.
    ['nothing set', {}, false, false],
    ['no RPC', without('BSC_RPC_URL'), false, false],
    ['no mnemonic', without('DEPOSIT_MNEMONIC'), false, true],
    ['no IFX contract', without('TOKEN_IFX'), false, true],
    ['no USDT contract', without('TOKEN_USDT'), false, false],
    ['no hot wallet', without('HOT_WALLET_PRIVATE_KEY'), true, false],
  ])('with %s: deposits %s, payouts %s', (_case, env, depositsOn, payoutsOn) => {
    const { deposits, payouts } = chainOf(env);
    expect([deposits.enabled, payouts.enabled]).toEqual([depositsOn, payoutsOn]);
  });

  it('names what is missing in the reason the chain role logs', () => {
    const { deposits, payouts } = chainOf(without('DEPOSIT_MNEMONIC', 'TOKEN_IFT', 'HOT_WALLET_PRIVATE_KEY'));
    expect(deposits).toMatchObject({ enabled: false, reason: expect.stringContaining('DEPOSIT_MNEMONIC, TOKEN_IFT unset') });
    expect(payouts).toMatchObject({ enabled: false, reason: 'reward payouts are off: HOT_WALLET_PRIVATE_KEY unset' });
  });

  it('checks a payout address\'s checksum whether payouts are on or not (a bad address is told first)', () => {
    expect(chainOf({}).checksummedAddress('0x000000000000000000000000000000000000dead')).toBe('0x000000000000000000000000000000000000dEaD');
  });

  it('refuses a WebSocket RPC URL at boot: neither the scanner nor the payout worker could use it', () => {
    expect(() => chainOf({ ...FULL, BSC_RPC_URL: 'wss://bsc.example.com/ws' })).toThrow('BSC_RPC_URL must use one of http, https');
  });
});
