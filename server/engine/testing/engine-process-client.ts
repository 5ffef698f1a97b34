/**
 * The test's side of an engine process (testing/engine-process.ts) for the kill -9 tests: spawn
 * one and wait for its ready line, read its settled price gauge, wait until it acted on a price,
 * and SIGKILL it. Every process spawned is kept in one live set, so a test's cleanup kills what
 * a failure left running (`killEngineProcesses`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Decimal } from '../../../common/money';
import { databaseTargets, type DatabaseTarget } from '../../testing/databases';

const SCRIPT = fileURLToPath(new URL('./engine-process.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const READY_TIMEOUT_MS = 60_000;

/** What GET /settled answers: the process's settled price of the symbol, and how many runnables its engines run. */
export interface SettledReport {
  settled: string | null;
  runnables: number;
}

/** A dead engine's runnables are taken over this soon (the processes' LEASE_MS). */
export const LEASE_MS = 1_500;
/** The exchange answers every request this late, so an order spends a while in flight. */
export const EXCHANGE_LATENCY_MS = 15;

/**
 * PGlite lives in one process: only the PostgreSQL target can share a runnable between
 * processes. The unit run includes the kill -9 files only when TEST_DATABASE_URL is set
 * (vitest.config.ts; .ci/run sets it whenever PostgreSQL answers), so no PostgreSQL here is a
 * broken setup, not a skip.
 */
export async function postgresTargets(file: string): Promise<DatabaseTarget[]> {
  const targets = (await databaseTargets()).filter((t) => t.name === 'postgres');
  if (targets.length === 0) throw new Error(`${file} needs PostgreSQL: set TEST_DATABASE_URL (see README, Testing)`);
  return targets;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const samePrice = (a: string | null, b: string) => a !== null && new Decimal(a).eq(b);

const live = new Set<ChildProcess>();

/** SIGKILLs every engine process still running (a test's cleanup). */
export function killEngineProcesses(): void {
  for (const child of [...live]) child.kill('SIGKILL');
}

/** One engine process, watched on `symbol`. */
export class EngineProcess {
  readonly exited: Promise<void>;
  private stderr = '';
  private dead = false;

  private constructor(
    readonly id: string,
    readonly child: ChildProcess,
    readonly port: number,
    readonly symbol: string,
  ) {
    this.exited = new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
    });
    void this.exited.then(() => {
      this.dead = true;
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-8_000);
      if (process.env.ENGINE_TEST_LOG) process.stderr.write(chunk);
    });
  }

  /** Starts an engine process with `env` (ENGINE_RUNS says what it runs); resolves once it serves its gauge. */
  static spawn(id: string, env: NodeJS.ProcessEnv, symbol: string): Promise<EngineProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    live.add(child);
    child.once('exit', () => live.delete(child));
    return new Promise((resolve, reject) => {
      let out = '';
      let err = '';
      const onErr = (chunk: Buffer) => {
        err = (err + chunk.toString()).slice(-8_000);
      };
      // A start takes seconds of CPU (tsx, ccxt): on a busy two-core machine, several at once take long.
      const timer = setTimeout(() => fail(new Error(`did not start within ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS);
      const fail = (error: Error) => {
        clearTimeout(timer);
        child.kill('SIGKILL');
        reject(new Error(`engine process ${id}: ${error.message}\n${err}`));
      };
      child.stderr?.on('data', onErr);
      child.once('exit', (code, signal) => fail(new Error(`exited (${code ?? signal}) before it was ready`)));
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const nl = out.indexOf('\n');
        if (nl < 0) return;
        clearTimeout(timer);
        child.removeAllListeners('exit');
        child.once('exit', () => live.delete(child));
        child.stderr?.off('data', onErr);
        const { port } = JSON.parse(out.slice(0, nl)) as { port: number };
        const p = new EngineProcess(id, child, port, symbol);
        p.stderr = err;
        resolve(p);
      });
    });
  }

  /** Not dead yet (its exit not seen). */
  get running(): boolean {
    return !this.dead;
  }

  /** Its settled price of `symbol` (the symbol it is watched on unless told). */
  async settled(symbol = this.symbol): Promise<SettledReport> {
    const res = await fetch(`http://127.0.0.1:${this.port}/settled?symbol=${symbol}`);
    return (await res.json()) as SettledReport;
  }

  /**
   * Resolves once this engine runs the runnable and has settled `price` (the gauge, never a
   * sleep), or once `or` holds: a cycle that ended is run by no engine, and one that ended before
   * this engine came has no gauge here at all. `symbol`: another pair than the one it is watched on.
   */
  async waitSettled(
    price: string,
    { timeoutMs = 15_000, or, symbol = this.symbol }: { timeoutMs?: number; or?: () => Promise<boolean>; symbol?: string } = {},
  ): Promise<void> {
    const end = Date.now() + timeoutMs;
    let last: SettledReport | null = null;
    for (;;) {
      if (this.dead) throw new Error(`engine ${this.id} died while waiting for ${symbol} at ${price}\n${this.stderr}`);
      last = await this.settled(symbol).catch(() => last);
      if (last && last.runnables > 0 && samePrice(last.settled, price)) return;
      if (or && (await or())) return;
      if (Date.now() > end)
        throw new Error(
          `engine ${this.id} did not settle ${symbol} at ${price} within ${timeoutMs} ms (last: ${JSON.stringify(last)})\n${this.stderr}`,
        );
      await sleep(10);
    }
  }

  /** kill -9, now (synchronously: the signal is sent before this returns). */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
