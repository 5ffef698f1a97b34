/**
 * Bot, copy and cycle starts under concurrency, through the server on PGlite and PostgreSQL: one
 * bot or cycle per pair exactly, and never more quote committed than the wallet has free, however
 * the starts interleave; a start's claim never outlives it; the amounts past any balance are
 * refused before any rule runs (a 20-digit amount once hung the process in the cycle's sizing).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../../common/money';
import { SERVER, VALIDATION } from '../../../common/messages';
import { bots, cycles, runnableStarts } from '../../db/schema';
import type { ExchangeInternals } from '../../exchange/exchange-factory';
import { testExchange } from '../../exchange/testing/exchange';
import { databaseTargets } from '../../testing/databases';
import { memberApi, register, type Registered } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';
import { saveKeys } from '../keys/keys';
import { grant } from '../subscriptions/subscriptions';
import { START_VOID_MS } from './starting';

const targets = await databaseTargets();

const cycleOn = (pair: string, amount: string, price: string) => ({
  category: 'Spot',
  pair,
  amount,
  cycleCount: 2,
  leverage: null,
  priceReachAt: new Decimal(price).times('0.9').toFixed(),
  sellPriceAt: new Decimal(price).times('1.1').toFixed(),
  stopLossAt: new Decimal(price).times('0.8').toFixed(),
});
const botOn = (pair: string, amount: number, copyBotID?: string) => ({
  selectPair: pair,
  myStrategy: 'System Strategy',
  amount,
  category: 'Spot',
  botType: 'Advanced Multigrid',
  leverage: null,
  profitbookat: null,
  ...(copyBotID ? { copyBotID } : {}),
});

describe.each(targets)('starts under concurrency on $name', (target) => {
  let exchange: ExchangeInternals & { simulator: NonNullable<ExchangeInternals['simulator']> };
  let server: TestServer;
  const api = memberApi(() => server);
  const prices: Record<string, string> = {
    XRPUSDT: '0.5234',
    ADAUSDT: '0.4521',
    DOGEUSDT: '0.15234',
    LTCUSDT: '82.45',
    DOTUSDT: '6.543',
    LINKUSDT: '14.56',
  };

  async function trader(spotUsdt: string): Promise<Registered> {
    const who = await register(server);
    await grant(server.database.db, who.userId, 30, 'test');
    const key = exchange.simulator.control.createAccount({
      balances: { USDT: spotUsdt },
      futuresBalances: { USDT: '0' },
      ipRestrict: true,
    });
    await saveKeys({ config: server.config, db: server.database.db, exchange }, who.userId, key);
    return who;
  }

  const liveOn = async (userId: string) => {
    const db = server.database.db;
    const [b, c] = await Promise.all([
      db.select({ symbol: bots.symbol, status: bots.status }).from(bots).where(eq(bots.userId, userId)),
      db
        .select({ symbol: cycles.symbol, status: cycles.status, amount: cycles.amount })
        .from(cycles)
        .where(eq(cycles.userId, userId)),
    ]);
    return { bots: b.filter((r) => r.status === 'Live'), cycles: c.filter((r) => r.status === 'Live') };
  };

  const claimsOf = async (userId: string) =>
    server.database.db.select().from(runnableStarts).where(eq(runnableStarts.userId, userId));

  beforeAll(async () => {
    exchange = await testExchange();
    for (const [pair, price] of Object.entries(prices)) exchange.simulator.control.setPrice(pair, price);
    server = await createTestServer(target, {}, { exchange });
  });
  afterAll(async () => {
    await server?.close();
    await exchange?.close();
  });

  it.each(['XRPUSDT', 'ADAUSDT', 'DOGEUSDT', 'LTCUSDT'])(
    'a bot and a cycle started at once on %s: exactly one runs it',
    async (pair) => {
      const who = await trader('5000');
      const [bot, cycle] = await Promise.all([
        api.post(who, 'startbotdata', botOn(pair, 500)),
        api.post(who, 'startcycledata', cycleOn(pair, '100', prices[pair]!)),
      ]);
      expect([bot.statusCode, cycle.statusCode].sort()).toEqual([200, 400]);
      const refused = bot.statusCode === 400 ? bot.json() : cycle.json();
      expect(refused.reason).toMatch(/^(bot|cycle)\.pair_in_use$/);
      const live = await liveOn(who.userId);
      expect(live.bots.length + live.cycles.length).toBe(1);
      expect(await claimsOf(who.userId)).toEqual([]);
    },
  );

  it('two cycles started at once on one pair: exactly one runs it', async () => {
    const who = await trader('5000');
    const answers = await Promise.all(
      [1, 2, 3].map(() => api.post(who, 'startcycledata', cycleOn('DOTUSDT', '100', prices.DOTUSDT!))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    expect(answers.filter((a) => a.statusCode === 400).map((a) => a.json().message)).toEqual([
      SERVER.cyclePairInUseByCycle('DOTUSDT'),
      SERVER.cyclePairInUseByCycle('DOTUSDT'),
    ]);
    expect((await liveOn(who.userId)).cycles).toHaveLength(1);
  });

  it('a copy start and a cycle start at once on one pair: exactly one runs it', async () => {
    const owner = await trader('5000');
    const source = (await api.post(owner, 'startbotdata', botOn('LINKUSDT', 500))).json().botID as string;
    const copier = await trader('5000');
    const [copy, cycle] = await Promise.all([
      api.post(copier, 'startbotdata', botOn('LINKUSDT', 500, source)),
      api.post(copier, 'startcycledata', cycleOn('LINKUSDT', '100', prices.LINKUSDT!)),
    ]);
    expect([copy.statusCode, cycle.statusCode].sort()).toEqual([200, 400]);
    const live = await liveOn(copier.userId);
    expect(live.bots.length + live.cycles.length).toBe(1);
  });

  it('three cycles of 800 USDT started at once from 1,000 free: one is accepted, the others are told what is free', async () => {
    const who = await trader('1000');
    const answers = await Promise.all(
      ['XRPUSDT', 'ADAUSDT', 'DOGEUSDT'].map((pair) => api.post(who, 'startcycledata', cycleOn(pair, '800', prices[pair]!))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    // Each refusal names what was free beside the starts it saw: the accepted one's 800, and the
    // other refused one's 800 too while it was still under way.
    const told = [SERVER.insufficientForCycle('200.00', '800'), SERVER.insufficientForCycle('0.00', '800')];
    for (const refused of answers.filter((a) => a.statusCode === 400)) {
      expect(refused.json().reason).toBe('wallet.insufficient_funds');
      expect(told).toContain(refused.json().message);
    }
    const live = await liveOn(who.userId);
    expect(live.cycles.reduce((sum, c) => sum.plus(c.amount), new Decimal(0)).lte(1000)).toBe(true);
    expect(await claimsOf(who.userId)).toEqual([]);
  });

  it('bots and cycles started at once never commit more than is free', async () => {
    const who = await trader('1000');
    const answers = await Promise.all([
      api.post(who, 'startbotdata', botOn('XRPUSDT', 400)),
      api.post(who, 'startbotdata', botOn('ADAUSDT', 400)),
      api.post(who, 'startcycledata', cycleOn('DOGEUSDT', '400', prices.DOGEUSDT!)),
      api.post(who, 'startcycledata', cycleOn('LTCUSDT', '400', prices.LTCUSDT!)),
    ]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    const live = await liveOn(who.userId);
    expect(live.bots.length + live.cycles.length).toBe(2);
  });

  it('a start still under way holds the pair, and one whose process died holds it no longer', async () => {
    const who = await trader('5000');
    const db = server.database.db;
    const [claim] = await db
      .insert(runnableStarts)
      .values({ userId: who.userId, kind: 'bot', symbol: 'XRPUSDT', category: 'Spot', amount: '4800' })
      .returning({ id: runnableStarts.id });
    const held = await api.post(who, 'startcycledata', cycleOn('XRPUSDT', '100', prices.XRPUSDT!));
    expect(held.json()).toMatchObject({ reason: 'cycle.pair_in_use', message: SERVER.cyclePairInUseByBot('XRPUSDT') });
    // Its amount is counted out of free too, on another pair.
    const short = await api.post(who, 'startcycledata', cycleOn('ADAUSDT', '300', prices.ADAUSDT!));
    expect(short.json()).toMatchObject({
      reason: 'wallet.insufficient_funds',
      message: SERVER.insufficientForCycle('200.00', '300'),
    });
    await db
      .update(runnableStarts)
      .set({ startedAt: new Date(Date.now() - START_VOID_MS - 1000) })
      .where(eq(runnableStarts.id, claim!.id));
    expect((await api.post(who, 'startcycledata', cycleOn('XRPUSDT', '100', prices.XRPUSDT!))).statusCode).toBe(200);
    expect(await claimsOf(who.userId)).toEqual([]);
  });

  it('answers a cycle start of an amount past any balance at once, before any rule of the pair', async () => {
    const who = await trader('1000');
    const res = await api.post(who, 'startcycledata', {
      category: 'Spot',
      pair: 'BTCUSDT',
      amount: '99999999999999999999',
      priceReachAt: '90000',
      sellPriceAt: '95000',
      stopLossAt: '80000',
      cycleCount: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason: 'validation.above_ceiling', message: VALIDATION.amountAboveCeiling('Amount') });
    const bot = await api.post(who, 'startbotdata', botOn('BTCUSDT', 1e13));
    expect(bot.json()).toMatchObject({ reason: 'validation.above_ceiling' });
    // Health still answers: nothing is left spinning.
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it("checks the balance before the pair's order rules: an amount at the ceiling is refused for the money, not sized", async () => {
    const who = await trader('1000');
    const res = await api.post(who, 'startcycledata', cycleOn('DOGEUSDT', '1000000000000', prices.DOGEUSDT!));
    expect(res.json()).toMatchObject({
      reason: 'wallet.insufficient_funds',
      message: SERVER.insufficientForCycle('1000.00', '1000000000000'),
    });
  });
});
