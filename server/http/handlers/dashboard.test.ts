import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PieChartResponse } from '../../../common/api/bots';
import { SERVER, VALIDATION } from '../../../common/messages';
import { insertBot } from '../../modules/bots/testing/fixtures';
import { databaseTargets } from '../../testing/databases';
import { memberApi, register, type Registered } from '../../testing/members';
import { createSimulatedServer, type SimulatedServer } from '../../testing/simulated-server';

const targets = await databaseTargets();

describe.each(targets)('dashboard endpoints on $name', (target) => {
  let server: SimulatedServer;
  beforeAll(async () => {
    server = await createSimulatedServer(target);
  });
  afterAll(() => server?.close());

  const { get, post } = memberApi(() => server);

  /** A new member (no bots), with IP-restricted exchange keys on an account holding `balances` when given. */
  async function member(balances?: Record<string, string>): Promise<Registered> {
    const who = await register(server);
    if (balances) {
      const keys = server.exchange.simulator.control.createAccount({ balances, ipRestrict: true });
      expect((await post(who, 'apikeys', keys)).statusCode).toBe(200);
    }
    return who;
  }

  it('refuses every call without a token (401)', async () => {
    for (const url of ['disclaimeragreementcheck', 'pichart', 'totalprofitbookdata']) {
      expect((await server.app.inject({ method: 'GET', url: `/api/${url}` })).statusCode).toBe(401);
    }
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/disclaimer', payload: { disclaimerAgree: true } })).statusCode,
    ).toBe(401);
  });

  it('records the disclaimer agreement per member, once', async () => {
    const [alice, bob] = await Promise.all([member(), member()]);
    expect((await get(alice, 'disclaimeragreementcheck')).json()).toEqual({ agreed: false });
    const refused = await post(alice, 'disclaimer', { disclaimerAgree: false });
    expect([refused.statusCode, refused.json().message]).toEqual([400, VALIDATION.disclaimerAgree]);
    expect((await post(alice, 'disclaimer', {})).statusCode).toBe(400);
    expect((await post(alice, 'disclaimer', { disclaimerAgree: true })).json()).toEqual({ message: SERVER.disclaimerSaved });
    expect((await post(alice, 'disclaimer', { disclaimerAgree: true })).statusCode).toBe(200);
    expect((await get(alice, 'disclaimeragreementcheck')).json()).toEqual({ agreed: true });
    expect((await get(bob, 'disclaimeragreementcheck')).json()).toEqual({ agreed: false });
  });

  it("sums profit book, loss book and PnL over all the member's bots", async () => {
    const [alice, bob] = await Promise.all([member(), member()]);
    expect((await get(alice, 'totalprofitbookdata')).json()).toEqual({ totalProfit: '0', lossBook: '0', totalpnl: '0' });
    const db = server.database.db;
    await insertBot(db, alice.userId, { profitBooked: '40.5', lossBooked: '-10.25', realizedPnl: '30.25' });
    await insertBot(db, alice.userId, { status: 'Stopped', profitBooked: '9.5', lossBooked: '-20', realizedPnl: '-10.5' });
    await insertBot(db, bob.userId, { profitBooked: '1000', realizedPnl: '1000' });
    expect((await get(alice, 'totalprofitbookdata')).json()).toEqual({
      totalProfit: '50',
      lossBook: '-30.25',
      totalpnl: '19.75',
    });
  });

  it('splits the spot USDT wallet by running bot; available = wallet minus what bots hold in reserve', async () => {
    const [alice, bob] = await Promise.all([member({ USDT: '2500', BTC: '0.5' }), member({ USDT: '2000' })]);
    const db = server.database.db;
    const first = await insertBot(db, bob.userId); // BTCUSDT, Live, investment 1000, nothing held
    const live = await insertBot(db, bob.userId, { symbol: 'ETHUSDT', investment: '60', heldCost: '20' });
    const paused = await insertBot(db, bob.userId, { status: 'Pause', investment: '30', heldCost: '35' }); // fees: cost above investment
    await insertBot(db, bob.userId, { status: 'Stopped', investment: '5000' });
    const pie = (await get(bob, 'pichart')).json<PieChartResponse>();
    expect(pie.usdt).toBe('2000');
    // 2000 - (1000 + (60 - 20) + max(0, 30 - 35)): a bot holding more than it was given reserves nothing.
    expect(pie.availableBalance).toBe('960');
    expect(pie.chartData).toEqual(
      expect.arrayContaining([
        { label: `BTC/USDT ${first.id.slice(0, 6)}`, value: '1000' },
        { label: `ETH/USDT ${live.id.slice(0, 6)}`, value: '60' },
        { label: `BTC/USDT ${paused.id.slice(0, 6)}`, value: '30' },
      ]),
    );
    expect(pie.chartData).toHaveLength(3);
    // Alice: one Live bot of 1000 with nothing held; 2500 USDT in the wallet.
    await insertBot(db, alice.userId);
    const alicePie = (await get(alice, 'pichart')).json<PieChartResponse>();
    expect(alicePie).toEqual({ chartData: [expect.objectContaining({ value: '1000' })], usdt: '2500', availableBalance: '1500' });
  });

  it('answers an empty pie to a member without keys, and never below zero', async () => {
    const [carol, dave] = await Promise.all([member(), member({ USDT: '2500' })]);
    expect((await get(carol, 'pichart')).json()).toEqual({ chartData: [], usdt: '0', availableBalance: '0' });
    await insertBot(server.database.db, dave.userId, { investment: '5000' });
    expect((await get(dave, 'pichart')).json<PieChartResponse>().availableBalance).toBe('0');
  });
});
