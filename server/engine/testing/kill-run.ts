/**
 * What the kill -9 tests of bots and of cycles share: a run on PostgreSQL with every acceptance
 * of the exchange watched, the environment of each engine process, the seeded choice of kill
 * instants, the kill itself with its instant, the run's log and the cleanup after it.
 */
import { performance } from 'node:perf_hooks';
import { afterEach } from 'vitest';
import type { DatabaseTarget } from '../../testing/databases';
import { TEST_ENV } from '../../testing/server';
import { killEngineProcesses, LEASE_MS, sleep, type EngineProcess } from './engine-process-client';
import { watchAccepts, type ExchangeAccepts } from './exchange-accepts';
import { EngineHarness } from './harness';

/** A kill at one tick of the path: how (a mode of the test's own) and, for timed modes, when. */
export interface KillPlan<Mode extends string> {
  tick: number;
  mode: Mode;
  ms: number;
}

/** What a kill did, for the run's log and its checks. */
export interface KillRecord<Mode extends string, Caught extends string> extends KillPlan<Mode> {
  price: string;
  engine: string;
  caught: Caught[];
  takeoverMs: number;
}

export interface KillRun extends ExchangeAccepts {
  harness: EngineHarness;
  databaseUrl: string;
  /** The member's simulator account (its orders, as the exchange holds them). */
  account: NonNullable<ReturnType<EngineHarness['exchange']['simulator']['core']['accounts']['get']>>;
  /** The environment of engine process `engineId` running `runs` ('bots', 'cycles', or both as the `engine` role does). */
  engineEnv(engineId: string, runs: 'bots' | 'cycles' | 'bots,cycles'): NodeJS.ProcessEnv;
}

export async function startKillRun(target: DatabaseTarget): Promise<KillRun> {
  const harness = await EngineHarness.create(target, { arrayFlushMs: 20 });
  const databaseUrl = harness.server.config.databaseUrl;
  if (!databaseUrl) throw new Error('the PostgreSQL target has no DATABASE_URL');
  const sim = harness.exchange.simulator;
  const account = sim.core.accounts.get(harness.apiKey)!;
  return {
    harness,
    databaseUrl,
    account,
    ...watchAccepts(account),
    engineEnv: (engineId, runs) => ({
      ...process.env,
      ...TEST_ENV,
      DATABASE_URL: databaseUrl,
      SIM_URL: sim.url,
      EXCHANGE: 'sim',
      ENGINE_ID: engineId,
      ENGINE_RUNS: runs,
      LEASE_MS: String(LEASE_MS),
      DATA_DIR: harness.server.config.dataDir,
      ROLES: 'engine',
    }),
  };
}

/** A test's cleanup: every engine process a failure left running is killed before the harness closes. */
export async function endKillRun(run: KillRun | undefined): Promise<void> {
  killEngineProcesses();
  await sleep(50);
  await run?.harness.close();
}

/**
 * The kill runs of a describe's tests: `start()` begins the test's run on `target`, and after the
 * test endKillRun ends it, whatever a failure left running.
 */
export function killRuns(target: DatabaseTarget): { start(): Promise<KillRun> } {
  let run: KillRun | undefined;
  afterEach(async () => {
    await endKillRun(run);
    run = undefined;
  });
  return { start: async () => (run = await startKillRun(target)) };
}

/** `items` in a seeded order (Fisher-Yates). */
export function shuffled<T>(random: () => number, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** How long after its trigger a timed kill comes: 1-45 ms after a price ('delay'), 0-4 ms after an acceptance. */
export function killDelayMs(random: () => number, mode: string): number {
  if (mode === 'delay') return 1 + Math.floor(random() * 45);
  if (mode === 'afterAccept') return Math.floor(random() * 5);
  return 0;
}

/** SIGKILLs `victim` once, remembering the instant (for what was accepted before or after it). */
export function killerOf(victim: EngineProcess): { kill(): void; readonly killedAt: number } {
  let killedAt = 0;
  return {
    kill() {
      if (killedAt === 0) killedAt = performance.now();
      victim.kill();
    },
    get killedAt() {
      return killedAt;
    },
  };
}

/** The run's log: one line per kill, for a failure's reader (and KILL9_SEED to replay it). */
export function killRunLog(title: string, spawned: number, records: KillRecord<string, string>[]): string {
  const timed = (r: KillRecord<string, string>) => (r.mode === 'delay' || r.mode === 'afterAccept' ? ` ${r.ms} ms` : '');
  return `${title}: ${records.length} kills, ${spawned} engine processes\n${records
    .map((r) => `  tick ${r.tick} @ ${r.price}: ${r.mode}${timed(r)} -> ${r.caught.join(', ')}; taken over in ${r.takeoverMs} ms`)
    .join('\n')}`;
}
