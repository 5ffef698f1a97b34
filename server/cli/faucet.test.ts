import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositAddressesOf } from '../config/chain-addresses';
import { accountXpubOf } from '../config/chain-keys';
import { startLocalChain, type LocalChain } from '../chain/local-chain';
import { loadConfig, type Env } from '../config/config';
import { openDatabase, type Db } from '../db/database';
import { depositAddresses } from '../db/schema';
import { createUser } from '../modules/accounts/users';
import { ensureDepositAddress } from '../modules/deposits/addresses';
import { databaseTargets } from '../testing/databases';
import { seedPgliteDataDir } from '../testing/pglite-templates';
import { TEST_ENV } from '../testing/server';
import { runFaucet } from './faucet';
import { memoryIo } from './io';

const targets = await databaseTargets();

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
    for (const argv of [
      [],
      ['0xabc', 'BTC', '1'],
      ['0x00000000000000000000000000000000000000aa', 'USDT', '0'],
      ['a@b.c', 'USDT', '1e3'],
    ]) {
      const io = memoryIo();
      expect(await runFaucet(argv, { BSC_RPC_URL: chain.rpcUrl }, io)).toBe(1);
      expect(io.stderr.join('\n')).toContain('Usage: npm run faucet');
    }
  });
});

describe.each(targets)('npm run faucet to a member by e-mail, on $name', (target) => {
  let chain: LocalChain;
  let env: Env;
  let dataDir: string;
  let drop: () => Promise<void>;
  const ids: Record<string, string> = {};

  /** The faucet opens the server's database itself: the test's connection is closed around each run. */
  async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    const database = await openDatabase(loadConfig(env));
    try {
      return await fn(database.db);
    } finally {
      await database.close();
    }
  }
  async function faucet(extra: Env, ...argv: string[]) {
    const io = memoryIo();
    const code = await runFaucet(argv, { ...env, ...extra }, io);
    return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
  }

  beforeAll(async () => {
    chain = await startLocalChain();
    dataDir = await mkdtemp(join(tmpdir(), 'griddesk-faucet-test-'));
    const created = await target.create();
    drop = created.drop;
    env = {
      ...TEST_ENV,
      DATA_DIR: dataDir,
      BSC_RPC_URL: chain.rpcUrl,
      ...(created.databaseUrl ? { DATABASE_URL: created.databaseUrl } : {}),
    };
    if (!created.databaseUrl) await seedPgliteDataDir(dataDir); // the faucet opens DATA_DIR's PGlite: skip its initdb
    await withDb(async (db) => {
      for (const name of ['paid', 'fresh', 'xpub', 'unset']) {
        ids[name] = (
          await createUser(db, {
            username: name,
            email: `${name}@example.com`,
            contactNo: '1',
            passwordHash: 'x',
            sponsorId: null,
          })
        ).id;
      }
      await ensureDepositAddress(db, depositAddressesOf(chain.depositMnemonic), ids.paid!); // as 'make payment' on the Deposit screen does
    });
  }, 60_000);
  afterAll(async () => {
    await chain?.close();
    await drop?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  const storedAddress = (name: string) =>
    withDb(async (db) => (await db.select().from(depositAddresses).where(eq(depositAddresses.userId, ids[name]!)))[0]);

  it("sends to the deposit address the member already has, whatever the e-mail's case", async () => {
    const address = (await storedAddress('paid'))!.address;
    const sent = await faucet({}, 'Paid@Example.com', 'usdt', '7.5');
    expect(sent).toMatchObject({ code: 0, err: '' });
    expect(sent.out).toMatch(new RegExp(`^sent 7.5 USDT to ${address} in block \\d+`));
    expect(await chain.balanceOf('USDT', address)).toBe('7.5');
  });

  it('gives a member without one the address the server would (DEPOSIT_MNEMONIC), keeps it and sends there', async () => {
    const sent = await faucet({ DEPOSIT_MNEMONIC: chain.depositMnemonic }, 'fresh@example.com', 'IFT', '3');
    expect(sent.code).toBe(0);
    const row = (await storedAddress('fresh'))!;
    expect(row.address).toBe(depositAddressesOf(chain.depositMnemonic).at(row.hdIndex));
    expect(sent.out).toContain(`to ${row.address} `);
    expect(await chain.balanceOf('IFT', row.address)).toBe('3.0');
    // The server then shows the member that same address.
    expect(await withDb((db) => ensureDepositAddress(db, depositAddressesOf(chain.depositMnemonic), ids.fresh!))).toBe(
      row.address,
    );
  });

  it('gives a member the same address from DEPOSIT_XPUB alone (no mnemonic)', async () => {
    const sent = await faucet({ DEPOSIT_XPUB: accountXpubOf(chain.depositMnemonic) }, 'xpub@example.com', 'USDT', '2');
    expect(sent.code).toBe(0);
    const row = (await storedAddress('xpub'))!;
    expect(row.address).toBe(depositAddressesOf(chain.depositMnemonic).at(row.hdIndex));
  });

  it('without DEPOSIT_MNEMONIC, says how to give the member an address, and stores nothing', async () => {
    const refused = await faucet({}, 'unset@example.com', 'USDT', '1');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      'unset@example.com has no deposit address yet: set DEPOSIT_XPUB (or DEPOSIT_MNEMONIC) as the server has it',
    );
    expect(await storedAddress('unset')).toBeUndefined();
  });

  it('refuses an unknown e-mail with a clear message and exit code 1', async () => {
    const refused = await faucet({ DEPOSIT_MNEMONIC: chain.depositMnemonic }, 'nobody@example.com', 'USDT', '1');
    expect(refused).toMatchObject({ code: 1, out: '' });
    expect(refused.err.split('\n')[0]).toBe('no member with email nobody@example.com');
    expect(refused.err).toContain('Usage: npm run faucet');
  });
});
