/**
 * The platform server's shutdown (SIGTERM, SIGINT: main.ts; the desktop app's quit), in phases:
 *
 * 1. stop taking work and finish what is in flight, all at once: the HTTP server stops accepting
 *    connections and answers the requests it has (event streams end on preClose); each engine
 *    stops claiming, hearing commands and prices, waits for its orders in flight to be answered
 *    and recorded, then releases its leases and tells the other engines, which claim them at
 *    once; the chain role and the wallet reconciler stop;
 * 2. the exchange connections and the mailer close (the engines' last orders needed them);
 * 3. the database closes (everything above wrote to it).
 *
 * A step that fails does not keep the later phases from running (the database still closes); the
 * first failure is thrown at the end. main.ts gives the whole SHUTDOWN_DEADLINE_MS, then exits
 * non-zero naming the steps still pending.
 */

/**
 * How long a shutdown may take before the process exits anyway (with code 1, logging what was
 * still pending). An engine's orders in flight get STOP_IDLE_WAIT_MS (5 s) of it; a process
 * manager's stop timeout should be longer than this (systemd's default is 90 s, Docker's 10 s:
 * give `docker stop --time 15`).
 */
export const SHUTDOWN_DEADLINE_MS = 10_000;

export interface ShutdownStep {
  name: string;
  run(): Promise<void>;
  /** What the step still waits for ("2 order sends in flight"), for a shutdown that ran out of time. */
  detail?(): string | null;
}

export class Shutdown {
  private readonly running = new Set<ShutdownStep>();
  private readonly waiting: ShutdownStep[];
  private started: Promise<void> | null = null;

  /** `phases` run one after another; the steps of a phase run together. */
  constructor(private readonly phases: ShutdownStep[][]) {
    this.waiting = phases.flat();
  }

  /** Runs the phases once (a second call gets the first run). */
  run(): Promise<void> {
    this.started ??= this.runPhases();
    return this.started;
  }

  /** The steps not finished yet: those running (with what they wait for), then those not started. */
  pending(): string[] {
    const running = [...this.running].map((step) => {
      const detail = step.detail?.() ?? null;
      return detail ? `${step.name} (${detail})` : step.name;
    });
    return [...running, ...this.waiting.filter((step) => !this.running.has(step)).map((step) => `${step.name} (not started)`)];
  }

  private async runPhases(): Promise<void> {
    const failures: unknown[] = [];
    for (const phase of this.phases) {
      await Promise.all(
        phase.map(async (step) => {
          this.waiting.splice(this.waiting.indexOf(step), 1);
          this.running.add(step);
          try {
            await step.run();
          } catch (error) {
            failures.push(error);
          } finally {
            this.running.delete(step);
          }
        }),
      );
    }
    if (failures.length > 0) throw failures[0];
  }
}

export type ShutdownOutcome =
  | { kind: 'done' }
  | { kind: 'failed'; error: unknown }
  /** The deadline passed first: `pending` names what was still going on. */
  | { kind: 'timedOut'; pending: string[] };

/** Runs `close` against a deadline; never rejects. */
export function closeWithin(close: () => Promise<void>, pending: () => string[], deadlineMs: number): Promise<ShutdownOutcome> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ kind: 'timedOut', pending: pending() }), deadlineMs);
    close()
      .then(
        () => resolve({ kind: 'done' }),
        (error: unknown) => resolve({ kind: 'failed', error }),
      )
      .finally(() => clearTimeout(timer));
  });
}
