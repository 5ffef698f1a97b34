/**
 * POST /api/startcycledata through the server, on PGlite and PostgreSQL: each precondition and
 * refusal with its reason and the message the Cycle page shows, and a Spot and a Future cycle
 * recorded with what the engine needs (the settings, the pair's rules, the state it starts from)
 * and announced on the member's event stream (cycle.started, which the desktop's tray counts).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartCycleRequest } from '../../../common/api/cycles';
import { SERVER, UI, VALIDATION } from '../../../common/messages';
import { cycles, memberEvents } from '../../db/schema';
import { insertBot } from '../../modules/bots/testing/fixtures';
import { KEY_MESSAGES } from '../../modules/keys/keys';
import { grant } from '../../modules/subscriptions/subscriptions';
import type { StoredMarketRules } from '../../runnables/bot/index';
import { newCycleState } from '../../runnables/cycle/index';
import { databaseTargets } from '../../testing/databases';
import { memberApi, register, type Registered } from '../../testing/members';
import type { TestServer } from '../../testing/server';
import { createFuturesServers, revokedKeysTrader, subscribedTrader, type FuturesServers } from '../../testing/simulated-server';

const targets = await databaseTargets();
// SOLUSDT on the simulator: step 0.001, tick 0.01, minimum order 5 USDT.
const SPOT: StartCycleRequest = {
  category: 'Spot',
  pair: 'SOLUSDT',
  amount: '100',
  priceReachAt: '140',
  sellPriceAt: '150',
  stopLossAt: '120',
  cycleCount: 3,
  leverage: null,
};
const FUTURE: StartCycleRequest = { ...SPOT, category: 'Future', leverage: '3x' };

describe.each(targets)('starting cycles on $name', (target) => {
  let server: FuturesServers;
  const api = memberApi(() => server);

  /** A member of `on` with a subscription and simulator keys holding these spot and futures USDT. */
  const trader = (on: TestServer, spot: string, futures: string) => subscribedTrader(server, { spot, futures }, on);

  /** [status, reason, message] of a start. */
  const refusal = async (who: Registered, body: object, on: TestServer = server) => {
    const res = await on.app.inject({
      method: 'POST',
      url: '/api/startcycledata',
      payload: body,
      headers: { authorization: `Bearer ${who.token}` },
    });
    return [res.statusCode, res.json().reason, res.json().message];
  };

  beforeAll(async () => {
    server = await createFuturesServers(target, { SOLUSDT: '145' });
  });
  afterAll(() => server?.close());

  it('refuses a start without a token', async () => {
    expect((await server.app.inject({ method: 'POST', url: '/api/startcycledata', payload: SPOT })).statusCode).toBe(401);
  });

  it('needs an active subscription, then bound keys', async () => {
    const who = await register(server);
    expect(await refusal(who, SPOT)).toEqual([400, 'bot.subscription_required', SERVER.cycleSubscriptionRequired]);
    await grant(server.database.db, who.userId, 30, 'test');
    expect(await refusal(who, SPOT)).toEqual([400, 'keys.missing', KEY_MESSAGES.noKeys]);
  });

  it("says when the exchange refuses the member's key", async () => {
    const who = await revokedKeysTrader(server);
    expect(await refusal(who, SPOT)).toEqual([400, 'keys.rejected', UI.apiKeyOrIp]);
  });

  it("refuses what the form refuses, with the schema's messages", async () => {
    const who = await trader(server, '1000', '0');
    const cases: [object, string, string][] = [
      [{ ...SPOT, stopLossAt: '141' }, 'validation.invalid', VALIDATION.cycleStopLossAboveBuy],
      [{ ...SPOT, sellPriceAt: '140' }, 'validation.invalid', VALIDATION.cycleSellNotAboveBuy],
      [{ ...SPOT, sellPriceAt: '139' }, 'validation.invalid', VALIDATION.cycleSellNotAboveBuy],
      [{ ...SPOT, cycleCount: 0 }, 'validation.invalid', VALIDATION.cycleCountWhole],
      [{ ...SPOT, cycleCount: 2.5 }, 'validation.invalid', VALIDATION.cycleCountWhole],
      // Not a number at all: the schema's type error, a malformed request.
      [{ ...SPOT, cycleCount: 'two' }, 'request.malformed', VALIDATION.cycleCountWhole],
      [{ ...SPOT, amount: 'ten' }, 'validation.invalid', VALIDATION.amountNumber],
      [{ ...SPOT, priceReachAt: '0' }, 'validation.invalid', VALIDATION.priceAboveZero('Buy at')],
      [{ ...SPOT, category: 'Margin' }, 'validation.invalid', VALIDATION.categoryRequired],
    ];
    for (const [body, reason, message] of cases) {
      expect(await refusal(who, body), JSON.stringify(body)).toEqual([400, reason, message]);
    }
    const { pair: _pair, ...noPair } = SPOT;
    expect(await refusal(who, noPair)).toEqual([400, 'validation.required', VALIDATION.pairRequired]);
    expect(await server.database.db.select().from(cycles).where(eq(cycles.userId, who.userId))).toEqual([]);
  });

  it('refuses a pair the exchange does not list', async () => {
    const who = await trader(server, '1000', '0');
    expect(await refusal(who, { ...SPOT, pair: 'NOPEUSDT' })).toEqual([
      400,
      'market.unknown_pair',
      SERVER.pairNotTradable('NOPEUSDT'),
    ]);
    expect(await refusal(who, { ...SPOT, pair: 'BTC/EUR' })).toEqual([
      400,
      'market.unknown_pair',
      SERVER.pairNotTradable('BTC/EUR'),
    ]);
  });

  it("refuses an amount that does not buy the exchange's minimum order at the buy price", async () => {
    const who = await trader(server, '1000', '0');
    // floor(4.99 / 140, 0.001) = 0.035 SOL, 4.9 USDT at 140: under the 5 USDT minimum.
    expect(await refusal(who, { ...SPOT, amount: '4.99' })).toEqual([
      400,
      'cycle.amount_below_minimum',
      SERVER.cycleAmountBelowMinimum('SOLUSDT', '5', '4.9'),
    ]);
    // A price above the amount: not a single step.
    expect(await refusal(who, { ...SPOT, amount: '0.1' })).toEqual([
      400,
      'cycle.amount_below_minimum',
      SERVER.cycleAmountBelowMinimum('SOLUSDT', '5', '0'),
    ]);
    // 5.04 buys 0.036 SOL = 5.04 USDT: enough.
    const res = await api.post(who, 'startcycledata', { ...SPOT, amount: '5.04' });
    expect([res.statusCode, res.json().message]).toEqual([200, UI.cycleStarting]);
  });

  it("puts the prices on the pair's tick (buy and stop loss down, sell up), refusing one under a tick", async () => {
    const who = await trader(server, '1000', '0');
    const res = await api.post(who, 'startcycledata', {
      ...SPOT,
      priceReachAt: '140.019',
      sellPriceAt: '150.001',
      stopLossAt: '120.009',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await server.database.db.select().from(cycles).where(eq(cycles.id, res.json().cycle_id));
    expect([row!.buyPrice, row!.sellPrice, row!.stopLoss].map(Number)).toEqual([140.01, 150.01, 120]);
    const other = await trader(server, '1000', '0');
    expect(await refusal(other, { ...SPOT, stopLossAt: '0.009' })).toEqual([
      400,
      'validation.invalid',
      SERVER.cyclePriceBelowTick('0.01'),
    ]);
  });

  it('refuses a short wallet', async () => {
    const who = await trader(server, '50', '0');
    expect(await refusal(who, SPOT)).toEqual([400, 'wallet.insufficient_funds', SERVER.insufficientForCycle('50.00', '100')]);
  });

  it('refuses a pair where the member already runs a bot or a cycle, and names it', async () => {
    const who = await trader(server, '1000', '0');
    await insertBot(server.database.db, who.userId, { symbol: 'SOLUSDT' });
    expect(await refusal(who, SPOT)).toEqual([400, 'cycle.pair_in_use', SERVER.cyclePairInUseByBot('SOLUSDT')]);

    const other = await trader(server, '1000', '0');
    expect((await api.post(other, 'startcycledata', SPOT)).statusCode).toBe(200);
    expect(await refusal(other, SPOT)).toEqual([400, 'cycle.pair_in_use', SERVER.cyclePairInUseByCycle('SOLUSDT')]);
    // Another pair is free, and another member's cycle on the pair is theirs alone.
    server.exchange.simulator.control.setPrice('ETHUSDT', '3000');
    expect(
      (
        await api.post(other, 'startcycledata', {
          ...SPOT,
          pair: 'ethusdt',
          priceReachAt: '2900',
          sellPriceAt: '3100',
          stopLossAt: '2500',
        })
      ).statusCode,
    ).toBe(200);
    const third = await trader(server, '1000', '0');
    expect((await api.post(third, 'startcycledata', SPOT)).statusCode).toBe(200);
  });

  it('starts one cycle of five simultaneous starts on one pair: the database holds the rule', async () => {
    const who = await trader(server, '1000', '0');
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.post(who, 'startcycledata', SPOT)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400]);
    for (const refused of answers.filter((r) => r.statusCode === 400)) {
      expect([refused.json().reason, refused.json().message]).toEqual([
        'cycle.pair_in_use',
        SERVER.cyclePairInUseByCycle('SOLUSDT'),
      ]);
    }
    // The start event is written with the cycle: one for the one started, none for the refused.
    const started = await server.database.db.select().from(memberEvents).where(eq(memberEvents.userId, who.userId));
    const cycleId = answers.find((r) => r.statusCode === 200)!.json().cycle_id;
    expect(started.map((e) => e.payload)).toEqual([
      { kind: 'cycle.started', cycleID: cycleId, name: 'SOLUSDT', at: expect.any(String) },
    ]);
  });

  it("records a Spot cycle: Live, its settings, the pair's rules, no leverage, and the state the engine starts from", async () => {
    const who = await trader(server, '1000', '0');
    const res = await api.post(who, 'startcycledata', { ...SPOT, amount: 100, cycleCount: '3', leverage: '5x' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: UI.cycleStarting, cycle_id: expect.any(String) });
    const [row] = await server.database.db.select().from(cycles).where(eq(cycles.id, res.json().cycle_id));
    expect(row).toMatchObject({
      userId: who.userId,
      status: 'Live',
      symbol: 'SOLUSDT',
      category: 'Spot',
      leverage: null,
      noOfCycle: 3,
      cyclesCompleted: 0,
      lastBoughtPrice: null,
    });
    expect([row!.amount, row!.buyPrice, row!.sellPrice, row!.stopLoss].map(Number)).toEqual([100, 140, 150, 120]);
    expect(row!.marketRules).toEqual({
      stepSize: '0.001',
      tickSize: '0.01',
      minNotional: '5',
      feeRate: '0.001',
    } satisfies StoredMarketRules);
    expect(row!.state).toEqual(
      newCycleState({
        amount: '100',
        buyPrice: '140',
        sellPrice: '150',
        stopLoss: '120',
        noOfCycle: 3,
        marketRules: row!.marketRules,
      }),
    );
  });

  it('offers Future cycles only where FUTURES_ENABLED=true', async () => {
    const who = await trader(server.futuresOff, '1000', '1000');
    expect(await refusal(who, FUTURE, server.futuresOff)).toEqual([400, 'bot.coming_soon', SERVER.futureCyclesComingSoon]);
  });

  it('checks the leverage of a Future cycle: required, 1x to 10x, whole', async () => {
    const who = await trader(server, '0', '1000');
    expect(await refusal(who, { ...FUTURE, leverage: null })).toEqual([400, 'validation.required', VALIDATION.leverageRequired]);
    expect(await refusal(who, { ...FUTURE, leverage: '0x' })).toEqual([400, 'validation.invalid', VALIDATION.leverageMin]);
    expect(await refusal(who, { ...FUTURE, leverage: '11x' })).toEqual([400, 'validation.invalid', VALIDATION.leverageMax]);
    expect(await refusal(who, { ...FUTURE, leverage: '2.5x' })).toEqual([400, 'validation.invalid', VALIDATION.leverageMin]);
  });

  it('records a Future cycle with its leverage and margin brackets, from the futures wallet; leverage counts toward the minimum', async () => {
    const poor = await trader(server, '1000', '50');
    expect(await refusal(poor, FUTURE)).toEqual([400, 'wallet.insufficient_funds', SERVER.insufficientForCycle('50.00', '100')]);
    const who = await trader(server, '0', '1000');
    // 2 USDT of margin at 3x buys 0.042 SOL = 5.88 USDT at 140: over the minimum.
    const res = await api.post(who, 'startcycledata', { ...FUTURE, amount: '2', leverage: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await server.database.db.select().from(cycles).where(eq(cycles.id, res.json().cycle_id));
    const rules = row!.marketRules as StoredMarketRules;
    expect([row!.category, row!.leverage, rules.futures!.leverage]).toEqual(['Future', 3, 3]);
    expect(rules.futures!.brackets[0]).toEqual({ notionalCap: '5000', maintMarginRatio: '0.01', cum: '0' });
  });
});
