import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_SUCCESS_CODE } from '../../../common/constants';
import { SERVER } from '../../../common/messages';
import { depositAddressesOf } from '../../config/chain-addresses';
import { startLocalChain, type LocalChain } from '../../chain/local-chain';
import { startChainService, type ChainService } from '../../chain/service';
import { ensureDepositAddress } from '../../modules/deposits/addresses';
import { databaseTargets } from '../../testing/databases';
import { createBillingServer, type BillingServer } from '../../testing/billing-server';
import { register, type Registered } from '../../testing/members';

const targets = await databaseTargets();
const CONFIRMATIONS = 2;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.each(targets)('billing service: BEP-20 deposits on $name', (target) => {
  let chain: LocalChain;
  let server: BillingServer;
  let service: ChainService;
  let alice: Registered;
  let bob: Registered;
  beforeAll(async () => {
    chain = await startLocalChain();
    server = await createBillingServer(target, {
      BSC_RPC_URL: chain.rpcUrl,
      DEPOSIT_MNEMONIC: chain.depositMnemonic,
      TOKEN_USDT: chain.tokens.USDT,
      TOKEN_IFT: chain.tokens.IFT,
      TOKEN_IFX: chain.tokens.IFX,
      CHAIN_CONFIRMATIONS: String(CONFIRMATIONS),
      DEPOSIT_LISTEN_SECONDS: '60',
      // A poll slower than the test: every scan here comes from a sync's wake-up.
      CHAIN_POLL_MS: '600000',
    });
    service = await startChainService({
      config: server.config,
      db: server.database.db,
      notifications: server.database.notifications,
      log: silent,
    });
    alice = await register(server, { username: 'Alice' });
    bob = await register(server, { username: 'Bob' });
  }, 60_000);
  afterAll(async () => {
    await service?.stop();
    await server?.close();
    await chain?.close();
  });

  const call = (who: Registered | null, url: string, payload?: object) => server.billing(who?.token ?? null, url, payload);

  it("opens the listening window with the member's deposit address", async () => {
    const res = await call(alice, '/wallet/usdt/deposit/listen');
    expect(res.json()).toEqual({ code: BILLING_SUCCESS_CODE, msg: SERVER.accountOk, data: { usdtListenExpiredInSeconds: 60 } });
    expect((await call(null, '/wallet/usdt/deposit/listen')).statusCode).toBe(401);
  });

  it('syncs: none yet before the depth, then the transfer credited, listed for its owner only', async () => {
    const address = await ensureDepositAddress(server.database.db, depositAddressesOf(chain.depositMnemonic), alice.userId);
    expect((await call(alice, '/wallet/usdt/deposit/sync')).json()).toMatchObject({
      code: BILLING_SUCCESS_CODE,
      msg: SERVER.depositsNoneYet(CONFIRMATIONS),
    });
    const sent = await chain.faucet('USDT', address, '40');
    const early = await call(alice, '/wallet/usdt/deposit/sync');
    expect(early.json()).toMatchObject({ msg: SERVER.depositsNoneYet(CONFIRMATIONS), data: { credited: 0 } });
    await chain.mine(CONFIRMATIONS);
    const synced = await call(alice, '/wallet/usdt/deposit/sync');
    expect(synced.json()).toEqual({ code: BILLING_SUCCESS_CODE, msg: SERVER.depositsCredited(1), data: { credited: 1 } });
    const list = await call(alice, '/wallet/deposit/list', { filters: {}, limit: 10, page: 1 });
    expect(list.json().data).toMatchObject({
      current: 1,
      pages: 1,
      total: 1,
      records: [{ token: 'USDT', amount: '40', transactionHash: sent.txHash }],
    });
    expect((await call(bob, '/wallet/deposit/list', {})).json().data).toEqual({ records: [], current: 1, pages: 0, total: 0 });
    expect((await call(alice, '/user-profile')).statusCode).toBe(200);
  });

  it('pages newest first', async () => {
    const address = await ensureDepositAddress(server.database.db, depositAddressesOf(chain.depositMnemonic), alice.userId);
    await chain.faucet('IFT', address, '1');
    await chain.faucet('IFX', address, '2');
    await chain.mine(CONFIRMATIONS);
    await call(alice, '/wallet/usdt/deposit/sync');
    const first = (await call(alice, '/wallet/deposit/list', { limit: 2, page: 1 })).json().data;
    const second = (await call(alice, '/wallet/deposit/list', { limit: 2, page: 2 })).json().data;
    expect(first.records.map((r: { token: string }) => r.token)).toEqual(['IFX', 'IFT']);
    expect([first.total, first.pages, second.records[0].token]).toEqual([3, 2, 'USDT']);
  });

  it('refuses bad list input with a clear 400, and strangers with 401', async () => {
    for (const [payload, msg] of [
      [{ limit: 0 }, 'limit must be at least 1'],
      [{ limit: 101 }, 'limit must be at most 100'],
      [{ page: 'x' }, 'page must be a number'],
      [{ page: 1.5 }, 'page must be an integer'],
    ] as const) {
      const res = await call(alice, '/wallet/deposit/list', payload);
      expect([res.statusCode, res.json()]).toEqual([400, expect.objectContaining({ code: '400', msg })]);
    }
    expect((await call(null, '/wallet/deposit/list', {})).statusCode).toBe(401);
    expect((await call(null, '/wallet/usdt/deposit/sync')).statusCode).toBe(401);
  });
});

describe.each(targets)('billing service: deposits without a chain on $name', (target) => {
  let server: BillingServer;
  let member: Registered;
  beforeAll(async () => {
    server = await createBillingServer(target);
    member = await register(server);
  });
  afterAll(() => server?.close());

  it('answers listen and sync with "not available", and still lists (an empty) history', async () => {
    for (const url of ['/wallet/usdt/deposit/listen', '/wallet/usdt/deposit/sync']) {
      const res = await server.billing(member.token, url);
      expect([res.statusCode, res.json()]).toEqual([
        503,
        expect.objectContaining({ code: '503', msg: SERVER.depositsUnavailable }),
      ]);
    }
    const list = await server.billing(member.token, '/wallet/deposit/list', {});
    expect(list.json()).toMatchObject({ code: BILLING_SUCCESS_CODE, data: { total: 0 } });
  });
});
