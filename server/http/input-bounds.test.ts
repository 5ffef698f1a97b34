/**
 * Issue 10 item 8 through the routes: bad input that used to reach the database (a 500 on
 * numeric(38,18) overflow, a silent rounding to 0, a NUL in text, an unbounded contactNo) is now
 * a 400 with a clear message, and nothing is recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER, VALIDATION } from '../../common/messages';
import { testExchange } from '../exchange/testing/exchange';
import { saveKeys } from '../modules/keys/keys';
import { grant } from '../modules/subscriptions/subscriptions';
import { oneDatabaseTarget } from '../testing/databases';
import { memberApi, register, signupBody, type Registered } from '../testing/members';
import { createTestServer, type TestServer } from '../testing/server';

// One database (testing/databases.ts' rule): request validation; the refused input never reaches the database.
const targets = await oneDatabaseTarget();

describe.each(targets)('input bounds at the routes on $name', (target) => {
  let exchange: Awaited<ReturnType<typeof testExchange>>;
  let server: TestServer;
  let member: Registered;
  let apiKey: string;
  const api = memberApi(() => server);

  beforeAll(async () => {
    exchange = await testExchange();
    server = await createTestServer(target, {}, { exchange });
    member = await register(server);
    await grant(server.database.db, member.userId, 30, 'test');
    const key = exchange.simulator.control.createAccount({ balances: { USDT: '1000' } });
    apiKey = key.apiKey;
    await saveKeys({ config: server.config, db: server.database.db, exchange }, member.userId, key);
  });
  afterAll(async () => {
    await server?.close();
    await exchange?.close();
  });

  const spotUsdt = () => exchange.simulator.control.getAccount(apiKey)!.balances.USDT!.free;
  const transfer = (amount: string) =>
    api.post(member, 'transferspottofutures', { from: 'spot', to: 'futures', coin: 'USDT', amount });

  it('refuses a transfer with more than 20 digits before the point (it was a 500)', async () => {
    for (const amount of [`1${'0'.repeat(20)}`, `1${'0'.repeat(40)}`]) {
      const res = await transfer(amount);
      expect([res.statusCode, res.json().message]).toEqual([400, VALIDATION.integerDigitsMax('Amount', 20)]);
    }
  });

  it('refuses a transfer with more than 18 decimals instead of moving a rounded amount (it was "Transfer successful")', async () => {
    const before = spotUsdt();
    const res = await transfer(`0.${'0'.repeat(18)}1`);
    expect([res.statusCode, res.json().message]).toEqual([400, VALIDATION.fractionDigitsMax('Amount', 18)]);
    const swap = await api.post(member, 'swaptousdt', { asset: 'BTC', amount: `0.${'1'.repeat(30)}` });
    expect([swap.statusCode, swap.json().message]).toEqual([400, VALIDATION.fractionDigitsMax('Amount', 18)]);
    expect(spotUsdt()).toBe(before);
  });

  it('refuses a NUL in a strategy name (it was a 500)', async () => {
    for (const url of ['stratagybypara', 'deletestrategy']) {
      const res = await api.post(member, url, { strategy_name: 'a\u0000b' });
      expect([res.statusCode, res.json().message]).toEqual([400, VALIDATION.controlCharacters('Strategy name')]);
    }
  });

  it('caps contactNo at signup (it was unbounded)', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: signupBody({ contactNo: '1'.repeat(21) }),
    });
    expect([res.statusCode, res.json().message]).toEqual([400, VALIDATION.contactNoMax]);
  });

  it('answers an object where text belongs with a message (it was "val.trim is not a function")', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { ...signupBody(), contactNo: { a: 1 } },
    });
    expect([res.statusCode, res.json().message]).toEqual([400, SERVER.malformedRequest]);
  });
});
