/**
 * bench:cycles - BENCH_CYCLES (10,000) live cycles over the 22 ticker pairs in ONE cycle engine
 * on PostgreSQL, the simulator in its own process, one price change a second per pair (a seeded
 * walk of up to +-BENCH_MOVE_PCT % a step, through the simulator's setPrice). Cycles are inserted
 * as the start writes them, half with a buy price above the price (marketable: bought at once
 * when the engine takes them on, their sell then rests) and half below it (their buy rests), so
 * ticks meet both a resting buy (nothing to do: the exchange fills it) and a holding cycle (the
 * stop loss compared). A share of them (BENCH_NEAR_SHARE) trade within half a per cent of the
 * price, so their orders fill in the window and the next ones are placed (counted); the others
 * rest a few per cent away, as most members' cycles do.
 *
 * Measured in the steady window after a warm-up: tick-to-decision (the engine's decision
 * histogram: every cycle of one pair decided on a tick), engine CPU (process.cpuUsage, in cores),
 * heap per cycle (after gc, between one cycle per member and all of them), REST weight per cycle
 * per minute (the WeightGovernor), apart: the orders the cycles trade (weight 1 each: one per
 * fill) and everything else, the polling the target is about (resting orders are never polled,
 * their fills come from the user-data stream). Prints one JSON document; never fails on a timing.
 *
 * Env: BENCH_CYCLES (10000), BENCH_MEMBERS (100, raised to one member per 22 cycles: one live cycle per member and pair), BENCH_WARMUP_S (10), BENCH_STEADY_S (60),
 * BENCH_MOVE_PCT (0.05), BENCH_SIM_FLUSH_MS (1000), BENCH_NEAR_SHARE (0.1).
 */
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { constants as perf, PerformanceObserver } from 'node:perf_hooks';
import type { Engine } from '../server/engine/engine';
import { EngineMetrics } from '../server/engine/metrics';
import { newCycleState } from '../server/runnables/cycle/index';
import { TICKER_SYMBOLS } from '../server/exchange/exchange-factory';
import { seededRandom } from '../sim/rng';
import { insertJson, processCpuSeconds } from './support/bench-db';
import { adoption, engineBench, memory, progressOf, round, stats, steadyWindow, tapDecisions } from './support/engine-bench';
import { fundedBalances, rulesOf, SPECS, toTick } from './support/market';

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const CYCLES = num('BENCH_CYCLES', 10_000);
// One live cycle per member and pair (cycles_live_pair_idx): at least CYCLES / pairs members.
const MEMBERS = Math.min(Math.max(num('BENCH_MEMBERS', 100), Math.ceil(CYCLES / TICKER_SYMBOLS.length)), CYCLES);
const WARMUP_S = num('BENCH_WARMUP_S', 10);
const STEADY_S = num('BENCH_STEADY_S', 60);
const MOVE_PCT = num('BENCH_MOVE_PCT', 0.05);
const NEAR_SHARE = num('BENCH_NEAR_SHARE', 0.1);
const FLUSH_MS = num('BENCH_SIM_FLUSH_MS', 1000);
const AMOUNT = 100;
const TARGETS = { tickToDecisionP99Ms: 5, engineCpuCores: 0.5, bytesPerCycle: 10 * 1024, weightPerCyclePerMinute: 0.1 };

const now = () => performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const progress = progressOf('bench:cycles');

