/**
 * The deep-path fuzz (issue 34, item 11): two members with keys, a subscription, USDT on the
 * exchange and in the ledger, trading random pairs of the listed markets with amounts across the
 * whole range, through seeded runs of starts, bursts of concurrent starts on one pair (bots,
 * cycles and copies mixed), edits, stops and stop & sells in random orders, every id-taking route
 * tried with the other member's ids, and random X-Forwarded-For chains through a trusted proxy.
 * Every request answers within the time limit and below 500 with a reason; after each action
 * no member has two runnables on one pair; after each run the ledger adds up, no start's claim is
 * left, no wallet is committed past its funds and every command queued was applied. The steps the
 * starts reached are printed per database. Seeded: FUZZ_SEED, FUZZ_DEEP_RUNS and
 * FUZZ_DEEP_ACTIONS override the defaults.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Decimal } from '../../common/money';
import { SERVER } from '../../common/messages';
import { DEFAULT_SYSTEM_STRATEGY } from '../../common/schemas/bot-form';
import { minimumBotAmount } from '../../common/schemas/bot-minimum';
import { strategyBody } from '../../common/testing/strategy-bodies';
import { bots } from '../db/schema';
import { Engine } from '../engine/engine';
import { EngineMetrics } from '../engine/metrics';
import { SILENT } from '../engine/testing/harness';
import { enginePorts, RUNNABLE_KIND_NAMES } from '../engine-ports';
import type { MemberGateway } from '../exchange/core/gateway';
import { testExchange } from '../exchange/testing/exchange';
import { saveKeys } from '../modules/keys/keys';
import { post } from '../modules/ledger/post';
import { grant } from '../modules/subscriptions/subscriptions';
import { databaseTargets } from '../testing/databases';
import { bearer, register } from '../testing/members';
import { createTestServer, type TestServer } from '../testing/server';
import { runOf } from './testing/fuzz/deep-actions';
import type { DeepMember, ListedPair, Markets } from './testing/fuzz/deep-bodies';
import { FuzzClient } from './testing/fuzz/deep-client';
import { DeepRun, type DeepWorld } from './testing/fuzz/deep-run';
import { exchangeReach } from './testing/fuzz/exchange-reach';
import { INJECT_PEER } from './testing/fuzz/forwarded';
import { commandsLeftAfter, invariantBreaches } from './testing/fuzz/invariants';
import { freeQuoteOf } from './testing/fuzz/quote-check';
import { Reach } from './testing/fuzz/reach';
import { withinTimeLimit } from './testing/fuzz/time-limit';

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
const RUNS = Number(process.env.FUZZ_DEEP_RUNS ?? 16);
const ACTIONS = Number(process.env.FUZZ_DEEP_ACTIONS ?? 32);
/** The 503s a server without a chain answers on purpose (fuzz.test.ts allows the same). */
const DELIBERATE_503 = new Set<string>([SERVER.depositsUnavailable, SERVER.withdrawalsUnavailable]);
/**
 * One member with a trader's funds, so the balance refuses some amounts, and one with more than
 * the ceiling, so amounts up to it get past the balance to the pair's order rules and the engine.
 */
const FUNDS = [
  { Spot: '20000', Future: '5000' },
  { Spot: '5000000000000', Future: '2000000000000' },
] as const;
/** How long the engines may take to apply the commands of a run's last stops (they take milliseconds). */
const COMMANDS_SETTLE_MS = 5_000;

const targets = await databaseTargets();

