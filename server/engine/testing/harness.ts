/**
 * Test harness for the engine: a platform test server on PGlite or PostgreSQL, a simulator with
 * a fast price push, a member with a subscription and bound simulator keys, engines that can be
 * started, stopped and killed, and the backtester's trades for the same ticks.
 */
import { asc, eq, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { StartBotRequest } from '../../../common/api/bots';
import { Decimal } from '../../../common/money';
import { botOrders, bots, cycles } from '../../db/schema';
import { enginePorts } from '../../engine-ports';
import type { ExchangeInternals } from '../../exchange/exchange-factory';
import type { SimulatorOptions } from '../../../sim/index';
import { testExchange } from '../../exchange/testing/exchange';
import { startBot } from '../../modules/bots/start';
import { saveKeys } from '../../modules/keys/keys';
import { grant } from '../../modules/subscriptions/subscriptions';
import type { DatabaseTarget } from '../../testing/databases';
import { register, type Registered } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';
import { marketRules, runBacktest, type Tick } from '../../../trading/index';
import { Engine, FUTURES_FEED_SUFFIX, type EngineOptions } from '../engine';
import type { CrashPoint } from '../faults';
import { MemberSubscriptions } from '../member-subscriptions';
import { paramsOf, strategyOf, type StoredMarketRules } from '../../runnables/bot/index';

export interface BotStart {
  bot?: Partial<StartBotRequest>;
  engine?: Partial<EngineOptions>;
}

export type SimExchange = ExchangeInternals & { simulator: NonNullable<ExchangeInternals['simulator']> };

export const SILENT = process.env.ENGINE_TEST_LOG
  ? {
      info: (o: object, m: string) => console.log(m, o),
      warn: (o: object, m: string) => console.log(m, o),
      error: (o: object, m: string) => console.log(m, o),
    }
  : { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The 3-grid strategy of the core's tests: 40/30/30, arm 2 % down, rebound 1 %, take profit 1 % / 0.5 %. */
export const TEST_STRATEGY = {
  strategyName: 'Engine test',
  noOfGrids: 3,
  tableData: [
    { gridNo: 1, allottedAmountPercentagePerOrder: '40', takeProfitPercentage: '1', takeProfitPercentageDown: '0.5' },
    {
      gridNo: 2,
      allottedAmountPercentagePerOrder: '30',
      buyPercentage: '2',
      buyPercentageUp: '1',
      takeProfitPercentage: '1',
      takeProfitPercentageDown: '0.5',
    },
    {
      gridNo: 3,
      allottedAmountPercentagePerOrder: '30',
      buyPercentage: '2',
      buyPercentageUp: '1',
      takeProfitPercentage: '1',
      takeProfitPercentageDown: '0.5',
    },
  ],
};

/**
 * The bot's path of the engine tests on TEST_STRATEGY (1000 USDT from 145.00), as the backtester
 * trades it: grid 1 bought at the start (tick 0), then down through both trailing buys, grid 2
 * on the rebound after 141.90 (tick 4, 143.40) and grid 3 on the one after 139.00 (tick 7, 140.50).
 */
export const TRAILING_BUYS: readonly string[] = [
  '145.00',
  '143.00',
  '142.00',
  '141.90',
  '143.40',
  '140.00',
  '139.00',
  '140.50',
  '142.00',
];

/**
 * TRAILING_BUYS, then up through the take profits: the three grids sold at 146.20 (tick 12),
 * grid 1 bought again at 145.00 (tick 13) and sold again at 148.10 (tick 16).
 */
export const TRAILING_BUYS_THEN_TAKE_PROFITS: readonly string[] = [
  ...TRAILING_BUYS,
  '144.00',
  '146.50',
  '147.00',
  '146.20',
  '145.00',
  '148.00',
  '149.00',
  '148.10',
];

export interface Trade {
  side: string;
  grid: number;
  price: string;
  qty: string;
  fee: string;
  pnl: string;
}

/** As the database keeps money (numeric(38,18)): a futures pnl divides by the leverage and runs longer. */
const norm = (v: string | null) => (v === null ? 'null' : new Decimal(v).toDecimalPlaces(18, Decimal.ROUND_HALF_UP).toFixed());

/** A filled order of a runnable's books as a Trade, at `grid` (how the runnable's kind numbers it). */
export function bookedTrade(
  order: { side: string; fillPrice: string | null; filledQty: string | null; fee: string | null; pnl: string | null },
  grid: number,
): Trade {
  return {
    side: order.side,
    grid,
    price: norm(order.fillPrice),
    qty: norm(order.filledQty),
    fee: norm(order.fee),
    pnl: norm(order.pnl),
  };
}

/** A backtester's trade (a bot's or a cycle's) as a Trade, its money as the database would keep it. */
export function backtestTrade(t: { side: string; grid: number; price: string; qty: string; fee: string; pnl: string }): Trade {
  return { side: t.side, grid: t.grid, price: norm(t.price), qty: norm(t.qty), fee: norm(t.fee), pnl: norm(t.pnl) };
}

/** The member's USD-M wallet at the start (USDT). */
export const FUTURES_WALLET = 100_000;

export class EngineHarness {
  server!: TestServer;
  exchange!: SimExchange;
  member!: Registered;
  apiKey!: string;
  /** The member's simulator key, for trading by hand beside the bots. */
  memberKey!: { apiKey: string; secretKey: string };
  readonly engines: Engine[] = [];
  /** The tables of the runnables its engines ran (endTest ends what a test left running in them). */
  private readonly runnableTables = new Set<PgTable>([bots, cycles]);

  static async create(target: DatabaseTarget, sim: SimulatorOptions = {}): Promise<EngineHarness> {
    const h = new EngineHarness();
    h.exchange = await testExchange({ arrayFlushMs: 20, ...sim });
    h.server = await createTestServer(target, {}, { exchange: h.exchange });
    const first = await h.addMember();
    h.member = first;
    h.apiKey = first.key.apiKey;
    h.memberKey = first.key;
    return h;
  }

  /**
   * A member with a subscription, simulator keys of an account of its own (100,000 USDT, spot and
   * USD-M) and the test strategy: the harness's member, and any other a test trades beside it.
   */
  async addMember(): Promise<Registered & { key: { apiKey: string; secretKey: string } }> {
    const member = await register(this.server);
    await grant(this.db, member.userId, 30, 'test');
    const key = this.exchange.simulator.control.createAccount({
      balances: { USDT: '100000' },
      futuresBalances: { USDT: String(FUTURES_WALLET) },
      ipRestrict: true,
    });
    await saveKeys(this.deps, member.userId, key);
    const res = await this.server.app.inject({
      method: 'POST',
      url: '/api/strategy',
      payload: TEST_STRATEGY,
      headers: { authorization: `Bearer ${member.token}` },
    });
    if (res.statusCode !== 200) throw new Error(`strategy: ${res.body}`);
    return { ...member, key };
  }

  /** Future bots are offered here (FUTURES_ENABLED=true). */
  /**
   * A harness with one bot started at `price` on `symbol` and claimed by a fresh engine, its
   * first tick settled (the feed of a Future bot is the symbol's USD-M one).
   */
  static async withBot(target: DatabaseTarget, symbol: string, price: string, options: BotStart = {}) {
    return (await EngineHarness.create(target)).withBot(symbol, price, options);
  }

  /** As the static withBot, on this harness and its member. */
  async withBot(symbol: string, price: string, options: BotStart = {}) {
    this.setPrice(symbol, price);
    const engine = this.startEngine(options.engine);
    const botId = await this.startBot({ selectPair: symbol, ...options.bot });
    await engine.claim();
    await engine.metrics.waitFor(options.bot?.category === 'Future' ? symbol + FUTURES_FEED_SUFFIX : symbol, price);
    return { h: this as EngineHarness, engine, botId };
  }

  /** The harness's member becomes a new one (a test of a shared harness starts with its own). */
  async renewMember(): Promise<void> {
    const member = await this.addMember();
    this.member = member;
    this.apiKey = member.key.apiKey;
    this.memberKey = member.key;
  }

  /**
   * Ends a test of a shared harness: its engines stop (releasing their leases), the simulator's
   * faults clear, and the runnables it left running end, so that no engine of a later test claims
   * them (a killed engine's leases, held until they expire, are cleared with them).
   */
  async endTest(): Promise<void> {
    for (const e of this.engines.splice(0)) await e.stop().catch(() => undefined);
    this.exchange.simulator.control.clearFaults();
    for (const table of this.runnableTables) {
      await this.db
        .execute(sql`UPDATE ${sql.identifier(getTableName(table))} SET status = 'Stopped', lease_owner = NULL, lease_expires_at = NULL
        WHERE status IN ('Live', 'Pause')`);
    }
  }

  get deps() {
    return {
      config: { ...this.server.config, futuresEnabled: true },
      db: this.server.database.db,
      exchange: this.exchange,
      clock: this.server.clock,
      notifications: this.server.database.notifications,
    };
  }

  get db() {
    return this.server.database.db;
  }

  startEngine(options: Partial<EngineOptions> = {}, id = `engine-${this.engines.length + 1}`): Engine {
    const engineOptions: EngineOptions = {
      db: this.db,
      config: { ...this.server.config, engineId: id },
      exchange: this.exchange,
      ...enginePorts(this.deps),
      log: SILENT,
      leaseMs: 1_500,
      claimEveryMs: 100,
      commandEveryMs: 50,
      unknownRetryMs: 300,
      cooldownMs: 1_000,
      ...options,
    };
    this.runnableTables.add(engineOptions.runnable.tables.runnables);
    const engine = new Engine(engineOptions);
    engine.start();
    this.engines.push(engine);
    return engine;
  }

  setPrice(symbol: string, price: string): void {
    this.exchange.simulator.control.setPrice(symbol, price);
  }

  async startBot(request: Partial<StartBotRequest> = {}, userId = this.member.userId): Promise<string> {
    const { botID } = await startBot(this.deps, userId, {
      selectPair: 'SOLUSDT',
      myStrategy: TEST_STRATEGY.strategyName,
      amount: 1000,
      category: 'Spot',
      botType: 'Advanced Multigrid',
      ...request,
    });
    return botID;
  }

  /** An engine that dies as under kill -9 at the first crash point `crashes` picks. */
  startVictim(crashes: (at: CrashPoint) => boolean): { victim: Engine; killed: () => boolean } {
    let killed = false;
    const victim = this.startEngine(
      {
        faults: {
          crashAt: (at) => {
            if (killed || !crashes(at)) return false;
            killed = true;
            victim.kill();
            return true;
          },
        },
      },
      'victim',
    );
    return { victim, killed: () => killed };
  }

  /**
   * Moves the price through `prices` on `victim`, which a fault kills on the way (`killed` says
   * when): a successor then takes over once the dead one's lease expired and settles that price.
   * Returns the engine running at the end.
   */
  async driveThroughKill(victim: Engine, feed: string, symbol: string, prices: string[], killed: () => boolean): Promise<Engine> {
    let engine = victim;
    for (const price of prices) {
      this.setPrice(symbol, price);
      await Promise.race([engine.metrics.waitFor(feed, price, 30_000), until(() => killed() && engine === victim)]);
      if (killed() && engine === victim) {
        engine = this.startEngine({}, 'successor');
        await engine.metrics.waitFor(feed, price, 30_000);
      }
    }
    return engine;
  }

  /** Moves the price through `prices`, each time waiting until `engine` settled it. */
  async drive(engine: Engine, symbol: string, prices: readonly string[]): Promise<void> {
    for (const price of prices) {
      this.setPrice(symbol, price);
      await engine.metrics.waitFor(symbol, price);
    }
  }

  async trades(botId: string): Promise<Trade[]> {
    const rows = await this.db.select().from(botOrders).where(eq(botOrders.runnableId, botId)).orderBy(asc(botOrders.seq));
    return rows.filter((r) => r.status === 'filled').map((r) => bookedTrade(r, r.slot));
  }

  /** The backtester's trades for the bot's strategy, settings and rules on these ticks. */
  async backtest(botId: string, prices: readonly string[]): Promise<Trade[]> {
    const [row] = await this.db.select().from(bots).where(eq(bots.id, botId));
    const ticks: Tick[] = prices.map((price, i) => ({ ts: i, price }));
    const result = runBacktest(ticks, {
      strategy: strategyOf(row!),
      params: paramsOf(row!),
      market: marketRules(row!.marketRules as StoredMarketRules),
    });
    return result.trades.map(backtestTrade);
  }

  /** What the exchange says the member (or the one of `apiKey`) holds of `asset` (free + locked). */
  exchangeHolding(asset: string, apiKey = this.apiKey): string {
    const b = this.exchange.simulator.control.getAccount(apiKey)!.balances[asset];
    return b ? new Decimal(b.free).plus(b.locked).toFixed() : '0';
  }

  /** The trades the exchange made for the member (or the one of `apiKey`). */
  exchangeOrders(apiKey = this.apiKey): number {
    return this.exchange.simulator.control.getAccount(apiKey)!.trades.length;
  }

  /** The member's USD-M wallet and position in `symbol` as the exchange keeps them. */
  futures(symbol: string) {
    const f = this.exchange.simulator.control.getAccount(this.apiKey)!.futures;
    return { walletBalance: f.walletBalance, position: f.positions.find((p) => p.symbol === symbol) ?? null };
  }

  async bot(botId: string) {
    const [row] = await this.db.select().from(bots).where(eq(bots.id, botId));
    return row!;
  }

  async close(): Promise<void> {
    for (const e of this.engines) await e.stop().catch(() => undefined);
    await this.server?.close();
    await this.exchange?.close();
  }
}

/**
 * The user-data events the engines hear for the harness's member (spot: the executionReports
 * order-events.ts reads; futures: the ACCOUNT_UPDATEs position-events.ts reads), each listed
 * once the engines have handled it: it joins their shared subscription (member-subscriptions.ts)
 * after them, so call it once an engine runs one of the member's runnables. What an engine does
 * with an event that changes nothing (a partial fill) can then be checked. `close()` leaves it.
 */
export function heardEvents(
  h: EngineHarness,
  market: 'spot' | 'futures' = 'spot',
): { events: Record<string, unknown>[]; close(): void } {
  const events: Record<string, unknown>[] = [];
  const listener = () => ({
    onEvent: (event: Record<string, unknown>) => void events.push(event),
    onUp: () => undefined,
    onDown: () => undefined,
  });
  if (market === 'spot') {
    const spot = new MemberSubscriptions(h.exchange.spotStreams, 'engine', listener);
    spot.watch(h.member.userId, h.memberKey);
    return { events, close: () => spot.close() };
  }
  const futures = new MemberSubscriptions(h.exchange.futuresStreams, 'engine-positions', listener);
  futures.watch(h.member.userId, { gateway: h.exchange.gateway.member(h.memberKey) });
  return { events, close: () => futures.close() };
}

/** A seeded walk in cents, never repeating a price twice in a row (ticks are price changes). */
export function seededPath(seed: number, length: number, start = 14_500, step = 250): string[] {
  let x = seed >>> 0;
  let cents = start;
  const out: string[] = [];
  while (out.length < length) {
    x = (Math.imul(x, 1_664_525) + 1_013_904_223) >>> 0;
    const move = Math.round(((x / 2 ** 32) * 2 - 1) * step);
    if (move === 0) continue;
    cents = Math.max(2_000, cents + move);
    out.push((cents / 100).toFixed(2));
  }
  return out;
}

/** Polls `check` until it holds (a state with no event to wait on: a lease, a dead process). */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
