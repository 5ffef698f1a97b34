/**
 * The wallet's money at hand through the HTTP API: the exchange's balances less what the member's
 * own running bots and live cycles hold, per asset, with who holds it. Stopped bots, finished
 * cycles and other members' bots never count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletAsset } from '../../../common/api/exchange';
import { VALIDATION } from '../../../common/messages';
import { bots } from '../../db/schema';
import { insertCycle } from '../../modules/cycles/testing/fixtures';
import { databaseTargets } from '../../testing/databases';
import { memberApi, register, type Registered } from '../../testing/members';
import { createSimulatedServer, type SimulatedServer } from '../../testing/simulated-server';

const targets = await databaseTargets();

describe.each(targets)('wallet money at hand on $name', (target) => {
  let server: SimulatedServer;
  let alice: Registered;
  let bob: Registered;
  let aliceKey: { apiKey: string; secretKey: string };
  const { get, post } = memberApi(() => server);

  beforeAll(async () => {
    server = await createSimulatedServer(target);
    [alice, bob] = await Promise.all([register(server, { username: 'Alice' }), register(server, { username: 'Bob' })]);
    const control = server.exchange.simulator.control;
    aliceKey = control.createAccount({
      balances: { USDT: '9900.32', BTC: '0.002' },
      futuresBalances: { USDT: '700' },
      ipRestrict: true,
    });
    const bobKey = control.createAccount({ balances: { USDT: '50', BTC: '0.01' }, ipRestrict: true });
    expect((await post(alice, 'apikeys', aliceKey)).statusCode).toBe(200);
    expect((await post(bob, 'apikeys', bobKey)).statusCode).toBe(200);
  });
  afterAll(() => server?.close());

  it('shows a member without bots all of their balance as free', async () => {
    expect((await get(bob, 'spotBalance')).json()).toEqual({ spotusdtAmount: '50', free: '50', inBots: '0' });
    const btc = (await get(bob, 'spotAssets')).json<WalletAsset[]>().find((a) => a.asset === 'BTC');
    expect(btc).toMatchObject({ balance: '0.01', free: '0.01', inBots: '0', holders: [] });
  });

  it("takes only the member's own running bots and live cycles from what is free, naming them", async () => {
    const db = server.database.db;
    const [running] = await db
      .insert(bots)
      .values({
        userId: alice.userId,
        status: 'Live',
        symbol: 'BTCUSDT',
        category: 'Spot',
        investment: '1000',
        heldCost: '99.68',
        heldQty: '0.00148',
      })
      .returning();
    const [future] = await db
      .insert(bots)
      .values({ userId: alice.userId, status: 'Pause', symbol: 'ETHUSDT', category: 'Future', leverage: 2, investment: '200' })
      .returning();
    // None of these count: a stopped bot, a finished cycle, and Bob's running bot on the same pair.
    await db
      .insert(bots)
      .values({ userId: alice.userId, status: 'Stopped', symbol: 'BTCUSDT', investment: '5000', heldQty: '1' });
    await insertCycle(db, alice.userId, { status: 'Completed', amount: '300' });
    await db.insert(bots).values({ userId: bob.userId, status: 'Live', symbol: 'BTCUSDT', investment: '3000', heldQty: '0.5' });
    // A live cycle whose first buy is not resting yet: its 100 USDT still sit in free.
    const cycle = await insertCycle(db, alice.userId, { symbol: 'SOLUSDT', amount: '100' });

    const spot = (await get(alice, 'spotBalance')).json();
    expect(spot).toEqual({ spotusdtAmount: '9900.32', free: '8900', inBots: '1000.32' });
    expect((await get(alice, 'futuresBalance')).json()).toEqual({ futuresusdtAmount: '700', free: '500', inBots: '200' });

    const assets = (await get(alice, 'spotAssets')).json<WalletAsset[]>();
    const label = (id: string, pair: string) => `${pair} ${id.slice(0, 6)}`;
    expect(assets.find((a) => a.asset === 'USDT')).toMatchObject({
      free: '8900',
      inBots: '1000.32',
      holders: [
        { kind: 'bot', id: running!.id, label: label(running!.id, 'BTC/USDT'), amount: '900.32' },
        { kind: 'cycle', id: cycle.id, label: label(cycle.id, 'SOL/USDT'), amount: '100' },
      ],
    });
    expect(assets.find((a) => a.asset === 'BTC')).toMatchObject({
      balance: '0.002',
      free: '0.00052',
      inBots: '0.00148',
      holders: [{ kind: 'bot', id: running!.id, label: label(running!.id, 'BTC/USDT'), amount: '0.00148' }],
    });
    const futures = (await get(alice, 'futuresAssets')).json<WalletAsset[]>();
    expect(futures.find((a) => a.asset === 'USDT')).toMatchObject({
      free: '500',
      inBots: '200',
      holders: [{ kind: 'bot', id: future!.id }],
    });

    // Bob's figures come from his own bot only (keeping more than his wallet holds: free stops at 0).
    expect((await get(bob, 'spotBalance')).json()).toEqual({ spotusdtAmount: '50', free: '0', inBots: '3000' });
    const bobBtc = (await get(bob, 'spotAssets')).json<WalletAsset[]>().find((a) => a.asset === 'BTC');
    expect(bobBtc).toMatchObject({ free: '0', inBots: '0.5' });
    expect(bobBtc!.holders!.map((h) => h.id)).not.toContain(running!.id);
  });

  it('refuses a transfer or swap of what the bots hold, whatever client sends it, and allows what is free', async () => {
    const transfer = (amount: string) =>
      post(alice, 'transferspottofutures', { from: 'spot', to: 'futures', coin: 'USDT', amount });
    const held = await transfer('8900.01');
    expect([held.statusCode, held.json().message, held.json().reason]).toEqual([
      400,
      VALIDATION.heldByBots('1000.32', 'USDT'),
      'wallet.insufficient_funds',
    ]);
    // Beyond the exchange's own free balance: SPEC's message, as before.
    expect((await transfer('9900.33')).json().message).toBe(VALIDATION.transferExceeds);
    const swap = await post(alice, 'swaptousdt', { asset: 'BTC', amount: '0.001' });
    expect([swap.statusCode, swap.json().message]).toEqual([400, VALIDATION.heldByBots('0.00148', 'BTC')]);
    expect(server.exchange.simulator.control.getAccount(aliceKey.apiKey)!.trades).toEqual([]);
    expect((await transfer('100')).statusCode).toBe(200);
    expect((await get(alice, 'spotBalance')).json()).toEqual({ spotusdtAmount: '9800.32', free: '8800', inBots: '1000.32' });
  });
});
