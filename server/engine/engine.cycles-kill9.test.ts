/**
 * kill -9 for real, for cycles: the cycles' engine runs in child processes
 * (testing/engine-process.ts, ENGINE_RUNS=cycles) sharing the cycle through PostgreSQL leases,
 * and this test SIGKILLs the one that holds it at every step of every round, at seeded instants:
 * before the engine heard of a fill (the price that crosses the resting order set, or set while
 * no engine runs at all: the exchange fills a resting LIMIT GTC order whether or not an engine
 * runs), while it writes the next order's intent (the fill booked, the next order decided in
 * memory only), inside the exchange as it accepts the next order, and a few milliseconds either
 * side. One of two standby processes takes the cycle over once the lease expired, its reconciler
 * books what the exchange did, and the path goes on. At the end the cycle made exactly the backtester's
 * trades, one buy per round, the exchange holds exactly the orders the books do (none sent twice,
 * none lost), nothing is unsettled or left resting, and the cycle ended as the backtester's did
 * (Completed, or Stopped by its stop loss). PostgreSQL only: PGlite cannot be shared between
 * processes.
 *
 * CYCLE_KILL9_SEED=<n> replays another set of instants; ENGINE_TEST_LOG=1 shows the children's logs.
 */
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../common/money';
import { seededRandom } from '../../sim/rng';
import { holdNextIntent, type IntentHold } from './testing/cycle-intent-hold';
import {
  cycleBacktest,
  cycleDump,
  cycleOrderRows,
  cycleQuiet,
  cycleRow,
  cycleTrades,
  insertCycle,
  openOnExchange,
  type CycleSettings,
} from './testing/cycles';
import { EngineProcess, EXCHANGE_LATENCY_MS, postgresTargets, sleep } from './testing/engine-process-client';
import { killDelayMs, killerOf, killRunLog, killRuns, shuffled, type KillPlan, type KillRecord } from './testing/kill-run';

const SYMBOL = 'SOLUSDT';
const SEED = Number(process.env.CYCLE_KILL9_SEED ?? 20_261_124);

const targets = await postgresTargets('engine.cycles-kill9.test.ts');

type KillMode =
  /** Killed at the price before; the price that crosses the resting order is set while no engine runs. */
  | 'dead'
  /** SIGKILL in the same turn as the price change: the exchange filled the resting order (or the stop loss is reached), unheard. */
  | 'now'
  /** SIGKILL while it writes the next order's intent (held back in the database): what ended is booked, the next order decided in memory only. */
  | 'onIntent'
  /** SIGKILL inside the exchange, as it accepts the next order: it rests (a market order fills), the answer never reaches the engine. */
  | 'onAccept'
  /** SIGKILL `ms` after the exchange accepted the next order: the answer is being read, or the order recorded open. */
  | 'afterAccept'
  /** SIGKILL `ms` after the price change: booking the fill, deciding, recording the intent or sending it. */
  | 'delay';

/** Where the dead engine was, read from the frozen database and exchange. */
type Caught =
  | 'resting order filled, fill not booked'
  | 'order out booked, next order undecided'
  | 'cancel recorded, not answered'
  | 'intent, never reached the exchange'
  | 'intent sent, accepted after the kill'
  | 'accepted before the kill, answer not recorded'
  | 'nothing in flight';

interface Scenario {
  name: string;
  settings: CycleSettings;
  /** Ticks; the buy rests at 95 from the first. */
  path: string[];
  /** The first tick killed at (the rounds before it are another scenario's). */
  killFrom: number;
  /** The modes the last step may be killed in: a completing sell's fill places no next order to hold back or accept. */
  lastStep: KillMode[];
  end: { status: 'Completed' | 'Stopped'; stopReason: string | null; cyclesCompleted: number; trades: [string, number][] };
}

