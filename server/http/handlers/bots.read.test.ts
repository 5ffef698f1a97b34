import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotHistoryRow, BotInfo, LiveBot, OrderBookResponse } from '../../../common/api/bots';
import { SERVER, VALIDATION } from '../../../common/messages';
import { bots } from '../../db/schema';
import { insertBot, insertFilledOrders, snapshotWith, type BotRow } from '../../modules/bots/testing/fixtures';
import { oneDatabaseTarget } from '../../testing/databases';
import { memberApi, register, type Registered } from '../../testing/members';
import { createSimulatedServer, type SimulatedServer } from '../../testing/simulated-server';

// One database (testing/databases.ts' rule): read endpoints formatting what the test stored, and their 401/404 refusals.
const targets = await oneDatabaseTarget();
const DAY = 86_400_000;
/** One instant for the whole fixture: a stop `daysAgo(3)` of a bot started 9 days before it is 6 whole days, not a millisecond short. */
const NOW = new Date();
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY);
/** When the live bot's four orders filled. */
const fills = [10, 9, 8, 7].map(daysAgo);

describe.each(targets)('bot read endpoints on $name', (target) => {
  let server: SimulatedServer;
  let alice: Registered;
  let bob: Registered;
  let carol: Registered;
  const bot: Record<string, BotRow> = {};

  beforeAll(async () => {
    server = await createSimulatedServer(target, {}, { BTCUSDT: '50000', ETHUSDT: '3000', SOLUSDT: '150' });
    [alice, bob, carol] = await Promise.all([
      register(server, { username: 'Alice' }),
      register(server, { username: 'Bob' }),
      register(server, { username: 'Carol' }),
    ]);
    const db = server.database.db;
    bot.live = await insertBot(db, alice.userId, {
      daysAgo: 10,
      realizedPnl: '25',
      profitBooked: '30',
      lossBooked: '-5',
      heldQty: '0.01',
      heldCost: '500',
      gridNo: 1,
      trades: 4,
      lastPrice: '49000',
      state: snapshotWith({
        grids: [{ phase: 'holding', qty: '0.01', cost: '500', buyPrice: '50000' }, {}, {}, {}, {}],
        datewise: { '2026-11-13': '30', '2026-11-14': '-5' },
      }),
    });
    await insertFilledOrders(db, bot.live.id, [
      { side: 'buy', price: '50000', qty: '0.01', cost: '500.5', filledAt: fills[0]! },
      { side: 'buy', price: '49000', qty: '0.01', cost: '490.49', filledAt: fills[1]! },
      { side: 'sell', price: '52000', qty: '0.01', cost: '520', pnl: '30', filledAt: fills[2]! },
      { side: 'sell', price: '48600', qty: '0.01', cost: '486', pnl: '-5', filledAt: fills[3]! },
    ]);
    bot.paused = await insertBot(db, alice.userId, { status: 'Pause', symbol: 'ETHUSDT', daysAgo: 2, lastPrice: '2900' });
    bot.stopped = await insertBot(db, alice.userId, {
      status: 'Stopped',
      now: NOW,
      daysAgo: 5,
      stoppedAt: daysAgo(1),
      stopReason: 'stoploss',
      realizedPnl: '-20',
      profitBooked: '10',
      lossBooked: '-30',
      lastPrice: '47000',
      trades: 6,
      strategyName: 'Mine',
    });
    bot.stoppedEarlier = await insertBot(db, alice.userId, {
      status: 'Stopped',
      now: NOW,
      daysAgo: 9,
      stoppedAt: daysAgo(3),
      stopReason: 'manual',
      realizedPnl: '12',
      profitBooked: '12',
      investment: '600',
    });
    bot.bobs = await insertBot(db, bob.userId, {
      symbol: 'SOLUSDT',
      daysAgo: 1,
      realizedPnl: '50',
      investment: '500',
      strategyName: 'Bob secret',
    });
    bot.bobsFuture = await insertBot(db, bob.userId, { status: 'Pause', category: 'Future', leverage: 3, daysAgo: 0 });
    bot.carols = await insertBot(db, carol.userId, { daysAgo: 30, realizedPnl: '45' });
    await insertFilledOrders(
      db,
      bot.carols.id,
      Array.from({ length: 45 }, (_, i) => ({
        side: 'sell' as const,
        price: '50000',
        qty: '0.001',
        cost: '50',
        pnl: '1',
        filledAt: new Date(daysAgo(30).getTime() + i * 60_000),
      })),
    );
  });
  afterAll(() => server?.close());

  const { get, post } = memberApi(() => server);

  it('refuses every call without a token (401)', async () => {
    for (const url of ['botstatus', 'livebotdata', 'bothistory', 'scalpbothistory', 'cyclebothistory', 'features']) {
      expect((await server.app.inject({ method: 'GET', url: `/api/${url}` })).statusCode).toBe(401);
    }
    for (const url of [
      'botinfo',
      'orderbook',
      'purchasedQty',
      'position',
      'profitbookat',
      'protectionvalues',
      'sltp',
      'startbotdata',
      'startscalp',
    ]) {
      expect((await server.app.inject({ method: 'POST', url: `/api/${url}`, payload: { botID: bot.live!.id } })).statusCode).toBe(
        401,
      );
    }
  });

  it("botstatus lists the member's Live and Pause bots, newest first, with live prices and figures", async () => {
    const list = (await get(alice, 'botstatus')).json<LiveBot[]>();
    expect(list.map((b) => b.id)).toEqual([bot.paused!.id, bot.live!.id]);
    expect(list[1]).toEqual({
      id: bot.live!.id,
      name: 'BTCUSDT',
      category: 'Spot',
      tradeType: 'Advanced Multigrid',
      strategy_name: 'System Strategy',
      status: 'Live',
      liveprice: '50000',
      runtime: 10,
      roi: '91.25',
      investment: '1000',
      pnl: '25',
      trades24h: 4,
      grid_no: 1,
      total_grid: 5,
      sparklineData: [
        { time: fills[2]!.getTime(), value: '30' },
        { time: fills[3]!.getTime(), value: '25' },
      ],
      datewiseprofit: { '2026-11-13': '30', '2026-11-14': '-5' },
      leverage: null,
    });
    expect(list[0]).toMatchObject({
      status: 'Pause',
      name: 'ETHUSDT',
      liveprice: '3000',
      runtime: 2,
      roi: '0.00',
      sparklineData: [],
    });
    const bobs = (await get(bob, 'botstatus')).json<LiveBot[]>();
    expect(bobs.map((b) => b.id).sort()).toEqual([bot.bobs!.id, bot.bobsFuture!.id].sort());
    const future = bobs.find((b) => b.id === bot.bobsFuture!.id)!;
    expect(future).toMatchObject({ category: 'Future', leverage: 3 });
    expect(future.liveprice).toMatch(/^\d+(\.\d+)?$/);
  });

  it('botinfo describes a running bot and a stopped one (why and when)', async () => {
    const info = (await post(alice, 'botinfo', { botID: bot.live!.id })).json<BotInfo>();
    expect(info).toMatchObject({
      name: 'BTCUSDT',
      category: 'Spot',
      leverage: null,
      strategy_name: 'System Strategy',
      liveprice: '50000',
      status: 'Live',
      runtime: 10,
      roi: '91.25',
      trades24h: 4,
      grid_no: 1,
      total_grid: 5,
      last_buying_price: '50000',
      investment: '1000',
      pnl: '25',
      botstartdate: bot.live!.startedAt.toISOString(),
      overbuy_protection_value: null,
      stopReason: null,
      botstopdate: null,
      tickSize: null,
      stepSize: null, // this row was stored without the pair's rules
    });
    expect(info.sparklineData.map((p) => p.value)).toEqual(['30', '25']);
    const stopped = (await post(alice, 'botinfo', { botID: bot.stopped!.id })).json<BotInfo>();
    expect(stopped).toMatchObject({
      status: 'Stopped',
      stopReason: 'stoploss',
      botstopdate: bot.stopped!.stoppedAt!.toISOString(),
      runtime: 4,
    });
  });

  it("redraws a bot's sparkline once it traded again (the trade count is bumped with the fill)", async () => {
    const dave = await register(server, { username: 'Dave' });
    const db = server.database.db;
    const mine = await insertBot(db, dave.userId, { status: 'Pause', symbol: 'SOLUSDT', daysAgo: 3, trades: 0 });
    const line = async () => (await get(dave, 'botstatus')).json<LiveBot[]>()[0]!.sparklineData.map((p) => p.value);
    expect(await line()).toEqual([]);
    await insertFilledOrders(db, mine.id, [
      { side: 'sell', price: '150', qty: '1', cost: '150', pnl: '7', filledAt: daysAgo(1) },
    ]);
    // Drawn at 0 trades: the line stands until the bot's count says it traded.
    expect(await line()).toEqual([]);
    await db.update(bots).set({ trades: 1 }).where(eq(bots.id, mine.id));
    expect(await line()).toEqual(['7']);
  });

  it("redraws a bot's profit per day once it traded again, and answers JSON", async () => {
    const erin = await register(server, { username: 'Erin' });
    const db = server.database.db;
    const mine = await insertBot(db, erin.userId, {
      status: 'Pause',
      symbol: 'SOLUSDT',
      daysAgo: 3,
      trades: 1,
      state: snapshotWith({ grids: [{}, {}, {}], datewise: { '2026-11-20': '1.50' } }),
    });
    const days = async () => {
      const res = await get(erin, 'botstatus');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      return res.json<LiveBot[]>()[0]!.datewiseprofit;
    };
    expect(await days()).toEqual({ '2026-11-20': '1.5' });
    // The core changes the map only with a fill, which counts the trade in the same statement.
    await db
      .update(bots)
      .set({ state: snapshotWith({ grids: [{}, {}, {}], datewise: { '2026-11-20': '1.50', '2026-11-21': '-2' } }) })
      .where(eq(bots.id, mine.id));
    expect(await days()).toEqual({ '2026-11-20': '1.5' });
    await db.update(bots).set({ trades: 2 }).where(eq(bots.id, mine.id));
    expect(await days()).toEqual({ '2026-11-20': '1.5', '2026-11-21': '-2' });
  });

  it('draws at most 30 sparkline points, ending at the latest cumulative PnL', async () => {
    const info = (await post(carol, 'botinfo', { botID: bot.carols!.id })).json<BotInfo>();
    expect(info.sparklineData).toHaveLength(30);
    expect(info.sparklineData.at(-1)!.value).toBe('45');
    const times = info.sparklineData.map((p) => p.time);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('orderbook lists every filled order newest first', async () => {
    const { orders } = (await post(alice, 'orderbook', { botID: bot.live!.id })).json<OrderBookResponse>();
    expect(orders.map((o) => [o.type, o.price, o.quantity, o.cummulativeQuoteQty, o.pnl])).toEqual([
      ['SELL', '48600', '0.01', '486', '-5'],
      ['SELL', '52000', '0.01', '520', '30'],
      ['BUY', '49000', '0.01', '490.49', '0'],
      ['BUY', '50000', '0.01', '500.5', '0'],
    ]);
    expect(orders.map((o) => o.date)).toEqual([...fills].reverse().map((d) => d.toISOString()));
    expect((await post(alice, 'orderbook', { botID: bot.paused!.id })).json()).toEqual({ orders: [] });
  });

  it('purchasedQty values the holdings at the live price; position has no liquidation price for spot', async () => {
    expect((await post(alice, 'purchasedQty', { botID: bot.live!.id })).json()).toEqual({
      totalQuantity: '0.01',
      avgPrice: '50000',
      totalpnl: '25',
      pnl: '25',
    });
    expect((await post(alice, 'purchasedQty', { botID: bot.paused!.id })).json()).toEqual({
      totalQuantity: '0',
      avgPrice: null,
      totalpnl: '0',
      pnl: '0',
    });
    expect((await post(alice, 'position', { botID: bot.live!.id })).json()).toEqual({ liquidationPrice: null });
    expect((await post(bob, 'position', { botID: bot.bobsFuture!.id })).json()).toEqual({ liquidationPrice: null });
  });

  it("answers 404 for another member's bot, an unknown id and a malformed id; 400 without an id", async () => {
    for (const url of ['botinfo', 'orderbook', 'purchasedQty', 'position', 'profitbookat', 'protectionvalues', 'sltp']) {
      for (const botID of [bot.bobs!.id, '00000000-0000-4000-8000-000000000000', 'not-a-bot']) {
        const res = await post(alice, url, { botID });
        expect([url, res.statusCode, res.json().message]).toEqual([url, 404, SERVER.botNotFound]);
      }
      const missing = await post(alice, url, {});
      expect([missing.statusCode, missing.json().message]).toEqual([400, VALIDATION.botIdRequired]);
    }
  });

  it("livebotdata ranks the other members' Live bots by APY, anonymised", async () => {
    const res = await get(alice, 'livebotdata');
    const list = res.json<LiveBot[]>();
    expect(list.map((b) => [b.id, b.roi])).toEqual([
      [bot.bobs!.id, '3650.00'],
      [bot.carols!.id, '54.75'],
    ]);
    expect((await get(bob, 'livebotdata')).json<LiveBot[]>().map((b) => [b.id, b.roi])).toEqual([
      [bot.live!.id, '91.25'],
      [bot.carols!.id, '54.75'],
    ]);
    for (const who of [alice, bob, carol]) {
      expect(res.body).not.toContain(who.userId);
      expect(res.body).not.toContain(who.email);
    }
    expect(res.body).not.toMatch(/Alice|Carol|"Bob"/);
  });

  it('bothistory lists stopped bots newest stop first; the other histories are empty', async () => {
    const rows = (await get(alice, 'bothistory')).json<BotHistoryRow[]>();
    expect(rows.map((r) => r.id)).toEqual([bot.stopped!.id, bot.stoppedEarlier!.id]);
    expect(rows[0]).toEqual({
      id: bot.stopped!.id,
      symbol: 'BTCUSDT',
      strategy_name: 'Mine',
      runtime: 4,
      investment: '1000',
      profit: '10',
      lossbook: '-30',
      totalpnl: '-20',
      roi: '-2.00',
      botstarttime: bot.stopped!.startedAt.toISOString(),
      botstoptime: bot.stopped!.stoppedAt!.toISOString(),
      stopAt: '47000',
      trades: 6,
      stopReason: 'stoploss',
    });
    expect(rows[1]).toMatchObject({ lossbook: 'NA', roi: '2.00', runtime: 6, stopAt: null, stopReason: 'manual' });
    expect((await get(bob, 'bothistory')).json()).toEqual([]);
    expect((await get(alice, 'scalpbothistory')).json()).toEqual([]);
    expect((await get(alice, 'cyclebothistory')).json()).toEqual([]);
  });

  it('tells the desktop which features are on, and that Scalping Grid is coming soon', async () => {
    expect((await get(alice, 'features')).json()).toEqual({ futuresEnabled: false });
    const body = {
      selectPair: 'BTCUSDT',
      myStrategy: 'System Strategy',
      amount: 500,
      category: 'Spot',
      botType: 'Scalping Grid',
      leverage: null,
      profitbookat: null,
    };
    const scalp = await post(alice, 'startscalp', body);
    expect([scalp.statusCode, scalp.json()]).toEqual([400, { message: SERVER.scalpingComingSoon, reason: 'bot.coming_soon' }]);
    const invalid = await post(alice, 'startbotdata', { ...body, botType: '' });
    expect([invalid.statusCode, invalid.json().message]).toEqual([400, VALIDATION.botTypeRequired]);
    const noAmount = await post(alice, 'startbotdata', { ...body, botType: 'Advanced Multigrid', amount: 'abc' });
    expect([noAmount.statusCode, noAmount.json().message]).toEqual([400, VALIDATION.amountNumber]);
  });
});
