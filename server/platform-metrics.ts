/**
 * The gauges the production alerts need beyond the engine's own (deploy/prometheus/
 * griddesk-alerts.yml): where this process's prices come from, the platform-wide backlog no
 * single engine sees (running bots and cycles no engine holds, and payouts left PENDING), and
 * prom-client's default process metrics, the event loop's delay among them
 * (`nodejs_eventloop_lag_p99_seconds`: a request or a bot decision waits that long for the loop,
 * which no request time limit can cut short). They are read when Prometheus scrapes (GET
 * /metrics), on the engine's registry, so every process reports them; the backlog is one
 * database read per scrape (both through partial or status indexes), shared by its gauges. A
 * backlog read that fails shows NaN in them rather than a stale number (no alert fires on NaN:
 * /readyz and the process alerts say the database is gone).
 */
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Gauge, type Registry } from 'prom-client';
import type { Db } from './db/database';
import { rowsOf } from './db/rows';
import { FEED_SOURCES, feedSource, type FeedStats } from './exchange/market-data';

export interface Backlog {
  /** Live or paused runnables whose lease nobody holds (never claimed, or their holder stopped renewing). */
  unleased: { bots: number; cycles: number };
  payoutsPending: number;
  /** Age of the oldest PENDING payout; 0 when there is none. */
  oldestPendingSeconds: number;
}

/** The platform-wide backlog, in one statement. */
export async function readBacklog(db: Db): Promise<Backlog> {
  // The predicates spell the claim's (engine/leases.ts), so "unleased" is what the next claim would take.
  const result = await db.execute(sql`
    SELECT
      (SELECT count(*) FROM bots WHERE status IN ('Live', 'Pause') AND (lease_owner IS NULL OR lease_expires_at < now()))::int AS bots,
      (SELECT count(*) FROM cycles WHERE status IN ('Live', 'Pause') AND (lease_owner IS NULL OR lease_expires_at < now()))::int AS cycles,
      (SELECT count(*) FROM withdrawals WHERE status = 'PENDING')::int AS pending,
      (SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0) FROM withdrawals WHERE status = 'PENDING')::float8 AS oldest`);
  const [row] = rowsOf<{ bots: number; cycles: number; pending: number; oldest: number }>(result);
  return {
    unleased: { bots: Number(row?.bots ?? 0), cycles: Number(row?.cycles ?? 0) },
    payoutsPending: Number(row?.pending ?? 0),
    oldestPendingSeconds: Number(row?.oldest ?? 0),
  };
}

export interface PlatformSources {
  feed(): FeedStats;
  backlog(): Promise<Backlog>;
  /** Milliseconds, for the one-scrape window (tests); default Date.now. */
  now?: () => number;
}

/** One backlog read serves every gauge of one scrape (they are collected one after another). */
function sharedRead(read: () => Promise<Backlog>, clock: () => number, windowMs = 1_000): () => Promise<Backlog | null> {
  let last: { at: number; value: Promise<Backlog | null> } | null = null;
  return () => {
    const now = clock();
    if (last === null || now - last.at > windowMs) last = { at: now, value: read().catch(() => null) };
    return last.value;
  };
}

export function registerPlatformMetrics(registry: Registry, sources: PlatformSources): void {
  // Once per registry (a second call would register the names twice); each call keeps its own
  // event-loop histogram, reset at every scrape, so the percentiles cover the time since the last.
  collectDefaultMetrics({ register: registry });
  const backlog = sharedRead(() => sources.backlog(), sources.now ?? Date.now);
  new Gauge({
    name: 'griddesk_price_feed_state',
    help: 'Where this process takes spot prices from: 1 on the current state (stream, rest-fallback, idle)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const current = feedSource(sources.feed());
      for (const state of FEED_SOURCES) this.set({ state }, state === current ? 1 : 0);
    },
  });
  new Gauge({
    name: 'griddesk_runnables_unleased',
    help: 'Live or paused bots and cycles (kind) that no engine holds a lease on, platform-wide',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const read = await backlog();
      this.set({ kind: 'bots' }, read?.unleased.bots ?? NaN);
      this.set({ kind: 'cycles' }, read?.unleased.cycles ?? NaN);
    },
  });
  new Gauge({
    name: 'griddesk_payouts_pending',
    help: 'Reward withdrawals waiting to be paid on chain (PENDING), platform-wide',
    registers: [registry],
    async collect() {
      this.set((await backlog())?.payoutsPending ?? NaN);
    },
  });
  new Gauge({
    name: 'griddesk_payouts_pending_oldest_seconds',
    help: 'Age of the oldest PENDING reward withdrawal (0 when none), platform-wide',
    registers: [registry],
    async collect() {
      this.set((await backlog())?.oldestPendingSeconds ?? NaN);
    },
  });
}
