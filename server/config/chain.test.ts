import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HDNodeWallet, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { depositAddressesOf } from './chain-addresses';
import { accountXpubOf } from './chain-keys';
import { ConfigError, loadConfig, type Env } from './config';

const secrets = {
  JWT_SECRET: 'x'.repeat(40),
  SECRETS_KEY: 'ab'.repeat(32),
  DATA_DIR: mkdtempSync(join(tmpdir(), 'griddesk-chain-config-')),
};
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

/** The refusal's text: one line, naming the variable, without the value. */
function refusal(env: Env): string {
  try {
    chainOf(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}
const oneLine = (message: string, name: string, value: string) => {
  expect(message).not.toContain('\n');
  expect(message.startsWith(`Invalid configuration: ${name} `)).toBe(true);
  expect(message).not.toContain(value);
};

describe('the chain section of the configuration', () => {
  it('turns deposits and payouts on with everything set, token contracts in lower case for deposits', () => {
    const { deposits, payouts } = chainOf({ ...FULL, CHAIN_CONFIRMATIONS: '3', CHAIN_POLL_MS: '250' });
    expect(deposits).toEqual({
      enabled: true,
      settings: {
        rpcUrl: FULL.BSC_RPC_URL,
        addresses: expect.any(Object),
        confirmations: 3,
        pollMs: 250,
        startBlock: null,
        scanBlocks: 1000,
        tokens: { USDT: address('a'), IFT: address('b'), IFX: address('c') },
      },
    });
    // Derived from DEPOSIT_MNEMONIC (the well-known development phrase), which the settings do not hold.
    expect(deposits.enabled && deposits.settings.addresses.at(0)).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    expect(JSON.stringify(deposits)).not.toContain('junk');
    expect(payouts).toEqual({
      enabled: true,
      settings: {
        rpcUrl: FULL.BSC_RPC_URL,
        hotWalletKey: FULL.HOT_WALLET_PRIVATE_KEY,
        usdtToken: FULL.TOKEN_USDT,
        confirmations: 3,
        pollMs: 250,
        // The key's own address, so no withdrawal is sent to the wallet that pays it (issue 20).
        hotWalletAddress: '0x19e7e376e7c213b7e7e7e46cc70a5dd086daff2a',
      },
    });
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
    expect(deposits).toMatchObject({
      enabled: false,
      reason: expect.stringContaining('DEPOSIT_XPUB (or DEPOSIT_MNEMONIC), TOKEN_IFT unset'),
    });
    expect(payouts).toMatchObject({ enabled: false, reason: 'reward payouts are off: HOT_WALLET_PRIVATE_KEY unset' });
  });

  it("checks a payout address's checksum whether payouts are on or not (a bad address is told first)", () => {
    expect(chainOf({}).checksummedAddress('0x000000000000000000000000000000000000dead')).toBe(
      '0x000000000000000000000000000000000000dEaD',
    );
  });

  it('refuses a WebSocket RPC URL at boot: neither the scanner nor the payout worker could use it', () => {
    expect(() => chainOf({ ...FULL, BSC_RPC_URL: 'wss://bsc.example.com/ws' })).toThrow(
      'BSC_RPC_URL must use one of http, https',
    );
  });
});

describe('the chain secrets, checked when the configuration loads', () => {
  it.each([
    ['a wrong checksum word', 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon'],
    [
      'a word outside the English list',
      'griddesk abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
    ],
  ])('refuses a DEPOSIT_MNEMONIC with %s, never echoing it', (_case, phrase) => {
    const message = refusal({ ...FULL, DEPOSIT_MNEMONIC: phrase });
    oneLine(message, 'DEPOSIT_MNEMONIC', 'abandon');
    expect(message).toContain('is not a BIP-39 mnemonic');
  });

  it.each([
    ['zero', `0x${'0'.repeat(64)}`],
    ['the curve order', '0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141'],
    ['beyond the curve order', `0x${'f'.repeat(64)}`],
  ])('refuses a HOT_WALLET_PRIVATE_KEY of %s, never echoing it', (_case, key) => {
    const message = refusal({ ...FULL, HOT_WALLET_PRIVATE_KEY: key });
    oneLine(message, 'HOT_WALLET_PRIVATE_KEY', key.slice(2, 18));
    expect(message).toContain('is not a secp256k1 private key');
  });

  it('refuses a token contract whose mixed case breaks its EIP-55 checksum, and takes one that keeps it', () => {
    const broken = '0xF39fd6e51aad88F6F4ce6aB8827279cffFb92266'; // the checksummed form with its first letter's case flipped
    expect(refusal({ ...FULL, TOKEN_IFT: broken })).toContain('TOKEN_IFT has a mixed-case checksum (EIP-55) that does not match');
    const { deposits } = chainOf({ ...FULL, TOKEN_IFT: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' });
    expect(deposits.enabled && deposits.settings.tokens.IFT).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
  });

  it('refuses a BSC_RPC_URL that is no URL', () => {
    expect(refusal({ ...FULL, BSC_RPC_URL: 'bsc node' })).toContain('BSC_RPC_URL must be a URL (http, https)');
  });
});

describe('deposit addresses from DEPOSIT_XPUB, the account-level extended public key', () => {
  const MNEMONIC = FULL.DEPOSIT_MNEMONIC!;
  const XPUB = accountXpubOf(MNEMONIC);

  it('turns deposits on with DEPOSIT_XPUB and no mnemonic, and yields the addresses the mnemonic does (child 0/i)', () => {
    expect(XPUB).toMatch(/^xpub/);
    const withXpub = chainOf({ ...without('DEPOSIT_MNEMONIC'), DEPOSIT_XPUB: XPUB }).deposits;
    const withMnemonic = chainOf(FULL).deposits;
    if (!withXpub.enabled || !withMnemonic.enabled) throw new Error('deposits are off');
    for (const index of [0, 1, 2, 57, 1_000]) {
      expect(withXpub.settings.addresses.at(index)).toBe(withMnemonic.settings.addresses.at(index));
      expect(withXpub.settings.addresses.at(index)).toBe(depositAddressesOf(MNEMONIC).at(index));
    }
    expect(withXpub.settings.addresses.at(0)).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
  });

  it('keeps DEPOSIT_MNEMONIC alone working (its xpub derived) and takes both when they are one account', () => {
    expect(loadConfig({ ...secrets, ...FULL }).depositXpub).toBe(XPUB);
    expect(chainOf({ ...FULL, DEPOSIT_XPUB: XPUB }).deposits.enabled).toBe(true);
  });

  it.each([
    ['no extended key', 'xpub-not-really', 'must be an extended public key'],
    ['a private extended key', HDNodeWallet.fromPhrase(MNEMONIC, undefined, "m/44'/60'/0'").extendedKey, 'not a private one'],
    [
      'the key one level too deep',
      HDNodeWallet.fromPhrase(MNEMONIC, undefined, "m/44'/60'/0'/0").neuter().extendedKey,
      "must be the account-level key (m/44'/60'/0', depth 3; got depth 4)",
    ],
  ])('refuses %s in DEPOSIT_XPUB, never echoing it', (_case, value, rule) => {
    const message = refusal({ ...without('DEPOSIT_MNEMONIC'), DEPOSIT_XPUB: value });
    oneLine(message, 'DEPOSIT_XPUB', value);
    expect(message).toContain(rule);
  });

  it('refuses a DEPOSIT_XPUB of another account than DEPOSIT_MNEMONIC', () => {
    const other = accountXpubOf('myth like bonus scare over problem client lizard pioneer submit female collect');
    expect(refusal({ ...FULL, DEPOSIT_XPUB: other })).toBe(
      "Invalid configuration: DEPOSIT_XPUB is not the m/44'/60'/0' account key of DEPOSIT_MNEMONIC (unset one of them)",
    );
  });
});

describe('an api process offering withdrawals on HOT_WALLET_ADDRESS, without the key', () => {
  const KEY = FULL.HOT_WALLET_PRIVATE_KEY!;
  const ADDRESS = new Wallet(KEY).address;
  const API_ONLY: Env = {
    ...without('HOT_WALLET_PRIVATE_KEY', 'DEPOSIT_MNEMONIC'),
    DEPOSIT_XPUB: accountXpubOf(FULL.DEPOSIT_MNEMONIC!),
    ROLES: 'api',
  };

  it('turns deposits and payouts on with no secret at all (xpub and address are public)', () => {
    const { deposits, payouts } = chainOf({ ...API_ONLY, HOT_WALLET_ADDRESS: ADDRESS });
    expect([deposits.enabled, payouts.enabled]).toEqual([true, true]);
    expect(payouts.enabled && payouts.settings.hotWalletKey).toBeNull();
  });

  it('refuses it without the key in a process with the chain role: nobody would pay what the api takes', () => {
    expect(refusal({ ...API_ONLY, HOT_WALLET_ADDRESS: ADDRESS, ROLES: 'api,chain' })).toContain(
      'HOT_WALLET_PRIVATE_KEY must be set in a process with the chain role',
    );
  });

  it('takes the key with its own address, refuses another address', () => {
    expect(chainOf({ ...FULL, HOT_WALLET_ADDRESS: ADDRESS.toLowerCase() }).payouts.enabled).toBe(true);
    const message = refusal({ ...FULL, HOT_WALLET_ADDRESS: `0x${'4'.repeat(40)}` });
    oneLine(message, 'HOT_WALLET_ADDRESS', KEY.slice(2, 18));
    expect(message).toBe(
      'Invalid configuration: HOT_WALLET_ADDRESS is not the address of HOT_WALLET_PRIVATE_KEY (unset one of them)',
    );
  });
});
