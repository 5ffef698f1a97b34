/**
 * GET /readyz: whether a load balancer should send this process work. Three checks, each named
 * in the answer to the operator (operator-access.ts): the database answers `select 1` within
 * DATABASE_CHECK_MS; it holds every migration of this build; and, in a process with the engine
 * role, the price feed delivered a price within PRICE_FEED_STALE_MS (the REST fallback counts:
 * trading goes on while the WebSocket reconnects, so it is reported, not refused). The checks
 * run at most once per READINESS_CACHE_MS, however many probes ask (sharedCheck). /healthz stays
 * the cheap liveness check.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { readJournal, readMigrationStatus, type JournalEntry, type RowsQuery } from '../db/migration-status';
import type { FeedStats } from '../exchange/market-data';

/** How long `select 1` may take before the database counts as unreachable. */
export const DATABASE_CHECK_MS = 2_000;
/**
 * The engine's feed counts as down when no spot price arrived for this long: the all-market
 * stream sends every second, the REST fallback polls every second while the stream is down.
 */
export const PRICE_FEED_STALE_MS = 30_000;

/**
 * How long one run of the checks answers every caller: the route is public and unthrottled
 * through the proxies, so a flood of probes costs at most one `select 1` a second.
 */
export const READINESS_CACHE_MS = 1_000;

export type PriceFeedReadiness = 'stream' | 'rest-fallback' | 'down';

export interface ReadinessChecks {
  database: 'ok' | 'unreachable';
  /** 'ok', 'pending: <tags>', or 'unknown' while the database cannot be asked. */
  migrations: string;
  /** Engine role only. */
  priceFeed?: PriceFeedReadiness;
}

export function priceFeedReadiness(
  stats: Pick<FeedStats, 'streamUp' | 'lastPriceAt'>,
  now: number,
  staleMs = PRICE_FEED_STALE_MS,
): PriceFeedReadiness {
  if (stats.lastPriceAt === null || now - stats.lastPriceAt > staleMs) return 'down';
  return stats.streamUp ? 'stream' : 'rest-fallback';
}

export function isReady(checks: ReadinessChecks): boolean {
  return checks.database === 'ok' && checks.migrations === 'ok' && checks.priceFeed !== 'down';
}

/** Rejects after `ms` unless `work` settled first. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export interface ReadinessSources {
  /** Read on every check: the app's database. */
  db: () => Db;
  /** The build's migrations folder (resolveMigrationsFolder()). */
  migrationsFolder: string;
  /** The engine's price feed; absent in a process without the engine role (or without an exchange). */
  feedStats?: () => Pick<FeedStats, 'streamUp' | 'lastPriceAt'>;
  now?: () => number;
}

/**
 * The checks, kept cheap: the journal is read once, and once the migrations were found applied
 * they are not asked again (a running process's build never gains migrations).
 */
export function readinessProbe(sources: ReadinessSources): () => Promise<ReadinessChecks> {
  let journal: Promise<JournalEntry[]> | undefined;
  let migrationsOk = false;
  const now = sources.now ?? Date.now;
  const migrations = async (query: RowsQuery): Promise<string> => {
    if (migrationsOk) return 'ok';
    journal ??= readJournal(sources.migrationsFolder);
    journal.catch(() => {
      journal = undefined; // a failed read is retried next time
    });
    const status = await within(readMigrationStatus(query, await journal), DATABASE_CHECK_MS);
    if (status.pending.length === 0) migrationsOk = true;
    return status.pending.length === 0 ? 'ok' : `pending: ${status.pending.join(', ')}`;
  };
  return async () => {
    const db = sources.db();
    const query: RowsQuery = <T>(text: string) => db.execute(sql.raw(text)) as unknown as Promise<{ rows: T[] }>;
    const database = await within(db.execute(sql`select 1`), DATABASE_CHECK_MS).then(
      () => 'ok' as const,
      () => 'unreachable' as const,
    );
    const checks: ReadinessChecks = {
      database,
      migrations: database === 'ok' ? await migrations(query).catch(() => 'unknown') : migrationsOk ? 'ok' : 'unknown',
    };
    if (sources.feedStats) checks.priceFeed = priceFeedReadiness(sources.feedStats(), now());
    return checks;
  };
}

/**
 * `check` run at most once per `windowMs`: callers while a run is under way share it, and callers
 * within `windowMs` of its end get its answer (`now` in milliseconds). A run that throws is not
 * kept: the next caller starts another.
 */
export function sharedCheck<T>(check: () => Promise<T>, now: () => number, windowMs = READINESS_CACHE_MS): () => Promise<T> {
  let last: { answer: Promise<T>; settledAt: number | null } | null = null;
  return () => {
    if (last !== null && (last.settledAt === null || now() - last.settledAt < windowMs)) return last.answer;
    const run: { answer: Promise<T>; settledAt: number | null } = { answer: check(), settledAt: null };
    last = run;
    run.answer.then(
      () => {
        run.settledAt = now();
      },
      () => {
        if (last === run) last = null;
      },
    );
    return run.answer;
  };
}
