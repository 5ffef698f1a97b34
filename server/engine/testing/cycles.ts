/**
 * Cycles on the engine harness: a live cycle row as the start writes it (the pair's rules from
 * the simulator, the state a new cycle starts from), an engine running the cycle codec, the
 * trades the engine booked and the cycle backtester's trades on the same ticks.
 */
import { asc, eq } from 'drizzle-orm';
import { cycleCommands, cycleOrders, cycles } from '../../db/schema';
import { enginePorts } from '../../engine-ports';
import { COMMAND_QUEUED_CHANNEL, notifyCommand } from '../../runnables/command-delivery';
import { cycleMarketOf, cycleParamsOf, newCycleState, type CycleCommandKind } from '../../runnables/cycle/index';
import { storedMarketRules } from '../../runnables/bot/index';
import { marketRules, runCycleBacktest, type Tick } from '../../../trading/index';
import { FUTURES_FEED_SUFFIX, type Engine, type EngineOptions } from '../engine';
import { backtestTrade, bookedTrade, SILENT, until, type EngineHarness, type Trade } from './harness';

export interface CycleSettings {
  symbol?: string;
  amount?: string;
  buyPrice: string;
  sellPrice: string;
  stopLoss: string;
  count: number;
  category?: 'Spot' | 'Future';
  leverage?: number;
}

/** The cycle of the engine's cycle tests: two rounds, each a buy resting at 95 and a sell at 105, a stop loss at 90. */
export const TWO_ROUNDS: CycleSettings = { buyPrice: '95', sellPrice: '105', stopLoss: '90', count: 2 };

/** A Live cycle of the harness's member (or of `userId`), as POST /api/startcycledata writes it, for the next claim. */
export async function insertCycle(h: EngineHarness, s: CycleSettings, userId = h.member.userId): Promise<string> {
  const symbol = s.symbol ?? 'SOLUSDT';
  const futures = s.category === 'Future';
  const market = (await h.exchange.gateway.markets(futures ? 'futures' : 'spot')).find((m) => m.symbol === symbol)!;
  const futuresRules = futures
    ? { leverage: s.leverage ?? 1, brackets: await h.exchange.gateway.member(h.memberKey).leverageBrackets(symbol) }
    : null;
  const rules = marketRules({
    stepSize: market.stepSize || undefined,
    tickSize: market.tickSize || undefined,
    minNotional: market.minNotional || undefined,
    feeRate: '0.001',
    futures: futuresRules,
  });
  const settings = {
    amount: s.amount ?? '1000',
    buyPrice: s.buyPrice,
    sellPrice: s.sellPrice,
    stopLoss: s.stopLoss,
    noOfCycle: s.count,
    marketRules: storedMarketRules(rules, futuresRules),
  };
  const [row] = await h.db
    .insert(cycles)
    .values({
      userId,
      status: 'Live',
      symbol,
      category: futures ? 'Future' : 'Spot',
      leverage: futures ? (s.leverage ?? 1) : null,
      ...settings,
      state: newCycleState(settings),
    })
    .returning({ id: cycles.id });
  return row!.id;
}

/** An engine of the harness running cycles (the harness's test timings). */
export function startCycleEngine(
  h: EngineHarness,
  options: Partial<EngineOptions> = {},
  id = `cycles-${h.engines.length + 1}`,
): Engine {
  const engine = h.startEngine({ ...enginePorts(h.deps, 'cycles'), log: SILENT, ...options }, id);
  return engine;
}

/**
 * A cycle (`settings`, on its pair at `price`) on a fresh cycle engine of the harness (`options`),
 * claimed and at rest (cycleQuiet): its first order out, resting on the exchange.
 */
export async function startedCycle(
  h: EngineHarness,
  settings: CycleSettings = TWO_ROUNDS,
  price = '100.00',
  options: Partial<EngineOptions> = {},
): Promise<{ engine: Engine; id: string }> {
  h.setPrice(settings.symbol ?? 'SOLUSDT', price);
  const id = await insertCycle(h, settings);
  const engine = startCycleEngine(h, options);
  await engine.claim();
  await quietCycle(h, engine, id);
  return { engine, id };
}

/**
 * Moves the price of the cycle's pair through `prices`, each time until `engine` acted on it (on
 * the pair's USD-M feed for a futures cycle) and on every fill it brought (cycleQuiet).
 */
export async function driveCycle(h: EngineHarness, engine: Engine, id: string, prices: readonly string[]): Promise<void> {
  const { symbol, category } = await cycleRow(h, id);
  const feed = category === 'Future' ? symbol + FUTURES_FEED_SUFFIX : symbol;
  for (const price of prices) {
    h.setPrice(symbol, price);
    await engine.metrics.waitFor(feed, price);
    await quietCycle(h, engine, id);
  }
}

