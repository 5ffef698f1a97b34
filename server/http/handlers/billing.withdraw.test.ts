import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_SUCCESS_CODE } from '../../../common/constants';
import { SERVER, VALIDATION } from '../../../common/messages';
import { depositAddresses, ledgerEntries, withdrawals } from '../../db/schema';
import { balancesOf } from '../../modules/ledger/balances';
import { post } from '../../modules/ledger/post';
import { setSetting } from '../../modules/settings/settings';
import { failAndRefund, markPaid } from '../../modules/withdrawals/settle';
import { databaseTargets } from '../../testing/databases';
import { register, type Registered } from '../../testing/members';
import { createBillingServer, type BillingServer } from '../../testing/billing-server';

const targets = await databaseTargets();
const TO = '0x000000000000000000000000000000000000dEaD';
/** The address of HOT_WALLET_PRIVATE_KEY 0x22...2 below. */
const HOT_WALLET = '0x1563915e194d8cfba1943570603f7606a3115508';
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(targets)('billing service: withdrawals on $name', (target) => {
  let server: BillingServer;
  let alice: Registered;
  let bob: Registered;
  beforeAll(async () => {
    // A chain configured (never called: the payout worker is not running here).
    server = await createBillingServer(target, {
      BSC_RPC_URL: 'http://127.0.0.1:9',
      TOKEN_USDT: `0x${'1'.repeat(40)}`,
      HOT_WALLET_PRIVATE_KEY: `0x${'2'.repeat(64)}`,
    });
    alice = await register(server, { username: 'Alice' });
    bob = await register(server, { username: 'Bob' });
    await post(server.database.db, {
      key: randomUUID(),
      kind: 'level_reward',
      legs: [{ userId: alice.userId, asset: 'USDT_REWARD', amount: '50' }],
    });
  });
  afterAll(() => server?.close());

  const create = (who: Registered | null, payload: object) => server.billing(who?.token ?? null, '/withdraw/create', payload);
  async function funded(username: string, amount: string): Promise<Registered> {
    const who = await register(server, { username });
    await post(server.database.db, {
      key: randomUUID(),
      kind: 'level_reward',
      legs: [{ userId: who.userId, asset: 'USDT_REWARD', amount }],
    });
    return who;
  }

  it('requests a withdrawal and lists it for its owner only', async () => {
    const res = await create(alice, { amount: '12.5', toAddress: TO.toLowerCase() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: BILLING_SUCCESS_CODE, msg: SERVER.withdrawRequested, data: { status: 'PENDING' } });
    expect((await balancesOf(server.database.db, alice.userId)).USDT_REWARD).toBe('37.5');
    const list = await server.billing(alice.token, '/withdraw/list', { filters: {}, limit: 10, page: 1 });
    expect(list.json()).toMatchObject({
      code: BILLING_SUCCESS_CODE,
      data: { current: 1, pages: 1, total: 1, records: [{ id: body.data.id, amount: '12.5', toAddress: TO, status: 'PENDING' }] },
    });
    expect(typeof list.json().data.records[0].createdAt).toBe('string');
    expect((await server.billing(bob.token, '/withdraw/list', {})).json().data).toEqual({
      records: [],
      current: 1,
      pages: 0,
      total: 0,
    });
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
    expect([over.statusCode, over.json()]).toEqual([
      400,
      expect.objectContaining({ code: '400', msg: SERVER.withdrawInsufficient('37.5') }),
    ]);
    const empty = await create(bob, { amount: '10', toAddress: TO });
    expect(empty.json()).toMatchObject({ code: '400', msg: SERVER.withdrawInsufficient('0') });
    expect((await create(null, { amount: '1', toAddress: TO })).statusCode).toBe(401);
    expect((await server.billing(null, '/withdraw/list', {})).statusCode).toBe(401);
    const { chain } = server.config;
    const on = chain.payouts;
    chain.payouts = { enabled: false, reason: 'reward payouts are off: BSC_RPC_URL unset' };
    const off = await create(alice, { amount: '1', toAddress: TO });
    chain.payouts = on;
    expect([off.statusCode, off.json()]).toEqual([
      503,
      expect.objectContaining({ code: '503', msg: SERVER.withdrawalsUnavailable }),
    ]);
    expect((await balancesOf(server.database.db, alice.userId)).USDT_REWARD).toBe('37.5');
  });

  it('lets concurrent requests spend the reward balance only once', async () => {
    const carol = await funded('Carol', '25');
    const results = await Promise.all(Array.from({ length: 10 }, () => create(carol, { amount: '10', toAddress: TO })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    for (const r of results.filter((x) => x.statusCode !== 200))
      expect(r.json()).toMatchObject({ reason: 'billing.withdrawal_insufficient' });
    expect((await balancesOf(server.database.db, carol.userId)).USDT_REWARD).toBe('5');
  });
});

/** Issue 20: a floor, a network fee, pending and daily caps, and no payouts to the platform's own addresses. */
describe.each(targets)('billing service: withdrawal limits on $name', (target) => {
  let server: BillingServer;
  beforeAll(async () => {
    server = await createBillingServer(target, {
      BSC_RPC_URL: 'http://127.0.0.1:9',
      TOKEN_USDT: `0x${'1'.repeat(40)}`,
      HOT_WALLET_PRIVATE_KEY: `0x${'2'.repeat(64)}`,
    });
  });
  afterAll(() => server?.close());

  const db = () => server.database.db;
  const create = (who: Registered, payload: object) => server.billing(who.token, '/withdraw/create', payload);
  async function funded(username: string, amount: string): Promise<Registered> {
    const who = await register(server, { username });
    await post(db(), { key: randomUUID(), kind: 'level_reward', legs: [{ userId: who.userId, asset: 'USDT_REWARD', amount }] });
    return who;
  }
  const reward = async (who: Registered) => (await balancesOf(db(), who.userId)).USDT_REWARD;
  const rowsOf = (who: Registered) => db().select().from(withdrawals).where(eq(withdrawals.userId, who.userId));
  const refusal = (res: { statusCode: number; json(): unknown }) => [res.statusCode, res.json()];

  it('refuses an amount below the minimum (defaults: 10 USDT, of which 1 is the fee), changing nothing', async () => {
    const dan = await funded('Dan', '50');
    for (const amount of ['9.999999', '0.000000000000000001']) {
      expect(refusal(await create(dan, { amount, toAddress: TO }))).toEqual([
        400,
        expect.objectContaining({
          code: '400',
          msg: SERVER.withdrawBelowMinimum('10', '1'),
          reason: 'billing.withdrawal_below_minimum',
        }),
      ]);
    }
    expect(await reward(dan)).toBe('50');
    expect(await rowsOf(dan)).toEqual([]);
    expect((await create(dan, { amount: '10', toAddress: TO })).statusCode).toBe(200);
  });

  it('debits the payout and the fee as two ledger entries and records the fee on the row', async () => {
    const eve = await funded('Eve', '30');
    const res = await create(eve, { amount: '12.5', toAddress: TO });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id as string;
    expect(await reward(eve)).toBe('17.5');
    const [row] = await rowsOf(eve);
    expect([row!.amount, row!.fee].map(Number)).toEqual([12.5, 1]);
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.reference, id)).orderBy(asc(ledgerEntries.id));
    expect(entries.map((e) => [e.idempotencyKey, e.kind, e.asset, Number(e.amount)])).toEqual([
      [`withdrawal:${id}`, 'withdrawal', 'USDT_REWARD', -11.5],
      [`withdrawal_fee:${id}`, 'withdrawal_fee', 'USDT_REWARD', -1],
    ]);
    // A balance covering the payout but not the fee too is refused whole.
    const fay = await funded('Fay', '10.5');
    expect(refusal(await create(fay, { amount: '11', toAddress: TO }))).toEqual([
      400,
      expect.objectContaining({ msg: SERVER.withdrawInsufficient('10.5'), reason: 'billing.withdrawal_insufficient' }),
    ]);
    expect(await reward(fay)).toBe('10.5');
  });

  it('accepts exactly 3 of 10 simultaneous requests: the pending cap holds under concurrency', async () => {
    const gus = await funded('Gus', '1000');
    const results = await Promise.all(Array.from({ length: 10 }, () => create(gus, { amount: '10', toAddress: TO })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(refusal(r)).toEqual([
        409,
        expect.objectContaining({ code: '409', msg: SERVER.withdrawPendingLimit(3), reason: 'billing.withdrawal_pending_limit' }),
      ]);
    }
    expect(await rowsOf(gus)).toHaveLength(3);
    expect(await reward(gus)).toBe('970');
    // One paid: room for one more.
    const [first] = await rowsOf(gus);
    expect(await markPaid(db(), first!.id, server.clock())).toBe(true);
    expect((await create(gus, { amount: '10', toAddress: TO })).statusCode).toBe(200);
    expect((await create(gus, { amount: '10', toAddress: TO })).statusCode).toBe(409);
  });

  it('caps the withdrawals of any 24 hours, not counting FAILED ones', async () => {
    await setSetting(db(), 'withdrawalPendingMax', 100);
    await setSetting(db(), 'withdrawalDailyMax', 4);
    try {
      const hal = await funded('Hal', '1000');
      for (let i = 0; i < 4; i += 1) expect((await create(hal, { amount: '10', toAddress: TO })).statusCode).toBe(200);
      expect(refusal(await create(hal, { amount: '10', toAddress: TO }))).toEqual([
        429,
        expect.objectContaining({ code: '429', msg: SERVER.withdrawDailyLimit(4), reason: 'billing.withdrawal_daily_limit' }),
      ]);
      const [first, second] = await rowsOf(hal);
      await markPaid(db(), first!.id, server.clock()); // paid still counts
      expect((await create(hal, { amount: '10', toAddress: TO })).statusCode).toBe(429);
      await failAndRefund(db(), second!.id, 'test', server.clock()); // failed does not
      expect((await create(hal, { amount: '10', toAddress: TO })).statusCode).toBe(200);
      expect((await create(hal, { amount: '10', toAddress: TO })).statusCode).toBe(429);
      server.clock.advance(DAY_MS + 1); // rolling: a day later the window is empty again
      expect((await create(hal, { amount: '10', toAddress: TO })).statusCode).toBe(200);
    } finally {
      await setSetting(db(), 'withdrawalPendingMax', 3);
      await setSetting(db(), 'withdrawalDailyMax', 10);
    }
  });

  it("refuses a payout to any member's deposit address or the hot wallet, whatever the case, pointing to the reward swap", async () => {
    const ida = await funded('Ida', '100');
    const jon = await register(server, { username: 'Jon' });
    const own = `0x${'a1b2c3d4e5'.repeat(4)}`;
    const other = `0x${'f9e8d7c6b5'.repeat(4)}`;
    await db()
      .insert(depositAddresses)
      .values([
        { userId: ida.userId, address: own },
        { userId: jon.userId, address: other },
      ]);
    for (const toAddress of [
      own,
      other,
      other.toUpperCase().replace('0X', '0x'),
      HOT_WALLET,
      HOT_WALLET.toUpperCase().replace('0X', '0x'),
    ]) {
      expect(refusal(await create(ida, { amount: '10', toAddress })), toAddress).toEqual([
        400,
        expect.objectContaining({
          code: '400',
          msg: SERVER.withdrawToPlatformAddress,
          reason: 'billing.withdrawal_to_platform_address',
        }),
      ]);
    }
    expect(SERVER.withdrawToPlatformAddress).toContain('Swap Rewards');
    expect(await reward(ida)).toBe('100');
    expect(await rowsOf(ida)).toEqual([]);
  });

  it('follows the settings support staff change: a minimum of 1 and a fee of 0.25, or no fee at all', async () => {
    await setSetting(db(), 'withdrawalFee', '0.25');
    await setSetting(db(), 'withdrawalMinimum', '1');
    try {
      const kim = await funded('Kim', '5');
      expect((await create(kim, { amount: '0.99', toAddress: TO })).json()).toMatchObject({
        msg: SERVER.withdrawBelowMinimum('1', '0.25'),
      });
      expect((await create(kim, { amount: '1', toAddress: TO })).statusCode).toBe(200);
      await setSetting(db(), 'withdrawalFee', '0');
      const id = (await create(kim, { amount: '2', toAddress: TO })).json().data.id as string;
      const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.reference, id));
      expect(entries.map((e) => [e.kind, Number(e.amount)])).toEqual([['withdrawal', -2]]);
      expect(await reward(kim)).toBe('2');
    } finally {
      await setSetting(db(), 'withdrawalMinimum', '10');
      await setSetting(db(), 'withdrawalFee', '1');
    }
  });
});
