/**
 * Per-member caches of authenticated reads (balances, connection checks). Binance's account
 * endpoint costs 20 weight, so 1,000 members polling every 10 s would need 120,000 weight a
 * minute on spot alone; the TTL therefore adapts to the number of members polling right now so
 * that all of them together stay inside a fixed share of the per-IP budget:
 *   ttl = max(minTtl, activeMembers * weight * 60 s / budgetPerMinute).
 * With few members it is the short minTtl; a member's own transfers and swaps invalidate it.
 * A token bucket (10 s of budget) caps bursts: a stale entry is refreshed only while the bucket
 * holds its weight, else served stale until it does; a member with no value yet always loads
 * (borrowing from the bucket). Concurrent reads of the same entry share one request.
 */
export interface CacheCost {
  /** Weight of one refresh. */
  weight: number;
  /** Weight per minute all refreshes of this kind may use together. */
  budgetPerMinute: number;
  minTtlMs: number;
}

interface Entry<T> {
  at: number;
  value?: T;
  pending?: Promise<T>;
}

const ACTIVE_WINDOW_MS = 60_000;

export class MemberCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly seen = new Map<string, number>();
  private tokens: number;
  private refilledAt: number;
  refreshes = 0;

  constructor(
    private readonly cost: CacheCost,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = cost.budgetPerMinute / 6;
    this.refilledAt = now();
  }

  private refill(now: number): void {
    const capacity = this.cost.budgetPerMinute / 6;
    this.tokens = Math.min(capacity, this.tokens + ((now - this.refilledAt) * this.cost.budgetPerMinute) / 60_000);
    this.refilledAt = now;
  }

  /** Members who read in the last minute. */
  activeMembers(): number {
    const cutoff = this.now() - ACTIVE_WINDOW_MS;
    for (const [member, at] of this.seen) if (at < cutoff) this.seen.delete(member);
    return this.seen.size;
  }

  ttlMs(): number {
    const share = (this.activeMembers() * this.cost.weight * 60_000) / this.cost.budgetPerMinute;
    return Math.max(this.cost.minTtlMs, Math.ceil(share));
  }

  async get(member: string, key: string, load: () => Promise<T>): Promise<T> {
    const now = this.now();
    this.seen.set(member, now);
    const id = `${member}\u0000${key}`;
    const entry = this.entries.get(id);
    if (entry?.pending) return entry.pending;
    if (entry && entry.value !== undefined) {
      if (now - entry.at < this.ttlMs()) return entry.value;
      this.refill(now);
      if (this.tokens < this.cost.weight) return entry.value;
    } else {
      this.refill(now);
    }
    this.tokens -= this.cost.weight;
    const fresh: Entry<T> = { at: now, value: entry?.value };
    fresh.pending = load().then(
      (value) => {
        this.entries.set(id, { at: this.now(), value });
        return value;
      },
      (error: unknown) => {
        this.entries.delete(id);
        throw error;
      },
    );
    this.refreshes += 1;
    this.entries.set(id, fresh);
    return fresh.pending;
  }

  /**
   * Loads now only if the budget holds the weight this moment (never borrowing), caching the
   * result like get(); null when the budget is spent. For optional refreshes that may wait.
   */
  tryLoad(member: string, key: string, load: () => Promise<T>): Promise<T> | null {
    const now = this.now();
    this.refill(now);
    if (this.tokens < this.cost.weight) return null;
    this.invalidate(member);
    return this.get(member, key, load);
  }

  invalidate(member: string): void {
    const prefix = `${member}\u0000`;
    for (const id of this.entries.keys()) if (id.startsWith(prefix)) this.entries.delete(id);
  }
}
