/**
 * bench:engine - 10,000 live bots over the 22 ticker pairs in ONE engine process on PostgreSQL,
 * the simulator in its own process, one price change a second per pair (a seeded walk of up to
 * +-BENCH_MOVE_PCT % a step, driven through the simulator's setPrice). Bots are bulk-inserted
 * as startBot records them, each already holding grid 1 (its first buy applied by the core, as
 * a bot that has run for a while), with its own grid percentages so their thresholds spread.
 *
 * Measured in the steady window after a warm-up: tick-to-decision (the engine's decision
 * histogram, raw values: one pair's bots, and the whole pushed batch of pairs), price to order
 * acknowledged (the tick's arrival in the engine to the exchange's answer, with the intent write
 * and the send split out; and setPrice on the exchange to the settled gauge, which adds the
 * stream's push interval), engine CPU (process.cpuUsage of this process, in cores), memory per
 * bot (heap and RSS after gc between N0 = one bot per member and N bots), REST weight per bot per
 * minute (the engine's WeightGovernor), orders and errors. Prints one JSON document; never fails
 * on a timing.
 *
 * Env: BENCH_BOTS (10000), BENCH_MEMBERS (100), BENCH_WARMUP_S (15), BENCH_STEADY_S (60),
 * BENCH_MOVE_PCT (0.05), BENCH_SIM_FLUSH_MS (1000, Binance's !miniTicker@arr cadence).
 */
import { cpus } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import type { Engine } from '../server/engine/engine';
import { EngineMetrics } from '../server/engine/metrics';
import { TICKER_SYMBOLS } from '../server/exchange/exchange-factory';
import type { MemberGateway, OrderRequest } from '../server/exchange/core/gateway';
import { seededRandom } from '../sim/rng';
import { normaliseStrategy } from '../trading/index';
import { insertJson, postgresCpuDelta, postgresCpuSeconds, processCpuSeconds } from './support/bench-db';
import { boughtBot, liveBotRow } from './support/bots';
import { adoption, engineBench, memory, progressOf, round, stats, steadyWindow, tapDecisions } from './support/engine-bench';
import { fundedBalances, rulesOf, SPECS, toTick } from './support/market';

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const BOTS = num('BENCH_BOTS', 10_000);
const MEMBERS = Math.min(num('BENCH_MEMBERS', 100), BOTS);
const WARMUP_S = num('BENCH_WARMUP_S', 15);
const STEADY_S = num('BENCH_STEADY_S', 60);
const MOVE_PCT = num('BENCH_MOVE_PCT', 0.05);
const FLUSH_MS = num('BENCH_SIM_FLUSH_MS', 1000);
const INVESTMENT = 1000;
const TARGETS = {
  tickToDecisionP99Ms: 5,
  priceToAckP99Ms: 100,
  engineCpuCores: 0.5,
  bytesPerBot: 10 * 1024,
  weightPerBotPerMinute: 0.5,
};

const now = () => performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const progress = progressOf('bench:engine');

// ---- bots as startBot records them, grid 1 already bought -----------------------------------

function botRows(userIds: string[], rnd: () => number): Record<string, unknown>[] {
  const startedAt = new Date(Date.now() - 3 * 86_400_000).toISOString();
  const pct = (lo: number, hi: number) => (lo + rnd() * (hi - lo)).toFixed(2);
  return Array.from({ length: BOTS }, (_, i) => {
    const symbol = TICKER_SYMBOLS[i % TICKER_SYMBOLS.length]!;
    const spec = SPECS.get(symbol)!;
    const grid = (gridNo: number, alloc: string) => ({
      gridNo,
      allottedAmountPercentagePerOrder: alloc,
      buyPercentage: pct(0.4, 1.5),
      buyPercentageUp: pct(0.1, 0.3),
      takeProfitPercentage: pct(0.3, 1.2),
      takeProfitPercentageDown: pct(0.1, 0.3),
    });
    const strategy = normaliseStrategy({
      strategyName: 'Bench',
      noOfGrids: 3,
      tableData: [grid(1, '40'), grid(2, '30'), grid(3, '30')],
    });
    const rules = rulesOf(spec);
    const buyPrice = toTick(Number(spec.price) * (1 + (rnd() - 0.5) * 0.01), spec.tickSize);
    const bot = boughtBot(strategy, { investment: INVESTMENT }, rules, { ts: Date.now() - 86_400_000, price: buyPrice });
    const userId = userIds[i % userIds.length]!;
    return liveBotRow({ userId, symbol, strategy, bot, investment: INVESTMENT, rules, startedAt, lastPrice: buyPrice });
  });
}