describe.each(targets)('the deep paths of bots and cycles on $name', (target) => {
  let exchange: Awaited<ReturnType<typeof testExchange>>;
  let server: TestServer;
  let engines: Engine[] = [];
  let world: DeepWorld;
  let run: DeepRun | undefined;
  const reach = new Reach();

  async function member(
    label: string,
    funds: { Spot: string; Future: string },
    referralId?: string,
  ): Promise<DeepMember & { gateway: MemberGateway; userCode: string }> {
    const who = await register(server, { username: label, ...(referralId ? { referralId } : {}) });
    const db = server.database.db;
    await grant(db, who.userId, 365, 'fuzz');
    const key = exchange.simulator.control.createAccount({
      balances: { USDT: funds.Spot },
      futuresBalances: { USDT: funds.Future },
    });
    await saveKeys({ config: server.config, db, exchange }, who.userId, key);
    // Ledger money for the billing calls to move (a plan bought, rewards swapped).
    await post(db, {
      key: randomUUID(),
      kind: 'adjustment',
      reason: 'fuzz',
      legs: [
        { userId: who.userId, asset: 'USDT', amount: '1000' },
        { userId: who.userId, asset: 'USDT_REWARD', amount: '500' },
      ],
    });
    const strategy = `fuzz-${label}`;
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/strategy',
      payload: strategyBody(strategy, 3),
      headers: bearer(who.token),
    });
    expect(created.statusCode, created.body).toBe(200);
    return {
      label,
      userId: who.userId,
      token: who.token,
      strategy,
      funds,
      gateway: exchange.gateway.member(key),
      userCode: who.userCode,
    };
  }

  const get = async <T>(url: string, token: string, method: 'GET' | 'POST' = 'GET', payload?: object): Promise<T> => {
    const res = await server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };

  /**
   * The listed pairs (GET /api/symbolpair) with their prices and order rules as the exchange has
   * them, read without the server's price feed, which the first test finds cold; and the least
   * amount a bot of any strategy the fuzz picks may start with (the server's minimum and the grid rule).
   */
  async function markets(members: readonly DeepMember[]): Promise<Markets> {
    const token = members[0]!.token;
    const { pairs } = await get<{ pairs: string[] }>('/api/symbolpair', token);
    const rules = await exchange.gateway.markets('spot');
    const listed: ListedPair[] = pairs.map((symbol) => {
      const rule = rules.find((m) => m.symbol === symbol)!;
      return {
        symbol,
        price: new Decimal(exchange.simulator.control.getPrice(symbol)),
        tickSize: rule.tickSize,
        stepSize: rule.stepSize,
        minNotional: rule.minNotional,
      };
    });
    const { minimumBotAmount: serverMinimum } = await get<{ minimumBotAmount: string }>('/api/minimum-bot-amount', token);
    const grids = await Promise.all(
      [...members.map((m) => [m.token, m.strategy]), [token, DEFAULT_SYSTEM_STRATEGY]].map(
        async ([who, name]) => (await get<{ noOfGrid: number }>('/api/noofgrid', who!, 'POST', { strategyName: name })).noOfGrid,
      ),
    );
    return { pairs: listed, botMinimum: Decimal.max(...grids.map((n) => minimumBotAmount(n, serverMinimum))) };
  }

  beforeAll(async () => {
    exchange = await testExchange();
    server = await createTestServer(
      target,
      { FUTURES_ENABLED: 'true', RATE_LIMIT_MAX: '1000000000', RATE_LIMIT_REFERRAL_MAX: '1000000000', TRUST_PROXY: INJECT_PEER },
      { exchange },
    );
    const a = await member('A', FUNDS[0]);
    const b = await member('B', FUNDS[1], a.userCode);
    const db = server.database.db;
    const detail = (who: DeepMember) => get<object>('/api/stratagybypara', who.token, 'POST', { strategy_name: who.strategy });
    const plans = await get<{ data: { plans: { id: string }[] } }>('/account/subscription/plans', a.token, 'POST', {});
    world = {
      db,
      client: new FuzzClient(server.app, reach, DELIBERATE_503),
      markets: await markets([a, b]),
      members: [a, b],
      strategyDetails: [await detail(a), await detail(b)],
      planIds: plans.data.plans.map((p) => p.id),
      freeQuote: freeQuoteOf(
        db,
        server.clock,
        new Map([
          [a.userId, a.gateway],
          [b.userId, b.gateway],
        ]),
      ),
    };
    // Both engines, as a server runs them: stops and edits wait for their verdict.
    const metrics = new EngineMetrics();
    const ports = { db, config: server.config, notifications: server.database.notifications };
    engines = RUNNABLE_KIND_NAMES.map((kind) => enginePorts(ports, kind)).map(
      (p) =>
        new Engine({ db, config: server.config, exchange, ...p, log: SILENT, metrics, claimEveryMs: 100, commandEveryMs: 20 }),
    );
    for (const engine of engines) engine.start();
  });
  afterAll(async () => {
    if (world) {
      console.info(
        `${reach.report(`fuzz reach, deep paths, on ${target.name} (FUZZ_SEED ${SEED}, FUZZ_DEEP_RUNS ${RUNS}, FUZZ_DEEP_ACTIONS ${ACTIONS})`)}\n` +
          `${await exchangeReach(
            world.db,
            world.members.map((m) => m.userId),
          )}\n  ${JSON.stringify(run?.stats ?? {})}`,
      );
    }
    await Promise.all(engines.map((engine) => engine.stop()));
    await server?.close();
    await exchange?.close();
  });

  const ask = (token: string, url: string, payload: object) =>
    withinTimeLimit(
      server.app.inject({ method: 'POST', url, payload, headers: bearer(token) }),
      () => `POST ${url} ${JSON.stringify(payload)}`,
    );
  const memberIds = () => world.members.map((m) => m.userId);

  /**
   * Found by this suite (reading every pair's price at once to set itself up): the price feed's
   * first reads share one poll of the exchange, and a pair asked for while that poll was out, of
   * pairs it did not name, was answered as if the exchange had no price for it.
   */
  it('answers the live price of every listed pair, and starts a bot with a stop loss on each, all asked at once on a cold price feed', async () => {
    const [a] = world.members;
    try {
      const answers = await Promise.all(
        world.markets.pairs.flatMap((pair) => [
          ask(a.token, '/api/liveprice', { pair: pair.symbol }).then(
            (r) => `${pair.symbol} live price ${r.statusCode} ${r.json().reason ?? ''}`,
          ),
          ask(a.token, '/api/startbotdata', {
            selectPair: pair.symbol,
            myStrategy: 'System Strategy',
            amount: world.markets.botMinimum.toFixed(),
            category: 'Spot',
            botType: 'Advanced Multigrid',
            stoplossPrice: pair.price.times('0.5').toFixed(),
          }).then((r) => `${pair.symbol} bot start ${r.statusCode} ${r.json().reason ?? ''}`),
        ]),
      );
      expect(answers).toEqual(
        world.markets.pairs.flatMap((pair) => [`${pair.symbol} live price 200 `, `${pair.symbol} bot start 200 `]),
      );
    } finally {
      await new DeepRun(world).windDown(false);
    }
  });

  /** Found by this suite: the API answers a Stop & Sell as done once its wait ends; the engine must then do it. */
  it('stops and sells a Future bot whose Stop & Sell it answered, on a pair whose price has not moved since the start', async () => {
    const [a] = world.members;
    const started = await ask(a.token, '/api/startbotdata', {
      selectPair: world.markets.pairs[0]!.symbol,
      myStrategy: 'System Strategy',
      amount: world.markets.botMinimum.toFixed(),
      category: 'Future',
      leverage: 1,
      botType: 'Advanced Multigrid',
    });
    expect(started.statusCode, started.body).toBe(200);
    const botID = started.json<{ botID: string }>().botID;
    try {
      expect((await ask(a.token, '/api/stopbotwithsell', { botID })).statusCode).toBe(200);
      expect(await commandsLeftAfter(world.db, memberIds(), COMMANDS_SETTLE_MS)).toEqual([]);
      const [row] = await world.db
        .select({ status: bots.status, stopReason: bots.stopReason })
        .from(bots)
        .where(eq(bots.id, botID));
      expect(row).toEqual({ status: 'Stopped', stopReason: 'stopAndSell' });
    } finally {
      // A plain stop needs no price: what the Stop & Sell left running ends here.
      await ask(a.token, '/api/stopbot', { botID });
    }
  });

  /**
   * Found by this suite (amounts up to the ceiling): at 10x a BTCUSDT position of 1e11 USDT needs
   * more maintenance margin (its bracket's rate) than the margin it has, so its liquidation price
   * is above its entry: the start accepts it, and the first price the engine hears liquidates it
   * (the member loses the whole margin). Binance caps the leverage of each notional bracket and
   * would refuse the order. Refused, or run without being liquidated at the price it opened at.
   */
  it('never opens a Future position its leverage cannot carry, liquidated above its entry on the next price', async () => {
    const [, b] = world.members;
    const pair = world.markets.pairs.find((p) => p.symbol === 'BTCUSDT') ?? world.markets.pairs[0]!;
    const started = await ask(b.token, '/api/startbotdata', {
      selectPair: pair.symbol,
      myStrategy: 'System Strategy',
      amount: '99999999999',
      category: 'Future',
      leverage: 10,
      botType: 'Advanced Multigrid',
    });
    if (started.statusCode !== 200) {
      expect(started.statusCode, started.body).toBe(400);
      return;
    }
    const botID = started.json<{ botID: string }>().botID;
    const stopReason = async () =>
      (await world.db.select({ reason: bots.stopReason }).from(bots).where(eq(bots.id, botID)))[0]!.reason;
    try {
      await vi.waitFor(
        async () => {
          const [held] = await world.db.select({ qty: bots.heldQty }).from(bots).where(eq(bots.id, botID));
          expect(Number(held!.qty)).toBeGreaterThan(0);
        },
        { timeout: COMMANDS_SETTLE_MS, interval: 50 },
      );
      // One step up and back: a price to decide on, the one it opened at.
      exchange.simulator.control.setPrice(pair.symbol, pair.price.plus(pair.tickSize).toFixed());
      exchange.simulator.control.setPrice(pair.symbol, pair.price.toFixed());
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await stopReason()).not.toBe('liquidation');
    } finally {
      exchange.simulator.control.setPrice(pair.symbol, pair.price.toFixed());
      await ask(b.token, '/api/stopbot', { botID });
    }
  });

  it('keeps every answer in time and below 500, one runnable per pair, the ledger, the funds and the commands, through seeded runs', async () => {
    run = new DeepRun(world);
    const runner = run;
    await fc.assert(
      fc.asyncProperty(runOf(ACTIONS), fc.boolean(), async (actions, sell) => {
        for (const action of actions) await runner.perform(action);
        const live = await invariantBreaches(world.db, world.members);
        await runner.windDown(sell);
        const after = [
          ...(await commandsLeftAfter(world.db, memberIds(), COMMANDS_SETTLE_MS)),
          ...(await invariantBreaches(world.db, world.members)),
        ];
        if (live.length + after.length > 0) throw new Error(`invariants broken:\n${[...live, ...after].join('\n')}`);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(reach.pastThePairCheck().past).toBeGreaterThan(0);
  }, 600_000);
});
