/**
 * The payout worker (the `chain` role): pays PENDING withdrawals from the hot wallet, one at a
 * time, every `pollMs`. Each row is claimed with FOR UPDATE SKIP LOCKED and a lease (queue.ts),
 * so several workers share the queue without taking the same row; each step is crash-safe on
 * its own (payout-step.ts). A step that fails (an RPC error, a timeout, the database) is
 * retried later with exponential backoff, counted in `attempts` with its `lastError`.
 */
import type { ethers } from 'ethers';
import type { Db } from '../db/database';
import type { Log } from '../logging/log';
import type { Clock } from '../modules/clock';
import { claimNext, recordAttempt } from '../modules/withdrawals/queue';
import { payoutChain } from './payout-chain';
import { lazyProvider } from './lazy-provider';
import { failureText } from './payout-errors';
import { payoutStep, type PayoutHooks, type StepContext } from './payout-step';

export interface PayoutWorkerDeps {
  db: Db;
  log: Log;
  /** A provider, or the JSON-RPC url to make one with (15 s request timeout). */
  provider?: ethers.JsonRpcProvider;
  rpcUrl?: string;
  /** HOT_WALLET_PRIVATE_KEY; kept in the signer, never logged. */
  hotWalletKey: string;
  usdtToken: string;
  /** Blocks a payout's receipt must be deep before it is final (default 15, BSC practice). */
  confirmations?: number;
  clock: Clock;
  /** Pause between passes over the queue (default 3 s, a BSC block). */
  pollMs?: number;
  /** How long a claimed row stays with its worker (default 30 s); see queue.ts. */
  leaseMs?: number;
  /** First and largest retry delay of a failing row (defaults 1 s and 5 min). */
  backoffMs?: { first: number; max: number };
  /** Rows one pass handles at most, so stop() is never far off (default 50). */
  batch?: number;
  hooks?: PayoutHooks;
}

export interface PayoutWorker {
  stop(): Promise<void>;
  /** One pass over the queue now (tests, and a nudge after a new withdrawal). */
  runOnce(): Promise<void>;
}

class Backoff {
  private readonly until = new Map<string, { failures: number; at: number }>();
  constructor(
    private readonly first: number,
    private readonly max: number,
  ) {}
  fail(id: string, now: number): number {
    const failures = (this.until.get(id)?.failures ?? 0) + 1;
    const delay = Math.min(this.max, this.first * 2 ** Math.min(failures - 1, 20));
    this.until.set(id, { failures, at: now + delay });
    return delay;
  }
  clear(id: string) {
    this.until.delete(id);
  }
  waiting(now: number): string[] {
    return [...this.until].filter(([, b]) => b.at > now).map(([id]) => id);
  }
}

export function startPayoutWorker(deps: PayoutWorkerDeps): PayoutWorker {
  const { chain, releaseProvider } = hotWalletChain(deps);
  const ctx: StepContext = { db: deps.db, chain, clock: deps.clock, confirmations: deps.confirmations ?? 15, hooks: deps.hooks };
  const leaseMs = deps.leaseMs ?? 30_000;
  const rows: WorkerRows = {
    backoff: new Backoff(deps.backoffMs?.first ?? 1_000, deps.backoffMs?.max ?? 300_000),
    held: new Set<string>(),
  };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> = Promise.resolve();

  async function runPass() {
    const handled: string[] = []; // once a pass: a payout waiting for blocks is looked at again next pass
    for (let n = 0; n < (deps.batch ?? 50) && !stopped; n += 1) {
      const now = deps.clock();
      const row = await claimNext(deps.db, {
        now,
        leaseMs,
        skip: [...rows.backoff.waiting(now.getTime()), ...handled],
        held: [...rows.held],
      });
      if (!row) return;
      rows.held.add(row.id);
      handled.push(row.id);
      await runStep(deps, rows, row.id, () => payoutStep(ctx, row));
    }
  }

  function runOnce(): Promise<void> {
    pass = pass.then(runPass).catch((error: unknown) => {
      deps.log.error({ error: failureText(error, deps.hotWalletKey) }, 'payout pass failed');
    });
    return pass;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => void runOnce().then(schedule), deps.pollMs ?? 3_000);
  }

  deps.log.info({ hotWallet: chain.hotAddress, confirmations: ctx.confirmations }, 'payout worker started');
  void runOnce().then(schedule);
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pass;
      releaseProvider();
    },
  };
}

/** The chain the worker pays through: on the given provider, or on one it makes (and releases) itself. */
function hotWalletChain(deps: PayoutWorkerDeps) {
  const given = deps.provider;
  const lazy = given ? null : lazyProvider(requiredUrl(deps.rpcUrl));
  const provider = given ? () => Promise.resolve(given) : () => lazy!.get();
  const chain = payoutChain({ provider, hotWalletKey: deps.hotWalletKey, usdtToken: deps.usdtToken });
  return { chain, releaseProvider: () => lazy?.destroy() };
}

/** The worker's hold on rows: those it claimed and has not seen settled, and those waiting out a failure. */
interface WorkerRows {
  /** Its own lease does not keep the worker out of these. */
  held: Set<string>;
  backoff: Backoff;
}

/** One step of a claimed row: a settled row is let go; a failed step is recorded and retried after a backoff. */
async function runStep(deps: PayoutWorkerDeps, rows: WorkerRows, id: string, step: () => Promise<string>): Promise<void> {
  try {
    const outcome = await step();
    rows.backoff.clear(id);
    if (outcome === 'paid' || outcome === 'failed') {
      rows.held.delete(id);
      deps.log.info({ withdrawalId: id, outcome }, 'payout settled');
    }
  } catch (error) {
    const message = failureText(error, deps.hotWalletKey);
    const retryInMs = rows.backoff.fail(id, deps.clock().getTime());
    deps.log.warn({ withdrawalId: id, error: message, retryInMs }, 'payout step failed; retrying');
    await recordAttempt(deps.db, id, message, deps.clock()).catch(() => undefined);
  }
}

function requiredUrl(url: string | undefined): string {
  if (!url) throw new Error('startPayoutWorker needs a provider or an rpcUrl');
  return url;
}
