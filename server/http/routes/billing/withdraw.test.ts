import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_SUCCESS_CODE } from '../../../../common/constants';
import { SERVER, VALIDATION } from '../../../../common/messages';
import { balancesOf } from '../../../modules/ledger/balances';
import { post } from '../../../modules/ledger/post';
import { databaseTargets } from '../../../testing/databases';
import { register, type Registered } from '../../../testing/members';
import { createBillingServer, type BillingServer } from '../../../testing/billing-server';

const targets = await databaseTargets();
const TO = '0x000000000000000000000000000000000000dEaD';

describe.each(targets)('billing service: withdrawals on $name', (target) => {
  let server: BillingServer;
  let alice: Registered;
  let bob: Registered;
  beforeAll(async () => {
    // A chain configured (never called: the payout worker is not running here).
    server = await createBillingServer(target, { BSC_RPC_URL: 'http://127.0.0.1:9', TOKEN_USDT: `0x${'1'.repeat(40)}`,
      HOT_WALLET_PRIVATE_KEY: `0x${'2'.repeat(64)}` });
    alice = await register(server, { username: 'Alice' });
    bob = await register(server, { username: 'Bob' });
    await post(server.database.db, { key: randomUUID(), kind: 'level_reward', legs: [{ userId: alice.userId, asset: 'USDT_REWARD', amount: '50' }] });
  });
  afterAll(() => server?.close());

  const create = (who: Registered | null, payload: object) => server.billing(who?.token ?? null, '/withdraw/create', payload);

  it('requests a withdrawal and lists it for its owner only', async () => {
    const res = await create(alice, { amount: '12.5', toAddress: TO.toLowerCase() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: BILLING_SUCCESS_CODE, msg: SERVER.withdrawRequested, data: { status: 'PENDING' } });
    expect((await balancesOf(server.database.db, alice.userId)).USDT_REWARD).toBe('37.5');
    const list = await server.billing(alice.token, '/withdraw/list', { filters: {}, limit: 10, page: 1 });
    expect(list.json()).toMatchObject({ code: BILLING_SUCCESS_CODE, data: { current: 1, pages: 1, total: 1,
      records: [{ id: body.data.id, amount: '12.5', toAddress: TO, status: 'PENDING' }] } });
    expect(typeof list.json().data.records[0].createdAt).toBe('string');
    expect((await server.billing(bob.token, '/withdraw/list', {})).json().data).toEqual({ records: [], current: 1, pages: 0, total: 0 });
  });

  it('answers every invalid input with 400 and a clear message, and changes nothing', async () => {
    const cases: [object, string][] = [
      [{ toAddress: TO }, VALIDATION.amountRequired],
      [{ amount: '', toAddress: TO }, VALIDATION.amountRequired],
      [{ amount: 'abc', toAddress: TO }, VALIDATION.amountNumber],
      [{ amount: '-1', toAddress: TO }, VALIDATION.amountNumber],
      [{ amount: '1e3', toAddress: TO }, VALIDATION.amountNumber],
      [{ amount: '1.0000000000000000001', toAddress: TO }, VALIDATION.fractionDigitsMax('Amount', 18)],
      [{ amount: '0', toAddress: TO }, VALIDATION.amountPositive],
      [{ amount: '1' }, VALIDATION.addressRequired],
      [{ amount: '1', toAddress: '' }, VALIDATION.addressRequired],
      [{ amount: '1', toAddress: '0x1234' }, VALIDATION.bep20AddressInvalid],
      [{ amount: '1', toAddress: `${TO}00` }, VALIDATION.bep20AddressInvalid],
      [{ amount: '1', toAddress: '0x000000000000000000000000000000000000DEaD' }, SERVER.withdrawAddressInvalid],
      [{ amount: '1', toAddress: `0x${'0'.repeat(40)}` }, SERVER.withdrawZeroAddress],
    ];
    for (const [payload, msg] of cases) {
      const res = await create(alice, payload);
      expect([res.statusCode, res.json()], JSON.stringify(payload)).toEqual([400, expect.objectContaining({ code: '400', msg })]);
    }
    const list = await server.billing(alice.token, '/withdraw/list', { limit: 0 });
    expect([list.statusCode, list.json().msg]).toEqual([400, 'limit must be at least 1']);
    expect((await balancesOf(server.database.db, alice.userId)).USDT_REWARD).toBe('37.5');
  });

  it('refuses an overdraft, a missing session and a server without a chain', async () => {
    const over = await create(alice, { amount: '37.500001', toAddress: TO });
    expect([over.statusCode, over.json()]).toEqual([400, expect.objectContaining({ code: '400', msg: SERVER.withdrawInsufficient('37.5') })]);
    const empty = await create(bob, { amount: '1', toAddress: TO });
    expect(empty.json()).toMatchObject({ code: '400', msg: SERVER.withdrawInsufficient('0') });
    expect((await create(null, { amount: '1', toAddress: TO })).statusCode).toBe(401);
    expect((await server.billing(null, '/withdraw/list', {})).statusCode).toBe(401);
    const { chain } = server.config;
    const on = chain.payouts;
    chain.payouts = { enabled: false, reason: 'reward payouts are off: BSC_RPC_URL unset' };
    const off = await create(alice, { amount: '1', toAddress: TO });
    chain.payouts = on;
    expect([off.statusCode, off.json()]).toEqual([503, expect.objectContaining({ code: '503', msg: SERVER.withdrawalsUnavailable })]);
    expect((await balancesOf(server.database.db, alice.userId)).USDT_REWARD).toBe('37.5');
  });

  it('lets concurrent requests spend the reward balance only once', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => create(alice, { amount: '10', toAddress: TO })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    for (const r of results.filter((x) => x.statusCode !== 200)) expect(r.json().code).not.toBe(BILLING_SUCCESS_CODE);
    expect((await balancesOf(server.database.db, alice.userId)).USDT_REWARD).toBe('7.5');
  });
});
