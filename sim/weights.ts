/**
 * Request weight per client IP, as Binance counts it: each endpoint has a weight, the used
 * weight of the current 1-minute window is reported in X-MBX-USED-WEIGHT-1M, a request past the
 * limit gets 429 (-1003), and a client that keeps sending after a 429 in the same window is
 * banned with 418 and Retry-After. Each ban doubles the next one's length (Binance: "from 2
 * minutes to 3 days").
 */
export type Pool = 'spot' | 'futures' | 'sapi';

export interface WeightLimits {
  spot: number;
  futures: number;
  sapi: number;
  /** First ban length; doubles on every repeat, capped at 3 days. */
  banMs: number;
}

export const DEFAULT_WEIGHT_LIMITS: WeightLimits = { spot: 6000, futures: 2400, sapi: 12000, banMs: 120_000 };
const MAX_BAN_MS = 3 * 86_400_000;
const WINDOW_MS = 60_000;

interface PoolState {
  window: number;
  used: number;
  breached: boolean;
}

interface IpState {
  pools: Partial<Record<Pool, PoolState>>;
  bannedUntil: number;
  bans: number;
}

export type Verdict = { status: 200 | 429 | 418; used: number; retryAfterSeconds: number };

export class WeightMeter {
  private readonly ips = new Map<string, IpState>();

  constructor(
    private readonly limits: WeightLimits,
    private readonly now: () => number,
  ) {}

  charge(ip: string, pool: Pool, weight: number): Verdict {
    const now = this.now();
    let ip$ = this.ips.get(ip);
    if (!ip$) this.ips.set(ip, (ip$ = { pools: {}, bannedUntil: 0, bans: 0 }));
    const window = Math.floor(now / WINDOW_MS) * WINDOW_MS;
    let state = ip$.pools[pool];
    if (!state || state.window !== window) state = ip$.pools[pool] = { window, used: 0, breached: false };
    if (now < ip$.bannedUntil)
      return { status: 418, used: state.used, retryAfterSeconds: Math.ceil((ip$.bannedUntil - now) / 1000) };
    if (state.breached) {
      ip$.bans += 1;
      const length = Math.min(this.limits.banMs * 2 ** (ip$.bans - 1), MAX_BAN_MS);
      ip$.bannedUntil = now + length;
      return { status: 418, used: state.used, retryAfterSeconds: Math.ceil(length / 1000) };
    }
    state.used += weight;
    if (state.used > this.limits[pool]) {
      state.breached = true;
      return { status: 429, used: state.used, retryAfterSeconds: Math.ceil((window + WINDOW_MS - now) / 1000) };
    }
    return { status: 200, used: state.used, retryAfterSeconds: 0 };
  }

  /** Forgets every window and ban (control API: tests start clean). */
  reset(): void {
    this.ips.clear();
  }
}