export async function cycleRow(h: EngineHarness, id: string) {
  const [row] = await h.db.select().from(cycles).where(eq(cycles.id, id));
  return row!;
}

export const cycleOrderRows = (h: EngineHarness, id: string) =>
  h.db.select().from(cycleOrders).where(eq(cycleOrders.runnableId, id)).orderBy(asc(cycleOrders.seq));

/** The trades the engine booked (grid: the round, counted as the backtester numbers them). */
export async function cycleTrades(h: EngineHarness, id: string): Promise<Trade[]> {
  const rows = (await cycleOrderRows(h, id)).filter((r) => r.status === 'filled');
  let round = 1;
  return rows.map((r) => {
    const t = bookedTrade(r, r.kind === 'liquidation' ? 0 : round);
    if (r.side === 'sell' && r.orderType === 'limit') round += 1;
    return t;
  });
}

/** The cycle backtester's trades for the cycle's settings and rules on these ticks. */
export async function cycleBacktest(h: EngineHarness, id: string, prices: readonly string[]) {
  const row = await cycleRow(h, id);
  const ticks: Tick[] = prices.map((price, i) => ({ ts: i, price }));
  const result = runCycleBacktest(ticks, { params: cycleParamsOf(row), market: cycleMarketOf(row) });
  return {
    trades: result.trades.map(backtestTrade),
    cycle: result.cycle,
    /** The ticks (indexes into `prices`) on which it traded, in order. */
    tradingTicks: [...new Set(result.trades.map((t) => t.ts))],
  };
}

/** Queues a member command as the API does (the settings already written), and waits for its result. */
export async function commandCycle(h: EngineHarness, id: string, kind: CycleCommandKind): Promise<string | null> {
  const [command] = await h.db.insert(cycleCommands).values({ runnableId: id, kind }).returning();
  await notifyCommand(h.db, COMMAND_QUEUED_CHANNEL, command!.id);
  const end = Date.now() + 15_000;
  for (;;) {
    const [row] = await h.db.select().from(cycleCommands).where(eq(cycleCommands.id, command!.id));
    if (row!.appliedAt !== null) return row!.result;
    if (Date.now() > end) throw new Error(`command ${kind} was not applied`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What rests on the exchange for the member. */
export const openOnExchange = (h: EngineHarness) => h.exchange.simulator.control.getAccount(h.apiKey)!.openOrders;

/**
 * Whether the books and the exchange agree that the cycle is at rest: ended with nothing
 * unsettled and nothing resting, or live with its one order out open both in its books and on
 * the exchange (a fill the exchange made is booked and the next order placed). Read from the
 * database and the simulator only, so a test can ask it of an engine in another process.
 */
export async function cycleQuiet(h: EngineHarness, id: string): Promise<boolean> {
  const row = await cycleRow(h, id);
  const unsettled = (await cycleOrderRows(h, id)).filter((o) => ['intent', 'unknown', 'open', 'cancel'].includes(o.status));
  const open = openOnExchange(h).map((o) => o.clientOrderId);
  if (row.status !== 'Live') return unsettled.length === 0 && open.length === 0;
  const state = row.state as { order: { slot: number } | null };
  if (state.order === null) return false;
  return (
    unsettled.length === 1 &&
    unsettled[0]!.slot === state.order.slot &&
    unsettled[0]!.status === 'open' &&
    open.length === 1 &&
    open[0] === unsettled[0]!.clientOrderId
  );
}

/** The cycle, its orders and what rests on the exchange, for a failure's message. */
export async function cycleDump(h: EngineHarness, id: string): Promise<string> {
  const row = await cycleRow(h, id);
  const orders = (await cycleOrderRows(h, id)).map((o) => [
    o.seq,
    o.side,
    o.orderType,
    o.slot,
    o.status,
    o.decisionPrice,
    o.error,
  ]);
  return JSON.stringify({ status: row.status, state: row.state, orders, open: openOnExchange(h) });
}

/** Waits until `engine` (in this process) caught up with what the exchange did to the cycle (cycleQuiet). */
export async function quietCycle(h: EngineHarness, engine: Engine, id: string, timeoutMs = 15_000): Promise<void> {
  await until(async () => {
    await engine.idle();
    return cycleQuiet(h, id);
  }, timeoutMs).catch(async (error: unknown) => {
    throw new Error(`${String(error)}: ${await cycleDump(h, id)}`);
  });
}
