/**
 * One process-wide request-weight budget per exchange API family. Binance limits weight per IP
 * and every member trades from our one server IP, while ccxt throttles per instance only; so
 * every ccxt instance reserves here before each request. Calendar-minute windows like Binance's,
 * a safety margin below the limit, re-sync from X-MBX-USED-WEIGHT-1M, and a global pause on
 * 429/418 honouring Retry-After, so the process never gets to a second breach (the 418 ban).
 */
import type { ApiFamily } from './weights';

export type { ApiFamily } from './weights';

export interface GovernorOptions {
  /** Weight per minute per family (Binance: spot 6000, USD-M 2400, sapi 12000). */
  limits?: Partial<Record<ApiFamily, number>>;
  /** Fraction of the limit we allow ourselves; the rest absorbs clock skew and other clients. */
  safety?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export const DEFAULT_LIMITS: Record<ApiFamily, number> = { spot: 6000, futures: 2400, sapi: 12000 };
const WINDOW_MS = 60_000;

interface FamilyState {
  window: number;
  used: number;
  tail: Promise<void>;
}

export interface GovernorStats {
  reserved: Record<ApiFamily, number>;
  queuedWaits: number;
  /** Reservations granted and responses seen (their difference: requests in flight). */
  granted: number;
  responses: number;
  limitResponses: number;
  pausedMs: number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class WeightGovernor {
  readonly limits: Record<ApiFamily, number>;
  private readonly safety: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly state = new Map<ApiFamily, FamilyState>();
  private pausedUntil = 0;
  readonly stats: GovernorStats = {
    reserved: { spot: 0, futures: 0, sapi: 0 },
    queuedWaits: 0,
    granted: 0,
    responses: 0,
    limitResponses: 0,
    pausedMs: 0,
  };

  constructor(options: GovernorOptions = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.safety = options.safety ?? 0.9;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? realSleep;
  }

  private family(family: ApiFamily): FamilyState {
    let s = this.state.get(family);
    if (!s) this.state.set(family, (s = { window: -1, used: 0, tail: Promise.resolve() }));
    return s;
  }

  private roll(s: FamilyState, now: number): void {
    const window = Math.floor(now / WINDOW_MS);
    if (s.window !== window) {
      s.window = window;
      s.used = 0;
    }
  }

  /** Waits (FIFO per family) until `weight` fits this minute's budget, then books it. */
  reserve(family: ApiFamily, weight: number): Promise<void> {
    const s = this.family(family);
    const turn = s.tail.then(() => this.acquire(family, s, weight));
    s.tail = turn.catch(() => undefined);
    return turn;
  }

  private async acquire(family: ApiFamily, s: FamilyState, weight: number): Promise<void> {
    const budget = Math.floor(this.limits[family] * this.safety);
    for (;;) {
      const now = this.now();
      if (now < this.pausedUntil) {
        this.stats.queuedWaits += 1;
        await this.sleep(this.pausedUntil - now);
        continue;
      }
      this.roll(s, now);
      if (s.used + weight <= budget) {
        s.used += weight;
        this.stats.reserved[family] += weight;
        this.stats.granted += 1;
        return;
      }
      this.stats.queuedWaits += 1;
      // Wait for the next window; a few ms late so both clocks agree the window has rolled.
      await this.sleep((s.window + 1) * WINDOW_MS - now + 5);
    }
  }

  /** Re-syncs from a response: used weight the exchange saw (other clients on our IP count). */
  observe(family: ApiFamily, status: number, headers: Record<string, string | undefined>): void {
    const now = this.now();
    this.stats.responses += 1;
    const s = this.family(family);
    this.roll(s, now);
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    const header = lower['x-mbx-used-weight-1m'] ?? lower['x-sapi-used-ip-weight-1m'];
    const used = Number(header);
    if (header !== undefined && Number.isFinite(used) && used > s.used) s.used = used;
    if (status === 429 || status === 418) {
      this.stats.limitResponses += 1;
      const retryAfter = Number(lower['retry-after']);
      const until = Number.isFinite(retryAfter) && retryAfter > 0 ? now + retryAfter * 1000 : (s.window + 1) * WINDOW_MS + 5;
      if (until > this.pausedUntil) {
        this.stats.pausedMs += until - Math.max(now, this.pausedUntil);
        this.pausedUntil = until;
      }
    }
  }

  /** Weight booked in the current window (bench and tests). */
  used(family: ApiFamily): number {
    const s = this.family(family);
    this.roll(s, this.now());
    return s.used;
  }
}