/** Cycles as the start writes them: every other one bought at once (its buy above the price), the others resting under it. */
function cycleRows(userIds: string[], rnd: () => number): Record<string, unknown>[] {
  return Array.from({ length: CYCLES }, (_, i) => {
    const symbol = TICKER_SYMBOLS[i % TICKER_SYMBOLS.length]!;
    const spec = SPECS.get(symbol)!;
    const price = Number(spec.price);
    const rules = rulesOf(spec);
    const bought = i % 2 === 0;
    // Near the price (a walk of 0.05 % a second moves about 0.25 % in a minute), resting buys and
    // sells fill in the window and the next orders are placed; the others rest a few per cent away.
    const near = rnd() < NEAR_SHARE;
    const buyPrice = toTick(
      price *
        (near ? (bought ? 1.001 + rnd() * 0.002 : 0.999 - rnd() * 0.004) : bought ? 1.01 + rnd() * 0.01 : 0.96 - rnd() * 0.02),
      spec.tickSize,
    );
    const sellPrice = toTick(Number(buyPrice) * (near ? 1.001 + rnd() * 0.004 : 1.04 + rnd() * 0.02), spec.tickSize);
    const stopLoss = toTick(Number(buyPrice) * (0.9 - rnd() * 0.02), spec.tickSize);
    const settings = { amount: String(AMOUNT), buyPrice, sellPrice, stopLoss, noOfCycle: 5, marketRules: rules };
    return {
      id: randomUUID(),
      user_id: userIds[Math.floor(i / TICKER_SYMBOLS.length) % userIds.length],
      status: 'Live',
      symbol,
      category: 'Spot',
      amount: settings.amount,
      buy_price: buyPrice,
      sell_price: sellPrice,
      stop_loss: stopLoss,
      no_of_cycle: 5,
      market_rules: rules,
      state: newCycleState(settings),
      order_seq: 0,
    };
  });
}

