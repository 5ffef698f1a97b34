import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import { ethers } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../common/money';
import type { Db } from '../db/database';
import { ledgerEntries, withdrawals } from '../db/schema';
import { balancesOf } from '../modules/ledger/balances';
import { post } from '../modules/ledger/post';
import { setSetting } from '../modules/settings/settings';
import { createWithdrawal } from '../modules/withdrawals/create';
import { databaseTargets } from '../testing/databases';
import { insertMember } from '../testing/members';
import { createTestServer, type TestServer } from '../testing/server';
import { checksummedAddress } from '../config/chain-addresses';
import { startLocalChain, type LocalChain } from './local-chain';
import { startPayoutWorker, type PayoutWorker, type PayoutWorkerDeps } from './payout-worker';

const targets = await databaseTargets();
const LEASE_MS = 1_000;
const CONFIRMATIONS = 3;
/** A hook that never returns: the worker process "dies" at that point. */
const crash = () => new Promise<void>(() => undefined);

/** A loopback port nothing listens on: connections are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(targets)('the payout worker on a local chain and $name', (target) => {
  let server: TestServer;
  let db: Db;
  let chain: LocalChain;
  const logs: string[] = [];
  const log = {
    info: (o: object, m: string) => logs.push(JSON.stringify([o, m])),
    warn: (o: object, m: string) => logs.push(JSON.stringify([o, m])),
    error: (o: object, m: string) => logs.push(JSON.stringify([o, m])),
  };
  const workers: PayoutWorker[] = [];

  beforeAll(async () => {
    [server, chain] = await Promise.all([createTestServer(target), startLocalChain()]);
    db = server.database.db;
    // No fee and almost no floor unless a test sets one: most tests follow exact amounts on chain.
    await setSetting(db, 'withdrawalFee', '0');
    await setSetting(db, 'withdrawalMinimum', '0.00000001');
  }, 60_000);
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await chain?.close();
    await server?.close();
    const key = chain.hotWallet.privateKey.replace(/^0x/, '').toLowerCase();
    expect(logs.join('\n').toLowerCase()).not.toContain(key);
  });

  function worker(extra: Partial<PayoutWorkerDeps> = {}): PayoutWorker {
    const started = startPayoutWorker({
      db,
      log,
      rpcUrl: chain.rpcUrl,
      hotWalletKey: chain.hotWallet.privateKey,
      usdtToken: chain.tokens.USDT,
      confirmations: CONFIRMATIONS,
      clock: server.clock,
      pollMs: 3_600_000,
      leaseMs: LEASE_MS,
      backoffMs: { first: 10, max: 10 },
      ...extra,
    });
    if (!extra.hooks) workers.push(started);
    return started;
  }

  async function request(amount: string, reward = amount) {
    const userId = await insertMember(db);
    await post(db, { key: randomUUID(), kind: 'level_reward', legs: [{ userId, asset: 'USDT_REWARD', amount: reward }] });
    const to = ethers.Wallet.createRandom().address;
    const { id } = await createWithdrawal(
      db,
      userId,
      { amount, toAddress: to },
      { clock: server.clock, available: true, checksummedAddress },
    );
    return { userId, to, id };
  }
  const rowOf = async (id: string) => (await db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
  const hotNonce = () => chain.provider.getTransactionCount(chain.hotWallet.address, 'latest');

  /** Passes of `w`, each after the lease and one more block, until the rows have ended. */
  async function drive(w: PayoutWorker, ids: string[], rounds = 20) {
    for (let i = 0; i < rounds; i += 1) {
      const rows = await Promise.all(ids.map(rowOf));
      if (rows.every((r) => r.status !== 'PENDING')) return rows;
      server.clock.advance(LEASE_MS + 1);
      await chain.mine(1);
      await w.runOnce();
    }
    return Promise.all(ids.map(rowOf));
  }
  async function until(check: () => Promise<boolean>) {
    for (let i = 0; i < 200 && !(await check()); i += 1) await new Promise((r) => setTimeout(r, 25));
    expect(await check()).toBe(true);
  }
  const refunds = (id: string) =>
    db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.idempotencyKey, `withdrawal_refund:${id}`)));
  /** The ledger entries of one withdrawal, as [key, amount]. */
  const entriesOf = async (id: string) =>
    (await db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, id)).orderBy(asc(ledgerEntries.id))).map((e) => [
      e.idempotencyKey,
      new Decimal(e.amount).toFixed(),
    ]);
  /** Runs `body` with a network fee of `fee` USDT in force. */
  async function withFee(fee: string, body: () => Promise<void>) {
    await setSetting(db, 'withdrawalFee', fee);
    try {
      await body();
    } finally {
      await setSetting(db, 'withdrawalFee', '0');
    }
  }

  it('sends the amount less the network fee on chain; the fee stays debited as its own entry', () =>
    withFee('0.25', async () => {
      const { id, to, userId } = await request('10', '12');
      const [row] = await drive(worker(), [id]);
      expect(row!.status).toBe('SUCCESS');
      expect(await chain.balanceOf('USDT', to)).toBe('9.75');
      expect(await entriesOf(id)).toEqual([
        [`withdrawal:${id}`, '-9.75'],
        [`withdrawal_fee:${id}`, '-0.25'],
      ]);
      expect((await balancesOf(db, userId)).USDT_REWARD).toBe('2');
    }));

  it('refunds the payout and the fee of a failed withdrawal, each once', () =>
    withFee('0.25', async () => {
      const { id, userId } = await request('2000000');
      const [row] = await drive(worker(), [id]);
      expect(row!.status).toBe('FAILED');
      await drive(worker(), [id], 2);
      expect(await entriesOf(id)).toEqual([
        [`withdrawal:${id}`, '-1999999.75'],
        [`withdrawal_fee:${id}`, '-0.25'],
        [`withdrawal_refund:${id}`, '1999999.75'],
        [`withdrawal_fee_refund:${id}`, '0.25'],
      ]);
      expect((await balancesOf(db, userId)).USDT_REWARD).toBe('2000000');
    }));

  it('follows its own payout to SUCCESS on its next passes, without waiting out its lease', async () => {
    const w = worker();
    const { id, to } = await request('2', '2');
    for (let i = 0; i < 2 + CONFIRMATIONS && (await rowOf(id)).status === 'PENDING'; i += 1) {
      await chain.mine(1); // the clock stands still: only this worker's own lease is running
      await w.runOnce();
    }
    expect((await rowOf(id)).status).toBe('SUCCESS');
    expect(await chain.balanceOf('USDT', to)).toBe('2.0');
  });

  it('pays a withdrawal once: the recipient receives exactly the amount', async () => {
    const nonce = await hotNonce();
    const w = worker();
    const { id, to, userId } = await request('25.123456789012345678', '30');
    const [row] = await drive(w, [id]);
    expect(row).toMatchObject({ status: 'SUCCESS', lastError: null });
    expect(row!.completedAt).not.toBeNull();
    expect(await chain.balanceOf('USDT', to)).toBe('25.123456789012345678');
    for (let i = 0; i < 3; i += 1) await drive(w, [id], 1);
    expect(await chain.balanceOf('USDT', to)).toBe('25.123456789012345678');
    expect(await hotNonce()).toBe(nonce + 1);
    expect((await balancesOf(db, userId)).USDT_REWARD).toBe('4.876543210987654322');
  });

  it('pays once when the worker dies between storing the signed transaction and sending it', async () => {
    const nonce = await hotNonce();
    const { id, to } = await request('7.5');
    worker({ hooks: { afterStore: crash } });
    await until(async () => (await rowOf(id)).signedTx !== null);
    const stored = await rowOf(id);
    expect(await chain.provider.getTransaction(stored.txHash!)).toBeNull(); // never sent
    expect(await chain.balanceOf('USDT', to)).toBe('0.0');
    const [row] = await drive(worker(), [id]);
    expect(row).toMatchObject({ status: 'SUCCESS', txHash: stored.txHash, nonce: stored.nonce });
    expect(await chain.balanceOf('USDT', to)).toBe('7.5');
    expect(await hotNonce()).toBe(nonce + 1);
  });

  it('pays once when the worker dies after sending, before marking it paid', async () => {
    const nonce = await hotNonce();
    const { id, to } = await request('3');
    worker({ hooks: { afterBroadcast: crash } });
    await until(async () => (await rowOf(id)).attempts > 0);
    expect(await chain.balanceOf('USDT', to)).toBe('3.0');
    expect((await rowOf(id)).status).toBe('PENDING');
    const [row] = await drive(worker(), [id]);
    expect(row!.status).toBe('SUCCESS');
    expect(row!.attempts).toBe(1); // mined already: the restarted worker did not send again
    expect(await chain.balanceOf('USDT', to)).toBe('3.0');
    expect(await hotNonce()).toBe(nonce + 1);
  });

  it('refunds a payout whose transaction reverted, once', async () => {
    const { id, to, userId } = await request('4', '10');
    const [deployer] = (await chain.provider.send('eth_accounts', [])) as string[];
    const token = new ethers.Contract(
      chain.tokens.USDT,
      ['function pause()', 'function unpause()'],
      await chain.provider.getSigner(deployer),
    );
    const pausing = worker({
      hooks: {
        afterStore: async () => {
          await (await token.getFunction('pause')()).wait();
        },
      },
    });
    await until(async () => (await rowOf(id)).attempts > 0);
    const [row] = await drive(pausing, [id]);
    await (await token.getFunction('unpause')()).wait();
    await pausing.stop();
    expect(row).toMatchObject({ status: 'FAILED', lastError: 'the payout transaction reverted on chain' });
    const receipt = await chain.provider.getTransactionReceipt(row!.txHash!);
    expect(receipt!.status).toBe(0);
    expect(await chain.balanceOf('USDT', to)).toBe('0.0');
    expect((await balancesOf(db, userId)).USDT_REWARD).toBe('10');
    await drive(worker(), [id], 2);
    expect(await refunds(id)).toHaveLength(1);
    expect((await balancesOf(db, userId)).USDT_REWARD).toBe('10');
  });

  it('refunds, without signing, a payout the hot wallet cannot cover', async () => {
    const nonce = await hotNonce();
    const { id, userId } = await request('2000000');
    const [row] = await drive(worker(), [id]);
    expect(row).toMatchObject({ status: 'FAILED', nonce: null, signedTx: null });
    expect(row!.lastError).toMatch(/transfer would revert/);
    expect((await balancesOf(db, userId)).USDT_REWARD).toBe('2000000');
    expect(await refunds(id)).toHaveLength(1);
    expect(await hotNonce()).toBe(nonce);
  });

  it('refunds a signed payout whose nonce another transaction used, once that is final', async () => {
    const { id, to, userId } = await request('5');
    worker({ hooks: { afterStore: crash } });
    await until(async () => (await rowOf(id)).signedTx !== null);
    const stored = await rowOf(id);
    const hot = new ethers.Wallet(chain.hotWallet.privateKey, chain.provider);
    await (await hot.sendTransaction({ to: hot.address, value: 0n, nonce: Number(stored.nonce) })).wait();
    const [row] = await drive(worker(), [id]);
    expect(row).toMatchObject({ status: 'FAILED', lastError: 'the hot wallet nonce was used by another transaction' });
    expect(await chain.balanceOf('USDT', to)).toBe('0.0');
    expect((await balancesOf(db, userId)).USDT_REWARD).toBe('5');
  });

  it('records RPC failures and retries until the chain answers; two workers never pay one twice', async () => {
    const nonce = await hotNonce();
    const dead = worker({ rpcUrl: `http://127.0.0.1:${await closedPort()}` });
    const batch = await Promise.all(['1', '2', '3', '4', '5'].map((a) => request(a)));
    await dead.runOnce();
    const failed = await rowOf(batch[0]!.id);
    expect(failed.status).toBe('PENDING');
    expect(failed.attempts).toBeGreaterThan(0);
    expect(failed.lastError).toBeTruthy();
    expect(failed.lastError!.toLowerCase()).not.toContain(chain.hotWallet.privateKey.slice(2).toLowerCase());
    await dead.stop();
    const [a, b] = [worker(), worker()];
    const ids = batch.map((r) => r.id);
    for (let i = 0; i < 20 && (await Promise.all(ids.map(rowOf))).some((r) => r.status === 'PENDING'); i += 1) {
      server.clock.advance(LEASE_MS + 1);
      await chain.mine(1);
      await Promise.all([a.runOnce(), b.runOnce()]);
    }
    expect((await Promise.all(ids.map(rowOf))).map((r) => r.status)).toEqual([
      'SUCCESS',
      'SUCCESS',
      'SUCCESS',
      'SUCCESS',
      'SUCCESS',
    ]);
    expect(await Promise.all(batch.map((r) => chain.balanceOf('USDT', r.to)))).toEqual(['1.0', '2.0', '3.0', '4.0', '5.0']);
    expect(await hotNonce()).toBe(nonce + 5);
    // Up to 20 rounds of mining and two workers racing on PostgreSQL: about 3 s alone, but five
    // times that when other test files share the machine's two cores. It asserts outcomes, not speed.
  }, 90_000);
});
