/**
 * What the engine benches share (bench/engine.ts for bots, bench/cycles.ts for cycles): the
 * percentiles and memory readings they print, the simulator they drive in its own process, and
 * the run around one engine: its database, exchange and log, the seeding, the adoption, the
 * price walk and the probes both put on it.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Engine } from '../../server/engine/engine';
import type { EngineMetrics } from '../../server/engine/metrics';
import { enginePorts, type RunnableKindName } from '../../server/engine-ports';
import { createExchange, TICKER_SYMBOLS } from '../../server/exchange/exchange-factory';
import { seededRandom } from '../../sim/rng';
import { benchDatabase, insertJson, seedMembers } from './bench-db';
import { SPECS, toTick } from './market';
import { spawnScript } from './spawn-sim';

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

export const round = (x: number, d = 2) => Number(x.toFixed(d));

export function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const pct = (p: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0, 3);
  return { n: sorted.length, p50: pct(0.5), p99: pct(0.99), max: round(sorted.at(-1) ?? 0, 3) };
}

/** The heap and RSS after two full collections: what the process holds, not what it has yet to free. */
export function memory() {
  gc();
  gc();
  const m = process.memoryUsage();
  return { heapUsed: m.heapUsed, rss: m.rss };
}

type SimMessage = { type: 'accounts'; keys: { apiKey: string; secretKey: string }[] };