// ---- run --------------------------------------------------------------------------------------
const bench = await engineBench(FLUSH_MS);
const { sim, db, exchange, logged: log } = bench;
let engine: Engine | null = null;
try {
  const balances = fundedBalances(TICKER_SYMBOLS, '1000000000');
  const { rows, seedSeconds } = await bench.seed('bots', MEMBERS, balances, (userIds) => botRows(userIds, seededRandom(7)));

  // Probes: raw values behind the engine's histograms, the tick's arrival, intent writes, sends.
  let measuring = false;
  const samples = {
    decision: [] as number[],
    batch: [] as number[],
    ack: [] as number[],
    intent: [] as number[],
    tickToAck: [] as number[],
    setToReceived: [] as number[],
    receivedToSettled: [] as number[],
    setToSettled: [] as number[],
    heartbeat: [] as number[],
    poolWaiting: [] as number[],
    gc: [] as number[],
  };
  const metrics = new EngineMetrics();
  tapDecisions(metrics, (ms) => {
    if (measuring) samples.decision.push(ms);
  });
  const received = new Map<string, Map<string, number>>(); // symbol -> price -> arrival
  const sent = new Map<string, number>(); // `${symbol} ${price}` -> setPrice time
  const settledAt = new Map<string, number>();
  const settle = metrics.settle.bind(metrics);
  metrics.settle = (symbol, price) => {
    const key = `${symbol} ${price}`;
    if (!settledAt.has(key)) settledAt.set(key, now());
    settle(symbol, price);
  };
  const md = exchange.marketData;
  const onPrices = md.onPrices.bind(md);
  md.onPrices = (listener, symbols) =>
    onPrices((batch) => {
      const t = now();
      for (const r of batch) {
        let m = received.get(r.symbol);
        if (!m) received.set(r.symbol, (m = new Map()));
        m.delete(r.price); // the latest arrival of a price that comes back
        m.set(r.price, t);
        if (m.size > 50) m.delete(m.keys().next().value!);
      }
      listener(batch);
      if (measuring) samples.batch.push(now() - t);
    }, symbols);
  const intents = new Map<string, { arrival: number | undefined }>();
  /** Orders acknowledged per price batch (a push): the size of the bursts behind the tail. */
  const ordersByArrival = new Map<number, number>();
  const orders = { sent: 0, acked: 0, errors: 0 };
  const wrapped = new WeakMap<MemberGateway, MemberGateway>();
  const member = exchange.gateway.member.bind(exchange.gateway);
  exchange.gateway.member = (key) => {
    const inner = member(key);
    let outer = wrapped.get(inner);
    if (!outer) {
      outer = Object.create(inner) as MemberGateway;
      outer.placeOrder = async (order: OrderRequest) => {
        const started = now();
        if (measuring) orders.sent += 1;
        try {
          const state = await inner.placeOrder(order);
          const acked = now();
          const arrival = intents.get(order.clientOrderId)?.arrival;
          intents.delete(order.clientOrderId);
          if (measuring) {
            orders.acked += 1;
            samples.ack.push(acked - started);
            if (arrival !== undefined) {
              samples.tickToAck.push(acked - arrival);
              ordersByArrival.set(arrival, (ordersByArrival.get(arrival) ?? 0) + 1);
            }
          }
          return state;
        } catch (error) {
          if (measuring) orders.errors += 1;
          throw error;
        }
      };
      wrapped.set(inner, outer);
    }
    return outer;
  };

  engine = bench.engine(metrics);
  const recordIntents = engine.store.recordIntents.bind(engine.store);
  engine.store.recordIntents = async (row, bot, list, change) => {
    const started = now();
    const result = await recordIntents(row, bot, list, change);
    if (measuring) samples.intent.push(now() - started);
    // The tick this decision was taken on: the latest arrival of its price (adoption ticks have none).
    result.forEach((r, i) => intents.set(r.clientOrderId, { arrival: received.get(row.symbol)?.get(list[i]!.price) }));
    return result;
  };
  // A tick's intents of many bots, one statement: each order's sample is that statement's time.
  const recordIntentBatch = engine.store.recordIntentBatch.bind(engine.store);
  engine.store.recordIntentBatch = async (items) => {
    const started = now();
    const result = await recordIntentBatch(items);
    const took = now() - started;
    for (const { row, orders } of items) {
      for (const o of orders) {
        if (measuring) samples.intent.push(took);
        intents.set(o.clientOrderId, { arrival: received.get(row.symbol)?.get(o.decisionPrice!) });
      }
    }
    return result;
  };
  // Where the time goes: heartbeats, the pool's queue, gc pauses, what the weight was spent on.
  const heartbeat = engine.store.heartbeat.bind(engine.store);
  engine.store.heartbeat = async () => {
    const started = now();
    try {
      return await heartbeat();
    } finally {
      if (measuring) samples.heartbeat.push(now() - started);
    }
  };
  const pool = (db.database.db as unknown as { $client: { waitingCount: number; totalCount: number } }).$client;
  const poolSampler = setInterval(() => {
    if (measuring) samples.poolWaiting.push(pool.waitingCount);
  }, 50);
  poolSampler.unref();
  new PerformanceObserver((list) => {
    if (measuring) for (const e of list.getEntries()) samples.gc.push(e.duration);
  }).observe({ entryTypes: ['gc'] });
  const byWeight = bench.requestsByWeight(() => measuring);
  const memory0 = memory();
  const adopted = (size: number) => progress(`${size} bots adopted; waiting for their first evaluations`);
  const adoptFirstSeconds = await adoption(engine, MEMBERS, (e) => e.start(), adopted);
  const memoryA = memory();
  await insertJson(db.pool, 'bots', rows.slice(MEMBERS));
  const adoptRestSeconds = await adoption(engine, BOTS, (e) => void e.claim(), adopted);
  const memoryB = memory();
  rows.length = 0;
  progress('every bot adopted; driving prices');

  // The time each price was set, for its arrival and its settled gauge.
  const stopDriving = bench.walkPrices(MOVE_PCT, (batch, at) => {
    for (const [symbol, next] of batch) {
      sent.set(`${symbol} ${next}`, at);
      settledAt.delete(`${symbol} ${next}`);
    }
  });
  await sleep(WARMUP_S * 1000);

  // Steady window.
  sent.clear();
  settledAt.clear();
  const gov0 = { ...exchange.governor.stats.reserved };
  const waits0 = exchange.governor.stats.queuedWaits;
  // get() hands out prom-client's live objects: copy them.
  const outcomes0 = JSON.parse(JSON.stringify(await metrics.orders.get())) as Awaited<ReturnType<typeof metrics.orders.get>>;
  const [sim0, pg0] = [await processCpuSeconds(sim.pid), await postgresCpuSeconds()];
  const { wall0, wallSeconds, cpu } = await steadyWindow(STEADY_S, (on) => (measuring = on), progress);
  const [sim1, pg1] = [await processCpuSeconds(sim.pid), await postgresCpuSeconds()];
  const gov1 = { ...exchange.governor.stats.reserved };
  const outcomes1 = JSON.parse(JSON.stringify(await metrics.orders.get())) as Awaited<ReturnType<typeof metrics.orders.get>>;
  stopDriving();
  await engine.idle();

  // Pair every price set in the window with its arrival in the engine and its settled gauge.
  let superseded = 0;
  for (const [key, setAt] of sent) {
    if (setAt > wall0 + wallSeconds * 1000 - 2 * FLUSH_MS) continue; // set too late in the window to be pushed in it
    const [symbol, price] = key.split(' ') as [string, string];
    const arrival = received.get(symbol)?.get(price);
    const settled = settledAt.get(key);
    if (arrival === undefined || settled === undefined) {
      superseded += 1; // the next price came before the stream's push: the engine never saw this one
      continue;
    }
    samples.setToReceived.push(arrival - setAt);
    samples.receivedToSettled.push(settled - arrival);
    samples.setToSettled.push(settled - setAt);
  }
  const outcome = (values: Awaited<ReturnType<typeof metrics.orders.get>>, name: string) =>
    values.values.find((v) => v.labels.outcome === name)?.value ?? 0;
  const outcomes = Object.fromEntries(
    ['filled', 'failed', 'refused', 'unknown', 'send_error'].map((k) => [k, outcome(outcomes1, k) - outcome(outcomes0, k)]),
  );
  const weight = { spot: gov1.spot - gov0.spot, futures: gov1.futures - gov0.futures, sapi: gov1.sapi - gov0.sapi };
  const weightTotal = weight.spot + weight.futures + weight.sapi;
  const minutes = wallSeconds / 60;
  const perBotPerMinute = weightTotal / BOTS / minutes;
  const added = BOTS - MEMBERS;
  const heapPerBot = added > 0 ? (memoryB.heapUsed - memoryA.heapUsed) / added : 0;
  const rssPerBot = added > 0 ? (memoryB.rss - memoryA.rss) / added : 0;
  const memoryAfter = memory();
  const decision = stats(samples.decision);
  const tickToAck = stats(samples.tickToAck);
  const engineCores = (cpu.user + cpu.system) / 1e6 / wallSeconds;
  const cores = (a: number | null, b: number | null) => (a === null || b === null ? null : round((b - a) / wallSeconds, 3));
  const mb = (b: number) => round(b / 1048576, 1);

  console.log(
    JSON.stringify(
      {
        bench: 'engine',
        node: process.version,
        cpus: cpus().length,
        database: 'postgres',
        bots: BOTS,
        members: MEMBERS,
        symbols: TICKER_SYMBOLS.length,
        strategy: '3 grids, percentages drawn per bot; grid 1 held at start',
        priceChangesPerSecondPerSymbol: 1,
        maxMovePercent: MOVE_PCT,
        streamPushMs: FLUSH_MS,
        warmupSeconds: WARMUP_S,
        steadySeconds: round(wallSeconds, 1),
        setup: {
          seedSeconds: round(seedSeconds),
          adoptFirstBotsSeconds: round(adoptFirstSeconds),
          adoptRestSeconds: round(adoptRestSeconds),
          adoptBotsPerSecond: Math.round(added / Math.max(adoptRestSeconds, 0.001)),
        },
        tickToDecisionMs: {
          perSymbol: decision,
          perPushedBatch: stats(samples.batch),
          target: { p99: TARGETS.tickToDecisionP99Ms, met: decision.p99 < TARGETS.tickToDecisionP99Ms },
          measured:
            'perSymbol: the engine decision histogram (every bot of one pair stepped on a tick); perPushedBatch: the whole stream message (every changed pair), i.e. the last pair of a push',
        },
        priceToAckMs: {
          tickToAck,
          target: { p99: TARGETS.priceToAckP99Ms, met: tickToAck.p99 < TARGETS.priceToAckP99Ms },
          intentWrite: stats(samples.intent),
          sendToAck: stats(samples.ack),
          setPriceToReceived: stats(samples.setToReceived),
          receivedToSettled: stats(samples.receivedToSettled),
          setPriceToSettled: stats(samples.setToSettled),
          pricesSupersededBeforePush: superseded,
          measured:
            'tickToAck: price batch arrives in the engine -> the exchange acknowledged the order it decided (intent written in between); setPriceToSettled adds the stream push interval (streamPushMs) and ends when fills are persisted (the griddesk_engine_price gauge)',
        },
        cpu: {
          engineCores: round(engineCores, 3),
          target: { cores: TARGETS.engineCpuCores, met: engineCores < TARGETS.engineCpuCores },
          simulatorCores: cores(sim0, sim1),
          postgresCores: (() => {
            const d = postgresCpuDelta(pg0, pg1);
            return d === null ? null : round(d / wallSeconds, 3);
          })(),
          measured:
            'process.cpuUsage of the engine process (it also sends the 22 IPC price messages a second) over the steady window',
        },
        memory: {
          heapPerBotBytes: Math.round(heapPerBot),
          rssPerBotBytes: Math.round(rssPerBot),
          target: { bytesPerBot: TARGETS.bytesPerBot, met: heapPerBot < TARGETS.bytesPerBot },
          perMemberHeapBytes: Math.round((memoryA.heapUsed - memory0.heapUsed - heapPerBot * MEMBERS) / MEMBERS),
          heapUsedMB: {
            beforeEngine: mb(memory0.heapUsed),
            [`with${MEMBERS}Bots`]: mb(memoryA.heapUsed),
            [`with${BOTS}Bots`]: mb(memoryB.heapUsed),
            afterSteadyWindow: mb(memoryAfter.heapUsed),
          },
          rssMB: { beforeEngine: mb(memory0.rss), [`with${BOTS}Bots`]: mb(memoryB.rss), afterSteadyWindow: mb(memoryAfter.rss) },
          measured: `after gc: (${BOTS} bots - ${MEMBERS} bots, one per member) / ${added}, so member clients are not counted per bot`,
        },
        weight: {
          perBotPerMinute: round(perBotPerMinute, 4),
          target: { perBotPerMinute: TARGETS.weightPerBotPerMinute, met: perBotPerMinute < TARGETS.weightPerBotPerMinute },
          total: weightTotal,
          byFamily: weight,
          perMinute: Math.round(weightTotal / minutes),
          perOrder: round(weightTotal / Math.max(orders.sent, 1), 3),
          requestsByFamilyAndWeight: Object.fromEntries(byWeight),
          governorQueuedWaits: exchange.governor.stats.queuedWaits - waits0,
          measured:
            'WeightGovernor reservations (every REST request of the process: orders, lookups, REST price fallback) over the steady window; it scales with orders, i.e. with the price path',
        },
        orders: {
          sent: orders.sent,
          acknowledged: orders.acked,
          sendErrors: orders.errors,
          perMinute: Math.round(orders.sent / minutes),
          byOutcome: outcomes,
        },
        errors: { logged: log.errors, warnings: log.warnings, first: log.first },
        diagnostics: {
          ordersPerPush: stats([...ordersByArrival.values()]),
          leaseHeartbeatMs: stats(samples.heartbeat),
          dbPoolSize: pool.totalCount,
          dbPoolWaitingRequests: stats(samples.poolWaiting),
          gcPausesMs: { ...stats(samples.gc), totalPerSecond: round(samples.gc.reduce((a, b) => a + b, 0) / wallSeconds, 2) },
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