const bench = await engineBench(FLUSH_MS);
const { sim, db, exchange, logged: log } = bench;
let engine: Engine | null = null;
try {
  const balances = fundedBalances(TICKER_SYMBOLS, '0');
  const { rows, seedSeconds } = await bench.seed('cycles', MEMBERS, balances, (userIds) => cycleRows(userIds, seededRandom(7)));

  let measuring = false;
  const decisions: number[] = [];
  /** When each decision ended (performance.now()), to tell which ones a garbage collection ran in. */
  const decisionEnds: number[] = [];
  const metrics = new EngineMetrics();
  tapDecisions(metrics, (ms) => {
    if (measuring) {
      decisions.push(ms);
      decisionEnds.push(now());
    }
  });
  const gcs: { minor: boolean; start: number; ms: number }[] = [];
  const gcObserver = new PerformanceObserver((list) => {
    if (!measuring) return;
    for (const e of list.getEntries())
      gcs.push({
        minor: (e as unknown as { detail?: { kind?: number } }).detail?.kind === perf.NODE_PERFORMANCE_GC_MINOR,
        start: e.startTime,
        ms: e.duration,
      });
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  const byWeight = bench.requestsByWeight(() => measuring);

  engine = bench.engine(metrics, 'cycles');
  const memory0 = memory();
  const adopted = (size: number) => progress(`${size} cycles adopted; waiting for their first orders`);
  const adoptFirstSeconds = await adoption(engine, MEMBERS, (e) => e.start(), adopted);
  const memoryA = memory();
  await insertJson(db.pool, 'cycles', rows.slice(MEMBERS));
  rows.length = 0;
  const adoptRestSeconds = await adoption(engine, CYCLES, (e) => void e.claim(), adopted);
  const memoryB = memory();
  // The take-on's orders go out at the IP's weight budget (about 100 a second): the window
  // measures what follows, once every cycle's first order rests (or filled).
  const placing = Date.now();
  while (Object.entries(await orderCounts()).some(([key, n]) => n > 0 && / (intent|unknown|cancel)$/.test(key))) {
    if (Date.now() - placing > 300_000) throw new Error('the take-on orders were not all placed within 5 minutes');
    await sleep(500);
  }
  const placeSeconds = (Date.now() - placing) / 1000;
  const states = await db.pool.query<{ held: number; resting: number }>(`SELECT count(*) FILTER (WHERE held_qty > 0)::int AS held,
    (SELECT count(*)::int FROM cycle_orders WHERE status = 'open') AS resting FROM cycles`);
  progress(`every cycle adopted (${JSON.stringify(states.rows[0])}); driving prices`);

  /** The cycles' orders by side and status ('buy open': 5000, ...). */
  async function orderCounts(): Promise<Record<string, number>> {
    const result = await db.pool.query<{ key: string; n: number }>(
      `SELECT side || ' ' || status AS key, count(*)::int AS n FROM cycle_orders GROUP BY 1 ORDER BY 1`,
    );
    return Object.fromEntries(result.rows.map((r) => [r.key, r.n]));
  }

  const stopDriving = bench.walkPrices(MOVE_PCT);
  await sleep(WARMUP_S * 1000);

  const orders0 = await orderCounts();
  const gov0 = { ...exchange.governor.stats.reserved };
  const streams0 = exchange.spotStreams.stats();
  const sim0 = await processCpuSeconds(sim.pid);
  const switches0 = process.resourceUsage().involuntaryContextSwitches;
  const { wallSeconds, cpu } = await steadyWindow(STEADY_S, (on) => (measuring = on), progress);
  const preempted = process.resourceUsage().involuntaryContextSwitches - switches0;
  const sim1 = await processCpuSeconds(sim.pid);
  const gov1 = { ...exchange.governor.stats.reserved };
  const streams1 = exchange.spotStreams.stats();
  const orders1 = await orderCounts();
  stopDriving();
  // What is still queued is no part of the measurements; what did not finish is reported.
  const quiet = await Promise.race([engine.idle().then(() => true), sleep(15_000).then(() => false)]);
  const busy = engine.busyRunners();

  const weight = { spot: gov1.spot - gov0.spot, futures: gov1.futures - gov0.futures, sapi: gov1.sapi - gov0.sapi };
  const filled = (counts: Record<string, number>) =>
    Object.entries(counts).reduce((n, [key, v]) => (key.endsWith(' filled') ? n + v : n), 0);
  const weightTotal = weight.spot + weight.futures + weight.sapi;
  const perCyclePerMinute = weightTotal / CYCLES / (wallSeconds / 60);
  // Spot requests of weight 1 are the orders placed and cancelled (POST / DELETE /api/v3/order).
  const orderWeight = byWeight.get('spot:1') ?? 0;
  const pollingPerCyclePerMinute = (weightTotal - orderWeight) / CYCLES / (wallSeconds / 60);
  const added = CYCLES - MEMBERS;
  const heapPerCycle = added > 0 ? (memoryB.heapUsed - memoryA.heapUsed) / added : 0;
  const rssPerCycle = added > 0 ? (memoryB.rss - memoryA.rss) / added : 0;
  const decision = stats(decisions);
  gcObserver.disconnect();
  // A diagnosis, not the measure: the decisions no garbage collection ran in (the target is judged on all).
  const inGc = (i: number) => gcs.some((g) => g.start < decisionEnds[i]! && g.start + g.ms > decisionEnds[i]! - decisions[i]!);
  const withoutGc = stats(decisions.filter((_d, i) => !inGc(i)));
  const gcStats = (minor: boolean) => {
    const ms = gcs.filter((g) => g.minor === minor).map((g) => g.ms);
    return {
      count: ms.length,
      totalMs: round(
        ms.reduce((a, b) => a + b, 0),
        1,
      ),
      maxMs: round(Math.max(0, ...ms), 2),
    };
  };
  const engineCores = (cpu.user + cpu.system) / 1e6 / wallSeconds;
  const mb = (b: number) => round(b / 1048576, 1);

  console.log(
    JSON.stringify(
      {
        bench: 'cycles',
        node: process.version,
        cpus: cpus().length,
        database: 'postgres',
        cycles: CYCLES,
        members: MEMBERS,
        symbols: TICKER_SYMBOLS.length,
        mix: 'half bought at once (sell resting), half with the buy resting',
        nearShare: NEAR_SHARE,
        priceChangesPerSecondPerSymbol: 1,
        maxMovePercent: MOVE_PCT,
        streamPushMs: FLUSH_MS,
        warmupSeconds: WARMUP_S,
        steadySeconds: round(wallSeconds, 1),
        setup: {
          seedSeconds: round(seedSeconds),
          adoptFirstCyclesSeconds: round(adoptFirstSeconds),
          adoptRestSeconds: round(adoptRestSeconds),
          adoptCyclesPerSecond: Math.round(added / Math.max(adoptRestSeconds, 0.001)),
          lastOrdersPlacedSeconds: round(placeSeconds),
          atSteadyStart: states.rows[0],
        },
        tickToDecisionMs: {
          perSymbol: decision,
          target: { p99: TARGETS.tickToDecisionP99Ms, met: decision.p99 < TARGETS.tickToDecisionP99Ms },
          withoutGc: { ...withoutGc, decisionsWithGc: decisions.length - withoutGc.n },
          gcInWindow: { minor: gcStats(true), major: gcStats(false) },
          // The engine's thread taken off a core by the scheduler (other processes wanted it): on a
          // machine shared with PostgreSQL, the simulator and others, a decision that is preempted
          // takes a scheduler slice longer; this says how often it happened in the window.
          involuntaryContextSwitches: preempted,
          measured:
            'the engine decision histogram: every cycle of one pair decided on a tick; withoutGc: those no garbage collection overlapped (a diagnosis)',
        },
        cpu: {
          engineCores: round(engineCores, 3),
          target: { cores: TARGETS.engineCpuCores, met: engineCores < TARGETS.engineCpuCores },
          simulatorCores: sim0 === null || sim1 === null ? null : round((sim1 - sim0) / wallSeconds, 3),
          measured: 'process.cpuUsage of the engine process over the steady window',
        },
        memory: {
          heapPerCycleBytes: Math.round(heapPerCycle),
          rssPerCycleBytes: Math.round(rssPerCycle),
          target: { bytesPerCycle: TARGETS.bytesPerCycle, met: heapPerCycle < TARGETS.bytesPerCycle },
          heapUsedMB: {
            beforeEngine: mb(memory0.heapUsed),
            [`with${MEMBERS}Cycles`]: mb(memoryA.heapUsed),
            [`with${CYCLES}Cycles`]: mb(memoryB.heapUsed),
          },
          measured: `after gc: (${CYCLES} cycles - ${MEMBERS}, one per member) / ${added}, so member clients are not counted per cycle`,
        },
        weight: {
          perCyclePerMinute: round(perCyclePerMinute, 5),
          orders: orderWeight,
          pollingPerCyclePerMinute: round(pollingPerCyclePerMinute, 5),
          target: {
            pollingPerCyclePerMinute: TARGETS.weightPerCyclePerMinute,
            met: pollingPerCyclePerMinute < TARGETS.weightPerCyclePerMinute,
          },
          total: weightTotal,
          byFamily: weight,
          requestsByFamilyAndWeight: Object.fromEntries(byWeight),
          measured:
            'WeightGovernor reservations (every REST request of the process) over the steady window; orders: the weight-1 spot requests ' +
            '(orders placed and cancelled, one per fill in the window); polling: all the rest (order lookups, trades, account reads)',
        },
        cycleOrders: {
          atWindowStart: orders0,
          atWindowEnd: orders1,
          filledInWindow: filled(orders1) - filled(orders0),
          measured:
            'cycle_orders rows by side and status; filledInWindow: the resting orders that filled (each followed by the next order)',
        },
        errors: { logged: log.errors, warnings: log.warnings, first: log.first },
        memberStreams: {
          atWindowStart: streams0,
          atWindowEnd: streams1,
          measured:
            'the spot user-data pool: one subscription per member, shared by every engine of the process; a drop makes each resting order of the member be looked up',
        },
        afterWindow: {
          idleWithin15s: quiet,
          busyRunners: busy,
          measured:
            'runners with work still queued once prices stop (order lookups waiting for REST weight hold their ticks back)',
        },
      },
      null,
      2,
    ),
  );
} finally {
  await bench.close(engine);
}
process.exit(0);