/** The simulator in its own process, driven over IPC: accounts made there, prices set there. */
export async function startEngineSim(flushMs: number) {
  const sim = await spawnScript('./engine-sim-process.ts', { ...process.env, BENCH_SIM_FLUSH_MS: String(flushMs) }, true);
  const child = sim.child;
  const accounts = (count: number, balances: Record<string, string>) =>
    new Promise<SimMessage['keys']>((resolve) => {
      child.once('message', (m: SimMessage) => resolve(m.keys));
      child.send({ type: 'accounts', count, balances });
    });
  return {
    url: sim.url,
    pid: child.pid!,
    accounts,
    stop: sim.stop,
    setPrices: (prices: [string, string][]) => child.send({ type: 'prices', prices }),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Progress lines on stderr, so stdout stays the one JSON document. */
export const progressOf = (bench: string) => (what: string) => console.error(`${bench} ${new Date().toISOString()} ${what}`);

/** The engine's log for a bench: errors and warnings counted, the first five kept for the report, info dropped. */
function countingLog() {
  const counts = { errors: 0, warnings: 0, first: [] as string[] };
  const note = (level: 'error' | 'warn') => (o: object, m: string) => {
    if (level === 'error') counts.errors += 1;
    else counts.warnings += 1;
    if (counts.first.length < 5)
      counts.first.push(
        `${level}: ${m} ${JSON.stringify(o, (_k, v: unknown) => (v instanceof Error ? v.message : v)).slice(0, 300)}`,
      );
  };
  return { counts, log: { info: () => undefined, warn: note('warn'), error: note('error') } };
}

/**
 * One engine's bench run on PostgreSQL: the simulator in its own process, a throwaway database
 * configured for the engine role, the production exchange services on it, and the engine's log
 * counted (`logged`); with the seeding, the price walk and a probe on the exchange's weight. The
 * bench makes its engine with `engine` once its probes are in place, and calls `close` in its
 * finally.
 */
export async function engineBench(flushMs: number) {
  const sim = await startEngineSim(flushMs);
  const db = await benchDatabase({ EXCHANGE: 'sim', SIM_URL: sim.url, ROLES: 'engine' });
  const { counts, log } = countingLog();
  const exchange = await createExchange(db.config);
  return {
    sim,
    db,
    exchange,
    logged: counts,
    /**
     * Members with simulator accounts holding `balances` (one account each), the rows `rowsFor`
     * makes for them, and the first `members` rows (one a member) inserted in `table`: the
     * engine adopts those on its start, the rest when the bench inserts them. Returns every row
     * and the seconds the seeding took.
     */
    async seed(
      table: string,
      members: number,
      balances: Record<string, string>,
      rowsFor: (userIds: string[]) => Record<string, unknown>[],
    ): Promise<{ rows: Record<string, unknown>[]; seedSeconds: number }> {
      const started = performance.now();
      const seeded = await seedMembers(db, await sim.accounts(members, balances));
      const rows = rowsFor(seeded.map((m) => m.userId));
      await insertJson(db.pool, table, rows.slice(0, members));
      return { rows, seedSeconds: (performance.now() - started) / 1000 };
    },
    /** The engine (not started) for `kind`, as start.ts composes the engine role, with the bench's metrics and log. */
    engine(metrics: EngineMetrics, kind?: RunnableKindName): Engine {
      const ports = enginePorts({ db: db.database.db, config: db.config }, kind);
      return new Engine({ db: db.database.db, config: db.config, exchange, ...ports, metrics, log });
    },
    /** REST requests by `family:weight` while `measuring()` says so: what the weight was spent on. */
    requestsByWeight(measuring: () => boolean): Map<string, number> {
      const byWeight = new Map<string, number>();
      const reserve = exchange.governor.reserve.bind(exchange.governor);
      exchange.governor.reserve = (family, w) => {
        if (measuring()) byWeight.set(`${family}:${w}`, (byWeight.get(`${family}:${w}`) ?? 0) + 1);
        return reserve(family, w);
      };
      return byWeight;
    },
    /**
     * Starts one price change a second per pair: a seeded walk in whole ticks, up to +-`movePct` %
     * a step and never standing still, set through the simulator. `onBatch` sees each batch before
     * it is set, with the time its walk began. Returns the stop.
     */
    walkPrices(movePct: number, onBatch: (batch: [string, string][], at: number) => void = () => undefined): () => void {
      const rnd = seededRandom(11);
      const prices = new Map(TICKER_SYMBOLS.map((s) => [s, Number(SPECS.get(s)!.price)]));
      const drive = () => {
        const batch: [string, string][] = [];
        const at = performance.now();
        for (const symbol of TICKER_SYMBOLS) {
          const spec = SPECS.get(symbol)!;
          const current = prices.get(symbol)!;
          let next = toTick(current * (1 + (rnd() * 2 - 1) * (movePct / 100)), spec.tickSize);
          if (Number(next) === current) next = toTick(current + Number(spec.tickSize) * (rnd() < 0.5 ? -1 : 1), spec.tickSize);
          prices.set(symbol, Number(next));
          batch.push([symbol, next]);
        }
        onBatch(batch, at);
        sim.setPrices(batch);
      };
      const driver = setInterval(drive, 1000);
      return () => clearInterval(driver);
    },
    async close(engine: Engine | null): Promise<void> {
      await engine?.stop().catch(() => undefined);
      await exchange.close().catch(() => undefined);
      await db.close();
      await sim.stop();
    },
  };
}

/** Every decision the engine's histogram observes, in ms, handed to `onDecision` as well. */
export function tapDecisions(metrics: EngineMetrics, onDecision: (ms: number) => void): void {
  const observe = metrics.decision.observe.bind(metrics.decision) as (v: number) => void;
  (metrics.decision as unknown as { observe: (v: number) => void }).observe = (v) => {
    onDecision(v * 1000);
    observe(v);
  };
}

/**
 * The steady window: `measure(true)` for `seconds`, then `measure(false)`. Returns when it began
 * (performance.now()), how long it took and the CPU this process used in it.
 */
export async function steadyWindow(seconds: number, measure: (on: boolean) => void, progress: (what: string) => void) {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  measure(true);
  progress('steady window');
  await sleep(seconds * 1000);
  measure(false);
  const wallSeconds = (performance.now() - wall0) / 1000;
  return { wall0, wallSeconds, cpu: process.cpuUsage(cpu0) };
}

/**
 * Calls `begin` on the engine (its start, or a claim) and waits until it holds `n` runnables and
 * has done their first work; returns the seconds that took. `adopted` says what came, for the
 * progress line.
 */
export async function adoption(
  engine: Engine,
  n: number,
  begin: (engine: Engine) => void,
  adopted: (size: number) => void,
): Promise<number> {
  const started = performance.now();
  begin(engine);
  while (engine.size < n) await sleep(50);
  adopted(engine.size);
  await engine.idle();
  return (performance.now() - started) / 1000;
}
