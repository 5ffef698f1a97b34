import { Contract, Wallet, parseUnits } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { chainDeposits } from '../db/schema';
import { ensureDepositAddress } from '../modules/deposits/addresses';
import { readCursor, writeCursor } from '../modules/deposits/cursor';
import { balancesOf } from '../modules/ledger/balances';
import { databaseTargets } from '../testing/databases';
import { insertMember } from '../testing/members';
import { createTestServer, type TestServer } from '../testing/server';
import { depositAddressesOf } from '../config/chain-addresses';
import { createDepositScanner, type DepositScannerOptions } from './deposit-scanner';
import { startLocalChain, type LocalChain } from './local-chain';
import { connectChain, type ChainReader } from './rpc';

const targets = await databaseTargets();
const CONFIRMATIONS = 3;

function memoryLog() {
  const lines: string[] = [];
  return {
    lines,
    info: (_o: object, m: string) => lines.push(m),
    warn: (_o: object, m: string) => lines.push(m),
    error: (_o: object, m: string) => lines.push(`ERROR ${m}`),
  };
}

describe.each(targets)('the deposit scanner on a local chain, $name', (target) => {
  let chain: LocalChain;
  let reader: ChainReader;
  let server: TestServer;
  let db: Db;
  beforeAll(async () => {
    chain = await startLocalChain();
    reader = connectChain(chain.rpcUrl);
    server = await createTestServer(target);
    db = server.database.db;
  }, 60_000);
  afterAll(async () => {
    reader?.close();
    await server?.close();
    await chain?.close();
  });

  const scanner = (extra: Partial<DepositScannerOptions> = {}) =>
    createDepositScanner({
      db,
      reader,
      tokens: chain.tokens,
      confirmations: CONFIRMATIONS,
      scanBlocks: 4,
      startBlock: null,
      log: memoryLog(),
      ...extra,
    });
  const member = async () => {
    const userId = await insertMember(db);
    return { userId, address: await ensureDepositAddress(db, depositAddressesOf(chain.depositMnemonic), userId) };
  };
  /**
   * A transfer from the hot wallet, with its nonce read from the chain each time: the faucet's
   * nonce manager does not rewind with evm_revert, so after a revert its next mint would wait
   * forever for the nonce the revert took back.
   */
  const transfer = async (to: string, amount: string) => {
    const hot = new Wallet(chain.hotWallet.privateKey, chain.provider);
    const usdt = new Contract(chain.tokens.USDT, ['function transfer(address to, uint256 amount) returns (bool)'], hot);
    const tx = (await usdt.getFunction('transfer')(to, parseUnits(amount, 18))) as {
      hash: string;
      wait(): Promise<{ blockNumber: number } | null>;
    };
    return { txHash: tx.hash, blockNumber: (await tx.wait())!.blockNumber };
  };
  const depositsOf = async (userId: string) => (await db.select().from(chainDeposits)).filter((d) => d.userId === userId);

  it('credits a transfer once, only when it is CHAIN_CONFIRMATIONS deep', async () => {
    const alice = await member();
    const scan = scanner();
    await scan.scan(); // first start: from the confirmed head
    const sent = await chain.faucet('USDT', alice.address, '25.5');
    await chain.faucet('IFT', '0x000000000000000000000000000000000000dead', '3'); // nobody's address
    await chain.mine(CONFIRMATIONS - 2); // the IFT transfer above was one block: depth - 1 blocks on top
    expect((await scan.scan()).credited).toEqual([]);
    await chain.mine(1);
    const result = await scan.scan();
    expect(result.credited).toMatchObject([{ userId: alice.userId, token: 'USDT', amount: '25.5', txHash: sent.txHash }]);
    expect(result.cursor).toBe(sent.blockNumber);
    await chain.faucet('IFT', alice.address, '0.000000000000000001');
    await chain.mine(CONFIRMATIONS + 5);
    expect((await scan.scan()).credited).toMatchObject([{ token: 'IFT', amount: '0.000000000000000001' }]);
    expect((await scan.scan()).credited).toEqual([]);
    expect(await balancesOf(db, alice.userId)).toMatchObject({ USDT: '25.5', IFT: '0.000000000000000001' });
    expect(await depositsOf(alice.userId)).toHaveLength(2);
    const cursor = await readCursor(db);
    expect(cursor!.blockHash).toBe(await reader.blockHash(cursor!.blockNumber));
  });

  it("credits once when it dies inside a range's transaction, after crediting and before the cursor moves", async () => {
    const bob = await member();
    await scanner().scan();
    await chain.faucet('USDT', bob.address, '10');
    await chain.mine(CONFIRMATIONS);
    const crashing = scanner({
      beforeCursorMove: async (range) => {
        if (range.credited.length > 0) throw new Error('killed');
      },
    });
    await expect(crashing.scan()).rejects.toThrow('killed');
    expect(await depositsOf(bob.userId)).toEqual([]);
    expect((await balancesOf(db, bob.userId)).USDT).toBe('0');
    expect((await scanner().scan()).credited).toHaveLength(1); // the restarted scanner
    expect((await balancesOf(db, bob.userId)).USDT).toBe('10');
  });

  it('credits once when it dies between ranges, and when its cursor goes back over credited blocks', async () => {
    const carol = await member();
    await scanner().scan();
    const first = await chain.faucet('USDT', carol.address, '1');
    const second = await chain.faucet('IFX', carol.address, '2');
    await chain.mine(CONFIRMATIONS);
    const crashing = scanner({
      scanBlocks: 1,
      beforeCursorMove: async (range) => {
        if (range.from === second.blockNumber) throw new Error('killed');
      },
    });
    await expect(crashing.scan()).rejects.toThrow('killed');
    expect((await readCursor(db))!.blockNumber).toBe(first.blockNumber);
    expect(await balancesOf(db, carol.userId)).toMatchObject({ USDT: '1', IFX: '0' });
    expect((await scanner().scan()).credited).toMatchObject([{ token: 'IFX', amount: '2' }]);
    // A cursor set back (a lost write, an operator's rescan) re-reads both: nothing new.
    await writeCursor(
      db,
      { blockNumber: first.blockNumber - 1, blockHash: await reader.blockHash(first.blockNumber - 1) },
      new Date().toISOString(),
    );
    const rescan = await scanner().scan();
    expect(rescan.credited).toEqual([]);
    expect(rescan.blocks).toBeGreaterThanOrEqual(2);
    expect(await balancesOf(db, carol.userId)).toMatchObject({ USDT: '1', IFX: '2' });
    expect(await depositsOf(carol.userId)).toHaveLength(2);
  });

  it('never credits a transfer that a reorganisation within the depth removed', async () => {
    const dave = await member();
    const scan = scanner();
    await scan.scan();
    const snapshot = await chain.snapshot();
    const orphan = await transfer(dave.address, '99');
    await chain.mine(CONFIRMATIONS - 1); // one block short of the depth
    expect((await scan.scan()).credited).toEqual([]);
    await chain.revert(snapshot);
    await chain.mine(CONFIRMATIONS * 3); // the other branch grows past the orphan's height
    const kept = await transfer(dave.address, '5');
    await chain.mine(CONFIRMATIONS);
    const result = await scan.scan();
    expect(result.credited.map((c) => c.txHash)).toEqual([kept.txHash]);
    expect(result.credited.map((c) => c.txHash)).not.toContain(orphan.txHash);
    expect((await balancesOf(db, dave.userId)).USDT).toBe('5');
  });

  it('says so loudly after a reorganisation deeper than the depth, rescans, and still credits once', async () => {
    const erin = await member();
    const log = memoryLog();
    const scan = scanner({ log });
    await scan.scan();
    await chain.faucet('USDT', erin.address, '3');
    const snapshot = await chain.snapshot();
    await chain.mine(CONFIRMATIONS * 2);
    expect((await scan.scan()).credited).toHaveLength(1);
    await chain.revert(snapshot); // removes blocks the scanner already read
    // A different branch (empty blocks mined in the same second could hash the same again).
    await transfer('0x000000000000000000000000000000000000dEaD', '1');
    await chain.mine(CONFIRMATIONS * 3);
    const after = await scan.scan();
    expect(log.lines.filter((line) => line.startsWith('ERROR DEPOSIT SCANNER'))).toHaveLength(1);
    expect(after.credited).toEqual([]); // the surviving transfer was read again, not credited again
    const cursor = await readCursor(db);
    expect(cursor!.blockHash).toBe(await reader.blockHash(cursor!.blockNumber));
    expect((await balancesOf(db, erin.userId)).USDT).toBe('3');
  });
});