const SCENARIOS: Scenario[] = [
  {
    name: 'three rounds, then completed',
    settings: { buyPrice: '95', sellPrice: '105', stopLoss: '90', count: 3 },
    // Each round: the buy fills on a dip under 95, the sell then rests at 105 and fills on a rise over it.
    path: [
      '100.00',
      '97.00',
      '94.00',
      '99.00',
      '103.00',
      '106.00',
      '101.00',
      '98.00',
      '94.50',
      '97.00',
      '105.50',
      '102.00',
      '96.00',
      '93.00',
      '99.00',
      '104.00',
      '107.00',
      '103.00',
    ],
    killFrom: 1,
    lastStep: ['now', 'dead', 'delay'],
    end: {
      status: 'Completed',
      stopReason: null,
      cyclesCompleted: 3,
      trades: [
        ['buy', 1],
        ['sell', 1],
        ['buy', 2],
        ['sell', 2],
        ['buy', 3],
        ['sell', 3],
      ],
    },
  },
  {
    name: 'a round, then the stop loss',
    settings: { buyPrice: '95', sellPrice: '105', stopLoss: '90', count: 2 },
    // Round 2's buy fills, then 89 is under the stop loss: the resting sell is cancelled and all sold at market.
    path: ['100.00', '97.00', '94.00', '99.00', '106.00', '101.00', '94.00', '92.00', '89.00', '91.00'],
    // Round 1 is killed at every step above: here round 2's buy fill and the stop loss (fewer processes to start).
    killFrom: 6,
    lastStep: ['now', 'dead', 'onIntent', 'onAccept', 'afterAccept', 'delay'],
    end: {
      status: 'Stopped',
      stopReason: 'stoploss',
      cyclesCompleted: 1,
      trades: [
        ['buy', 1],
        ['sell', 1],
        ['buy', 2],
        ['sell', 2],
      ],
    },
  },
];

/**
 * A kill on every tick the cycle trades on: every step of every round. The steps before the
 * last (each places the next order) take the modes each once, the four that reach the steps of a
 * round (the fill unheard before, or while no engine ran; the next intent; the next accept)
 * first, in a seeded order; the last step one of the modes that apply to it.
 */
function plan(random: () => number, tradingTicks: number[], lastStep: KillMode[]): KillPlan<KillMode>[] {
  const shuffle = <T>(items: readonly T[]): T[] => shuffled(random, items);
  const ms = (mode: KillMode) => killDelayMs(random, mode);
  const steps = tradingTicks.slice(0, -1);
  const pool = [...shuffle<KillMode>(['dead', 'now', 'onIntent', 'onAccept']), ...shuffle<KillMode>(['afterAccept', 'delay'])];
  const modes = shuffle(Array.from({ length: steps.length }, (_v, i) => pool[i % pool.length]!));
  const plans = steps.map((tick, i) => ({ tick, mode: modes[i]!, ms: ms(modes[i]!) }));
  const last = lastStep[Math.floor(random() * lastStep.length)]!;
  plans.push({ tick: tradingTicks.at(-1)!, mode: last, ms: ms(last) });
  return plans;
}

