/**
 * A takeover is a restart, for real, with two engines at work: engine processes on one
 * PostgreSQL (testing/engine-process.ts), each running bots and cycles as the `engine` role does.
 * Engine A holds one member's five bots and two cycles; engine B runs beside it with another
 * member's bot and cycle on two of the same pairs, so it already follows their prices. A is
 * SIGKILLed right after the tick on which the ADAUSDT bot's grid 1 sold (and the DOTUSDT cycle's
 * resting buy filled); B takes everything over at the unchanged prices. Later B is SIGKILLed
 * right after that grid sold again, and a fresh engine C takes everything over: a restart.
 * Neither buys grid 1 back at the price it just sold at: that price was decided, and a price
 * that has not changed is no new tick, so the buy comes with the next price, as it does for an
 * engine that was never killed and in the backtester. At the end every bot and cycle made
 * exactly the backtester's trades, and each member's account on the exchange holds one order per
 * booked order (filled, or resting for a cycle) and what the books hold.
 *
 * PostgreSQL only (PGlite cannot be shared between processes); ENGINE_TEST_LOG=1 shows the
 * engines' logs.
 */
import { inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { Decimal } from '../../common/money';
import { botOrders, bots, cycleOrders, cycles } from '../db/schema';
import { cycleBacktest, cycleRow, cycleTrades, insertCycle, type CycleSettings } from './testing/cycles';
import { EngineProcess, postgresTargets } from './testing/engine-process-client';
import { until, type EngineHarness } from './testing/harness';
import { endKillRun, startKillRun, type KillRun } from './testing/kill-run';

const targets = await postgresTargets('engine.scale-out-kill9.test.ts');

/** The tick after which A dies and B, running already, takes over; the one after which B dies and a fresh C does. */
const ADOPTED_AT = 2;
const RESTARTED_AT = 5;

/**
 * One tick of every pair per step. ADAUSDT: grid 1 bought, armed, sold at 0.4555 (tick 2), bought
 * again on the next price, armed, sold at 0.4620 (tick 5), bought on the next. The others buy
 * the next grids, take profits, and the cycles fill resting buys and sells (DOTUSDT's buy at tick
 * 2, its sell at 5; LTCUSDT buys marketable at the start and completes its second round at 7).
 */
const PATHS = {
  ADAUSDT: ['0.4521', '0.4580', '0.4555', '0.4597', '0.4650', '0.4620', '0.4660', '0.4700', '0.4640'],
  SOLUSDT: ['145.00', '143.00', '142.00', '141.90', '143.40', '146.60', '145.80', '147.00', '146.00'],
  XRPUSDT: ['0.5234', '0.5300', '0.5200', '0.5100', '0.4990', '0.5050', '0.5000', '0.5160', '0.5120'],
  BNBUSDT: ['585.30', '590.00', '600.00', '596.00', '580.00', '575.00', '568.00', '574.00', '570.00'],
  LINKUSDT: ['14.56', '14.40', '14.20', '14.30', '14.50', '14.70', '14.80', '14.72', '14.90'],
  DOTUSDT: ['6.543', '6.520', '6.490', '6.560', '6.600', '6.700', '6.480', '6.680', '6.600'],
  LTCUSDT: ['82.45', '82.90', '83.60', '84.20', '83.10', '82.70', '82.00', '84.50', '83.00'],
} as const;
type Pair = keyof typeof PATHS;
const PAIRS = Object.keys(PATHS) as Pair[];
const STEPS = PATHS.ADAUSDT.length;
const priceAt = (pair: Pair, step: number): string => PATHS[pair][step]!;

const BOT_PAIRS: Pair[] = ['ADAUSDT', 'SOLUSDT', 'XRPUSDT', 'BNBUSDT', 'LINKUSDT'];
const CYCLE_SETTINGS: Partial<Record<Pair, CycleSettings>> = {
  DOTUSDT: { buyPrice: '6.500', sellPrice: '6.650', stopLoss: '6.300', count: 3 },
  LTCUSDT: { buyPrice: '83.00', sellPrice: '84.00', stopLoss: '80.00', count: 2 },
};
/** B's own: the other member's bot and cycle, on pairs of A's. */
const FOLLOWED: Pair[] = ['ADAUSDT', 'DOTUSDT'];

interface Held {
  kind: 'bot' | 'cycle';
  id: string;
  symbol: Pair;
  /** The member's simulator account. */
  apiKey: string;
}

/** Hands runnables to the engine `owner` before it runs, as its claim would: its first heartbeat takes them on. */
async function leaseTo(h: EngineHarness, owner: string, held: Held[]): Promise<void> {
  const lease = { leaseOwner: owner, leaseExpiresAt: sql`now() + interval '1 minute'` };
  await h.db
    .update(bots)
    .set(lease)
    .where(
      inArray(
        bots.id,
        held.filter((r) => r.kind === 'bot').map((r) => r.id),
      ),
    );
  await h.db
    .update(cycles)
    .set(lease)
    .where(
      inArray(
        cycles.id,
        held.filter((r) => r.kind === 'cycle').map((r) => r.id),
      ),
    );
}

/** The owners of every running bot and cycle. */
async function owners(h: EngineHarness): Promise<(string | null)[]> {
  const rows = [...(await h.db.select().from(bots)), ...(await h.db.select().from(cycles))];
  return rows.filter((r) => r.status === 'Live').map((r) => r.leaseOwner);
}

/** Waits until `engine` holds every running bot and cycle and runs them: taken on at the prices of now. */
async function takenOverBy(h: EngineHarness, engine: EngineProcess): Promise<void> {
  await until(async () => {
    const held = await owners(h);
    return held.every((o) => o === engine.id) && (await engine.settled()).runnables === held.length;
  }, 20_000);
}

/** Sets tick `step` of every pair and waits until each engine settled it on the pairs it runs. */
async function tick(h: EngineHarness, step: number, engines: [EngineProcess, readonly Pair[]][]): Promise<void> {
  for (const pair of PAIRS) h.setPrice(pair, priceAt(pair, step));
  for (const [engine, pairs] of engines) {
    for (const symbol of pairs) await engine.waitSettled(priceAt(symbol, step), { symbol, timeoutMs: 20_000 });
  }
}

/** Orders not settled yet: every bot order filled, every cycle order filled or resting. */
async function unsettled(h: EngineHarness): Promise<number> {
  const rows = [...(await h.db.select().from(botOrders)), ...(await h.db.select().from(cycleOrders))];
  return rows.filter((r) => r.status !== 'filled' && r.status !== 'open').length;
}

const EXCHANGE_STATUS: Record<string, string> = { filled: 'FILLED', open: 'NEW' };

describe.each(targets)("a running engine taking a dead engine's bots and cycles over, on $name", (target) => {
  let run: KillRun | undefined;

  afterEach(async () => {
    await endKillRun(run);
    run = undefined;
  });

  it(
    "decides on the unchanged price as a restart does: grid 1 sold on the last tick is bought on the next price, the backtester's trades",
    { timeout: 90_000 },
    async () => {
      run = await startKillRun(target);
      const h = run.harness;
      for (const pair of PAIRS) h.setPrice(pair, PATHS[pair][0]);
      const other = await h.addMember();
      const mine: Held[] = [];
      for (const symbol of BOT_PAIRS)
        mine.push({ kind: 'bot', id: await h.startBot({ selectPair: symbol }), symbol, apiKey: h.apiKey });
      for (const [symbol, settings] of Object.entries(CYCLE_SETTINGS) as [Pair, CycleSettings][]) {
        mine.push({ kind: 'cycle', id: await insertCycle(h, { symbol, ...settings }), symbol, apiKey: h.apiKey });
      }
      const theirs: Held[] = [
        {
          kind: 'bot',
          id: await h.startBot({ selectPair: 'ADAUSDT' }, other.userId),
          symbol: 'ADAUSDT',
          apiKey: other.key.apiKey,
        },
        {
          kind: 'cycle',
          id: await insertCycle(h, { symbol: 'DOTUSDT', ...CYCLE_SETTINGS.DOTUSDT! }, other.userId),
          symbol: 'DOTUSDT',
          apiKey: other.key.apiKey,
        },
      ];
      await leaseTo(h, 'A', mine);
      await leaseTo(h, 'B', theirs);
      const [a, b] = await Promise.all(
        ['A', 'B'].map((id) => EngineProcess.spawn(id, run!.engineEnv(id, 'bots,cycles'), 'ADAUSDT')),
      );
      for (let step = 0; step <= ADOPTED_AT; step++)
        await tick(h, step, [
          [a!, PAIRS],
          [b!, FOLLOWED],
        ]);

      // A dies with every price decided; B, which follows ADAUSDT and DOTUSDT already, takes all of it on at these prices.
      a!.kill();
      await a!.exited;
      await takenOverBy(h, b!);
      for (let step = ADOPTED_AT + 1; step <= RESTARTED_AT; step++) await tick(h, step, [[b!, PAIRS]]);

      // Then B dies the same way, and a fresh engine takes everything on: a restart.
      b!.kill();
      const c = await EngineProcess.spawn('C', run.engineEnv('C', 'bots,cycles'), 'ADAUSDT');
      await b!.exited;
      await takenOverBy(h, c);
      for (let step = RESTARTED_AT + 1; step < STEPS; step++) await tick(h, step, [[c, PAIRS]]);
      await until(async () => (await unsettled(h)) === 0, 10_000);

      // The case it is about: ADAUSDT's grid 1 sold on each tick before a kill, and bought on the
      // tick after; the DOTUSDT cycle's resting orders filled on both.
      const mineOn = (symbol: Pair) => mine.find((r) => r.symbol === symbol)!.id;
      const adaTicks = [0, ADOPTED_AT, ADOPTED_AT + 1, RESTARTED_AT, RESTARTED_AT + 1];
      expect((await h.backtest(mineOn('ADAUSDT'), [...PATHS.ADAUSDT])).map((t) => [t.side, t.grid, t.price])).toEqual(
        adaTicks.map((at, n) => [n % 2 === 0 ? 'buy' : 'sell', 1, new Decimal(priceAt('ADAUSDT', at)).toFixed()]),
      );
      expect((await cycleBacktest(h, mineOn('DOTUSDT'), [...PATHS.DOTUSDT])).tradingTicks).toEqual(
        expect.arrayContaining([ADOPTED_AT, RESTARTED_AT]),
      );

      for (const r of [...mine, ...theirs]) {
        const path = [...PATHS[r.symbol]];
        if (r.kind === 'bot') {
          expect(await h.trades(r.id), `${r.symbol} bot`).toEqual(await h.backtest(r.id, path));
          continue;
        }
        const expected = await cycleBacktest(h, r.id, path);
        expect(await cycleTrades(h, r.id), `${r.symbol} cycle`).toEqual(expected.trades);
        expect((await cycleRow(h, r.id)).cyclesCompleted, `${r.symbol} cycle`).toBe(expected.cycle.completed);
      }
      for (const member of [h.apiKey, other.key.apiKey])
        await expectExchangeAsBooked(
          h,
          [...mine, ...theirs].filter((r) => r.apiKey === member),
          member,
        );
    },
  );
});

/** The member's account holds one order per booked one (none sent twice, none lost), ended as booked, and what the books hold. */
async function expectExchangeAsBooked(h: EngineHarness, held: Held[], apiKey: string): Promise<void> {
  const ids = (kind: Held['kind']) => held.filter((r) => r.kind === kind).map((r) => r.id);
  const rows = [
    ...(await h.db
      .select()
      .from(botOrders)
      .where(inArray(botOrders.runnableId, ids('bot')))),
    ...(await h.db
      .select()
      .from(cycleOrders)
      .where(inArray(cycleOrders.runnableId, ids('cycle')))),
  ];
  const account = h.exchange.simulator.core.accounts.get(apiKey)!;
  const onExchange = [...account.orders.values()].filter((o) => o.market === 'spot').map((o) => [o.clientOrderId, o.status]);
  expect(onExchange.sort()).toEqual(rows.map((r) => [r.clientOrderId, EXCHANGE_STATUS[r.status] ?? r.status]).sort());
  expect(h.exchangeOrders(apiKey)).toBe(rows.filter((r) => r.status === 'filled').length);
  for (const r of held) {
    const books = r.kind === 'bot' ? (await h.bot(r.id)).heldQty : (await cycleRow(h, r.id)).heldQty;
    expect(h.exchangeHolding(r.symbol.slice(0, -'USDT'.length), apiKey), `${r.symbol} ${r.kind}`).toBe(
      new Decimal(books).toFixed(),
    );
  }
}
