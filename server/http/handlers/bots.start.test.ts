/**
 * POST /api/startbotdata through the server, on PGlite and PostgreSQL: each precondition and
 * refusal with the message the Start screen shows, a Spot and a Future bot recorded with what
 * the engine needs (the pair's rules; for a Future bot its leverage and margin brackets).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartBotRequest } from '../../../common/api/bots';
import { SERVER, UI, VALIDATION } from '../../../common/messages';
import { minimumBotAmount } from '../../../common/schemas/bot-minimum';
import { bots, cycles } from '../../db/schema';
import { insertCycle } from '../../modules/cycles/testing/fixtures';
import { createStrategy } from '../../modules/strategies/strategies';
import type { StoredMarketRules } from '../../runnables/bot/index';
import { KEY_MESSAGES } from '../../modules/keys/keys';
import { getSetting } from '../../modules/settings/settings';
import { grant } from '../../modules/subscriptions/subscriptions';
import { databaseTargets } from '../../testing/databases';
import { memberApi, register, type Registered } from '../../testing/members';
import type { TestServer } from '../../testing/server';
import { createFuturesServers, revokedKeysTrader, subscribedTrader, type FuturesServers } from '../../testing/simulated-server';
import { SPOT_BOT_START as SPOT } from '../testing/start-bodies';

const targets = await databaseTargets();
const FUTURE: StartBotRequest = { ...SPOT, category: 'Future', leverage: '3x' };

describe.each(targets)('starting bots on $name', (target) => {
  let server: FuturesServers;
  const api = memberApi(() => server);

  /** A member of `on` with a subscription and simulator keys holding these spot and futures USDT. */
  const trader = (on: TestServer, spot: string, futures: string) => subscribedTrader(server, { spot, futures }, on);

  const refusal = async (who: Registered, body: object) => {
    const res = await api.post(who, 'startbotdata', body);
    return [res.statusCode, res.json().message];
  };

  beforeAll(async () => {
    server = await createFuturesServers(target, { SOLUSDT: '150' });
  });
  afterAll(() => server?.close());

  it('needs an active subscription, then bound keys', async () => {
    const who = await register(server);
    expect(await refusal(who, SPOT)).toEqual([400, SERVER.subscriptionRequired]);
    await grant(server.database.db, who.userId, 30, 'test');
    expect(await refusal(who, SPOT)).toEqual([400, KEY_MESSAGES.noKeys]);
  });

  it('refuses amounts under the minimum bot amount and the grid rule, and a short wallet', async () => {
    const who = await trader(server, '400', '0');
    expect(await refusal(who, { ...SPOT, amount: 50 })).toEqual([400, VALIDATION.amountMin('100')]);
    // The system strategy has 10 grids: under 30 grids the minimum is 300.
    expect(await refusal(who, { ...SPOT, amount: 150 })).toEqual([400, VALIDATION.insufficientForGrids(10, 300)]);
    expect(await refusal(who, SPOT)).toEqual([400, SERVER.insufficientForBot('400.00', '500')]);
  });

  it("says when the exchange refuses the member's key", async () => {
    const who = await revokedKeysTrader(server);
    expect(await refusal(who, SPOT)).toEqual([400, UI.apiKeyOrIp]);
  });

  /** A member's own strategy of three grids, each allotting `alloc` %. */
  const ownStrategy = (name: string, alloc: string[]) => ({
    strategyName: name,
    noOfGrids: alloc.length,
    tableData: alloc.map((a, i) => ({
      gridNo: i + 1,
      allottedAmountPercentagePerOrder: a,
      buyPercentage: i === 0 ? null : '1',
      buyPercentageUp: '0.2',
      takeProfitPercentage: '1',
      takeProfitPercentageDown: '0.2',
    })),
  });

  it('copies a live bot by its id: the copy runs its grids, even on a strategy only its owner can pick', async () => {
    const owner = await trader(server, '1000', '0');
    await createStrategy(server.database.db, owner.userId, ownStrategy('Quiet grid', ['50', '30', '20']));
    const started = await api.post(owner, 'startbotdata', { ...SPOT, myStrategy: 'Quiet grid' });
    expect(started.statusCode).toBe(200);
    const [source] = await server.database.db.select().from(bots).where(eq(bots.id, started.json().botID));

    const copier = await trader(server, '1000', '0');
    // By name alone the owner's strategy is not the copier's to pick.
    expect(await refusal(copier, { ...SPOT, myStrategy: 'Quiet grid' })).toEqual([400, SERVER.strategyNotFound]);
    // A strategy of the copier's with that name must not stand in for the copied bot's grids.
    await createStrategy(server.database.db, copier.userId, ownStrategy('Quiet grid', ['10', '10', '80']));
    const copied = await api.post(copier, 'startbotdata', { ...SPOT, myStrategy: 'Quiet grid', copyBotID: source!.id });
    expect([copied.statusCode, copied.json().message]).toEqual([200, SERVER.userRequestCreated]);
    const [copy] = await server.database.db.select().from(bots).where(eq(bots.id, copied.json().botID));
    expect(copy).toMatchObject({
      userId: copier.userId,
      strategyId: null,
      strategyName: 'Quiet grid',
      totalGrid: 3,
      symbol: 'SOLUSDT',
    });
    expect(copy!.strategySnapshot).toEqual(source!.strategySnapshot);
  });

  it('holds a copy and a form start to the one minimum rule (300 under 30 grids), as both screens show it', async () => {
    const owner = await trader(server, '1000', '0');
    const twelve = ownStrategy('Twelve grids', [...Array(8).fill('8'), ...Array(4).fill('9')] as string[]);
    await createStrategy(server.database.db, owner.userId, twelve);
    const source = (await api.post(owner, 'startbotdata', { ...SPOT, myStrategy: 'Twelve grids' })).json().botID as string;
    const copier = await trader(server, '1000', '0');
    await createStrategy(server.database.db, copier.userId, twelve);
    const shown = minimumBotAmount(12, await getSetting(server.database.db, 'minimumBotAmount')).toFixed();
    expect(shown).toBe('300');
    expect(await refusal(copier, { ...SPOT, amount: 150, copyBotID: source })).toEqual([
      400,
      VALIDATION.insufficientForGrids(12, 300),
    ]);
    expect(await refusal(copier, { ...SPOT, amount: 150, myStrategy: 'Twelve grids' })).toEqual([
      400,
      VALIDATION.insufficientForGrids(12, 300),
    ]);
    expect((await api.post(copier, 'startbotdata', { ...SPOT, amount: Number(shown), copyBotID: source })).statusCode).toBe(200);
  });

  it('refuses to copy a bot that no longer runs, an unknown id and a malformed one', async () => {
    const copier = await trader(server, '1000', '0');
    const [stopped] = await server.database.db
      .insert(bots)
      .values({
        userId: copier.userId,
        status: 'Stopped',
        strategyName: 'System Strategy',
        strategySnapshot: [],
        symbol: 'SOLUSDT',
        category: 'Spot',
        botType: 'Advanced Multigrid',
        investment: '500',
        marketRules: {},
        totalGrid: 0,
        startedAt: new Date(),
        stoppedAt: new Date(),
      })
      .returning({ id: bots.id });
    for (const copyBotID of [stopped!.id, '7c1e1b0e-3f0a-4c55-9b43-8a3f0f0f0f0f', 'not-an-id']) {
      expect(await refusal(copier, { ...SPOT, copyBotID }), copyBotID).toEqual([400, SERVER.copiedBotGone]);
    }
  });

  it("records a Spot bot with the pair's rules and no leverage", async () => {
    const who = await trader(server, '1000', '0');
    const res = await api.post(who, 'startbotdata', SPOT);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(SERVER.userRequestCreated);
    const [row] = await server.database.db.select().from(bots).where(eq(bots.id, res.json().botID));
    expect([row!.category, row!.leverage, row!.status, (row!.marketRules as StoredMarketRules).futures]).toEqual([
      'Spot',
      null,
      'Live',
      undefined,
    ]);
  });

  it('offers Future bots only where FUTURES_ENABLED=true', async () => {
    const who = await trader(server.futuresOff, '1000', '1000');
    const res = await server.futuresOff.app.inject({
      method: 'POST',
      url: '/api/startbotdata',
      payload: FUTURE,
      headers: { authorization: `Bearer ${who.token}` },
    });
    expect([res.statusCode, res.json().message]).toEqual([400, SERVER.futuresComingSoon]);
  });

  it('checks the leverage: required, 1x to 10x, whole', async () => {
    const who = await trader(server, '0', '1000');
    expect(await refusal(who, { ...FUTURE, leverage: null })).toEqual([400, VALIDATION.leverageRequired]);
    expect(await refusal(who, { ...FUTURE, leverage: '0x' })).toEqual([400, VALIDATION.leverageMin]);
    expect(await refusal(who, { ...FUTURE, leverage: '11x' })).toEqual([400, VALIDATION.leverageMax]);
    expect(await refusal(who, { ...FUTURE, leverage: '2.5x' })).toEqual([400, VALIDATION.leverageMin]);
  });

  it("records a Future bot with its leverage and the pair's margin brackets, from the futures wallet", async () => {
    const who = await trader(server, '0', '400');
    // The futures wallet is what a Future bot's margin comes from: 400 is short of 500.
    expect(await refusal(who, FUTURE)).toEqual([400, SERVER.insufficientForBot('400.00', '500')]);
    const rich = await trader(server, '0', '1000');
    const res = await api.post(rich, 'startbotdata', { ...FUTURE, leverage: 3 });
    expect(res.statusCode).toBe(200);
    const [row] = await server.database.db.select().from(bots).where(eq(bots.id, res.json().botID));
    const rules = row!.marketRules as StoredMarketRules;
    expect([row!.category, row!.leverage, rules.futures!.leverage]).toEqual(['Future', 3, 3]);
    expect(rules.futures!.brackets[0]).toEqual({ notionalCap: '5000', maintMarginRatio: '0.01', cum: '0' });
    // Its page shows prices and quantities to the steps it trades on.
    const info = (await api.post(rich, 'botinfo', { botID: res.json().botID })).json();
    expect([info.tickSize, info.stepSize]).toEqual([rules.tickSize, rules.stepSize]);
    expect(info.tickSize).toMatch(/^0\.0*1$/);
    // USD-M keeps one position per pair: a second Future bot on it would share the first one's.
    expect(await refusal(rich, FUTURE)).toEqual([400, SERVER.futuresPairInUse('SOLUSDT')]);
  });

  it("refuses a bot on a pair the member's live cycle trades, and takes it once the cycle has stopped", async () => {
    const who = await trader(server, '1000', '0');
    const cycle = await insertCycle(server.database.db, who.userId, { symbol: 'SOLUSDT' });
    const res = await api.post(who, 'startbotdata', SPOT);
    expect([res.statusCode, res.json().message, res.json().reason]).toEqual([
      400,
      SERVER.botPairInUseByCycle('SOLUSDT'),
      'bot.pair_in_use',
    ]);
    await server.database.db.update(cycles).set({ status: 'Stopped' }).where(eq(cycles.id, cycle.id));
    expect((await api.post(who, 'startbotdata', SPOT)).statusCode).toBe(200);
  });
});