describe.each(targets)('cycle engine processes killed with SIGKILL on $name', (target) => {
  const runs = killRuns(target);

  it.each(SCENARIOS)(`$name: loses no fill and sends no order twice (seed ${SEED})`, { timeout: 90_000 }, async (scenario) => {
    const { path } = scenario;
    // Every order the exchange accepts, when, and a hook to kill at that instant.
    const run = await runs.start();
    const { harness, databaseUrl, account, accepted, onNextAccept, engineEnv } = run;
    const sim = harness.exchange.simulator;

    sim.control.setPrice(SYMBOL, path[0]!);
    const id = await insertCycle(harness, scenario.settings);
    const expected = await cycleBacktest(harness, id, path);
    const tradingTicks = expected.tradingTicks.filter((t) => t > 0 && t >= scenario.killFrom);
    const kills = new Map(plan(seededRandom(SEED), tradingTicks, scenario.lastStep).map((p) => [p.tick, p]));

    let spawned = 0;
    let spawnFailed: unknown = null;
    const next = (): [string, Promise<EngineProcess>] => {
      spawned++;
      const engineId = `cycle-kill9-engine-${spawned}`;
      const started = EngineProcess.spawn(engineId, engineEnv(engineId, 'cycles'), SYMBOL);
      started.catch((error: unknown) => {
        spawnFailed ??= error; // said by the next wait for a holder
      });
      return [engineId, started];
    };
    // Two standby processes beside the one holding the cycle: either claims it once a killed
    // holder's lease expired, as another engine of the platform would. Their own start is no part
    // of a takeover (it takes seconds on a busy machine), so the test stays short.
    const standbys = new Map<string, Promise<EngineProcess>>();
    const standBy = () => void standbys.set(...next());

    /** The standby that took the cycle (over from `victim`); any, once the cycle ended: none will. */
    const holderAfter = async (victim: EngineProcess | null): Promise<EngineProcess> => {
      const end = Date.now() + 45_000;
      for (;;) {
        if (spawnFailed !== null) throw spawnFailed;
        const row = await cycleRow(harness, id);
        const owner =
          row.leaseOwner !== null && row.leaseOwner !== victim?.id && standbys.has(row.leaseOwner) ? row.leaseOwner : null;
        const took = owner ?? (row.status === 'Live' ? null : [...standbys.keys()][0]!);
        if (took !== null) {
          const holder = standbys.get(took)!;
          standbys.delete(took);
          return holder;
        }
        if (Date.now() > end)
          throw new Error(
            `no engine took the cycle (over from ${victim?.id ?? 'none'}) within 45 s: ${await cycleDump(harness, id)}`,
          );
        await sleep(10);
      }
    };

    /** Once `engine` acted on `price` and on what the exchange did (cycleQuiet); a cycle that ended is run by none. */
    const caughtUp = async (engine: EngineProcess, price: string, timeoutMs = 15_000) => {
      const endedQuietly = async () => (await cycleRow(harness, id)).status !== 'Live' && (await cycleQuiet(harness, id));
      await engine.waitSettled(price, { timeoutMs, or: endedQuietly });
      const end = Date.now() + timeoutMs;
      while (!(await cycleQuiet(harness, id))) {
        if (!engine.running) throw new Error(`engine ${engine.id} died before it caught up with ${price}`);
        if (Date.now() > end)
          throw new Error(
            `engine ${engine.id} did not catch up with ${price} within ${timeoutMs} ms: ${await cycleDump(harness, id)}`,
          );
        await sleep(10);
      }
    };

    /** Where the engine killed at `killedAt` left the cycle, as the database and the exchange say. */
    const whereCaught = async (killedAt: number): Promise<Caught[]> => {
      const onExchange = new Map([...account.orders.values()].map((o) => [o.clientOrderId, o.status]));
      const caught: Caught[] = [];
      for (const order of await cycleOrderRows(harness, id)) {
        if (order.status === 'open' && onExchange.get(order.clientOrderId) === 'FILLED')
          caught.push('resting order filled, fill not booked');
        if (order.status === 'cancel') caught.push('cancel recorded, not answered');
        if (order.status !== 'intent' && order.status !== 'unknown') continue;
        const at = accepted.get(order.clientOrderId);
        caught.push(
          at === undefined
            ? 'intent, never reached the exchange'
            : at > killedAt
              ? 'intent sent, accepted after the kill'
              : 'accepted before the kill, answer not recorded',
        );
      }
      const row = await cycleRow(harness, id);
      if (row.status === 'Live' && (row.state as { order: unknown }).order === null)
        caught.push('order out booked, next order undecided');
      return caught.length === 0 ? ['nothing in flight'] : caught;
    };

    sim.control.setFaults({ latencyMs: EXCHANGE_LATENCY_MS });
    // Three at once: the one that claims the cycle first holds it, the other two stand by.
    for (let i = 0; i < 3; i++) standBy();
    let engine = await holderAfter(null);
    await caughtUp(engine, path[0]!, 20_000);

    const records: KillRecord<KillMode, Caught>[] = [];
    for (let tick = 1; tick < path.length; tick++) {
      const price = path[tick]!;
      const kill = kills.get(tick);
      if (!kill) {
        sim.control.setPrice(SYMBOL, price);
        await caughtUp(engine, price);
        continue;
      }
      const victim = engine;
      const killer = killerOf(victim);
      const killNow = () => killer.kill();
      // A step that turns out to place no order (or hold none back) is killed once the engine caught up with it.
      const actedOn = () => caughtUp(victim, price).catch(() => undefined);
      let hold: IntentHold | null = null;
      if (kill.mode === 'dead') {
        killNow();
        await victim.exited;
        sim.control.setPrice(SYMBOL, price);
      } else if (kill.mode === 'now') {
        sim.control.setPrice(SYMBOL, price);
        killNow();
      } else if (kill.mode === 'delay') {
        sim.control.setPrice(SYMBOL, price);
        await sleep(kill.ms);
        killNow();
      } else if (kill.mode === 'onIntent') {
        const held = await holdNextIntent(databaseUrl, id);
        hold = held;
        sim.control.setPrice(SYMBOL, price);
        await Promise.race([held.waitedOn(15_000), victim.exited, actedOn()]);
        killNow();
      } else {
        onNextAccept(kill.mode === 'onAccept' ? killNow : () => void setTimeout(killNow, kill.ms));
        sim.control.setPrice(SYMBOL, price);
        await Promise.race([victim.exited, actedOn()]);
        onNextAccept(null);
        killNow();
      }
      await victim.exited;
      await hold?.release();
      await sleep(EXCHANGE_LATENCY_MS + 50); // a request the dead engine sent may still be accepted
      const caught = await whereCaught(killer.killedAt);

      const started = performance.now();
      engine = await holderAfter(victim);
      standBy();
      await caughtUp(engine, price, 20_000);
      records.push({ ...kill, price, engine: victim.id, caught, takeoverMs: Math.round(performance.now() - started) });
    }

    console.log(killRunLog(`cycle kill -9 run (${scenario.name}), seed ${SEED}`, spawned, records));

    // The backtester's trades on the whole path: one buy per round, never a second.
    const trades = await cycleTrades(harness, id);
    expect(trades).toEqual(expected.trades);
    expect(trades.map((t) => [t.side, t.grid])).toEqual(scenario.end.trades);
    const row = await cycleRow(harness, id);
    expect(row).toMatchObject({
      status: scenario.end.status,
      stopReason: scenario.end.stopReason,
      cyclesCompleted: scenario.end.cyclesCompleted,
    });
    expect(expected.cycle.completed).toBe(scenario.end.cyclesCompleted);
    // Nothing unsettled; the exchange holds exactly the orders the books do, each under its own
    // clientOrderId, ended as booked (a cancel the stop loss decided is failed in the books).
    const rows = await cycleOrderRows(harness, id);
    expect(rows.filter((r) => ['intent', 'unknown', 'open', 'cancel'].includes(r.status))).toEqual([]);
    const booked = rows.map((r) => [
      r.clientOrderId,
      r.status === 'filled' ? 'FILLED' : r.status === 'failed' ? 'CANCELED' : r.status,
    ]);
    const exchangeOrders = [...account.orders.values()]
      .filter((o) => o.market === 'spot')
      .map((o) => [o.clientOrderId, o.status]);
    expect(exchangeOrders.sort()).toEqual(booked.sort());
    expect(harness.exchangeOrders()).toBe(trades.length);
    expect(openOnExchange(harness)).toEqual([]);
    expect(harness.exchangeHolding('SOL')).toBe(new Decimal(row.heldQty).toFixed());
    // Every kill landed at the step it was meant for (a kill that missed its step would prove nothing).
    expect(records.map((r) => r.tick)).toEqual([...kills.keys()]);
    const stopLossTick = scenario.end.status === 'Stopped' ? tradingTicks.at(-1) : undefined;
    for (const r of records) {
      const meant =
        r.mode === 'onIntent'
          ? 'order out booked, next order undecided'
          : r.mode === 'onAccept'
            ? 'accepted before the kill, answer not recorded'
            : (r.mode === 'now' || r.mode === 'dead') && r.tick !== stopLossTick
              ? 'resting order filled, fill not booked'
              : null;
      if (meant !== null) expect(r.caught, `tick ${r.tick}, ${r.mode}`).toContain(meant);
    }
  });
});
