/**
 * `npm run server` with a bad chain secret, as its own process: it exits non-zero having printed
 * exactly one line that names the variable, without the value and without a stack trace (an
 * out-of-range hot-wallet key used to print an ethers stack at start; a mnemonic with a wrong
 * checksum word used to be taken and answer 500 on the deposit routes).
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEntry } from './testing/entry-process';

const CHAIN = {
  BSC_RPC_URL: 'http://127.0.0.1:9',
  TOKEN_USDT: `0x${'1'.repeat(40)}`,
  TOKEN_IFT: `0x${'2'.repeat(40)}`,
  TOKEN_IFX: `0x${'3'.repeat(40)}`,
  DEPOSIT_MNEMONIC: 'test test test test test test test test test test test junk',
  HOT_WALLET_PRIVATE_KEY: `0x${'1'.repeat(64)}`,
};

describe('npm run server with a bad chain secret', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'griddesk-boot-secrets-'));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it.each([
    ['HOT_WALLET_PRIVATE_KEY', 'beyond the curve order', `0x${'f'.repeat(64)}`, 'ffffffff'],
    ['HOT_WALLET_PRIVATE_KEY', 'zero', `0x${'0'.repeat(64)}`, '00000000'],
    ['DEPOSIT_MNEMONIC', 'a wrong checksum word', 'zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo', 'zoo'],
  ])('%s (%s): exit 1, one line naming it, no value, no stack', async (name, _case, value, fragment) => {
    const dataDir = await mkdtemp(join(work, 'data-'));
    const run = await runEntry('server/main.ts', [], {
      ...CHAIN,
      [name]: value,
      DATA_DIR: dataDir,
      JWT_SECRET: 'x'.repeat(40),
      SECRETS_KEY: 'ab'.repeat(32),
      PORT: '0',
      LOG_LEVEL: 'silent',
    });
    expect(run.code).not.toBe(0);
    expect(run.code).not.toBeNull();
    expect(run.stdout).toBe('');
    const lines = run.stderr.split('\n').filter((line) => line.length > 0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    expect(run.stderr).not.toContain(fragment);
    expect(run.stderr).not.toMatch(/\bat /);
    // Refused before anything was opened: no database was made in DATA_DIR.
    expect(await readdir(dataDir)).toEqual([]);
  });
});
