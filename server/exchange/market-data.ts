/**
 * The market-data hub: one shared ticker feed for every symbol in use, fanned out to any number
 * of subscribers, with last prices cached for liveprice.
 *
 * Feed choice: REST polling of ticker/24hr once a second, in batches of at most 20 symbols
 * (weight 2 each; 21-100 symbols would cost 40). The ~22 ticker pairs plus the pairs members ask
 * for fit in 2 batches = 4 weight/s = 240 weight/min, 4 % of the 6,000 spot budget and
 * independent of how many members watch. A WebSocket feed would cost no weight, but adds a
 * reconnect/resubscribe state machine and the same 1 s delivery cadence the ticker needs; the
 * gateway interface leaves room to swap it in. Polling only runs while someone subscribes or
 * asked for a price in the last minute.
 */
import type { Kline, KlineInterval, TickerEntry } from '../../common/api/exchange';
import type { ExchangeGateway } from './gateway';

export interface MarketDataOptions {
  /** The pinned ticker's pairs. */
  tickerSymbols: string[];
  pollMs?: number;
  /** Cache of futures prices and klines. */
  futuresPriceTtlMs?: number;
  klinesTtlMs?: number;
}

type Listener = (tickers: TickerEntry[]) => void;
const IDLE_MS = 60_000;

export class MarketDataHub {
  private readonly listeners = new Set<Listener>();
  private readonly inUse = new Map<string, number>();
  private snapshot = new Map<string, TickerEntry>();
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private lastAsked = 0;
  private readonly ttlCache = new Map<string, { at: number; value: Promise<unknown> }>();
  readonly pollMs: number;
  polls = 0;

  constructor(
    private readonly gateway: ExchangeGateway,
    private readonly options: MarketDataOptions,
  ) {
    this.pollMs = options.pollMs ?? 1_000;
  }

  /** Subscribes to ticker snapshots (pushed on change, at most once per poll). */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    this.ensureRunning();
    return () => {
      this.listeners.delete(listener);
    };
  }

  get subscribers(): number {
    return this.listeners.size;
  }

  /** The pinned ticker: configured pairs, in their configured order. */
  async tickers(): Promise<TickerEntry[]> {
    this.lastAsked = Date.now();
    this.ensureRunning();
    if (this.options.tickerSymbols.some((s) => !this.snapshot.has(s))) await this.poll();
    return this.options.tickerSymbols.flatMap((s) => this.snapshot.get(s) ?? []);
  }

  /** Last spot price of a symbol; adds it to the shared feed for the next minute. */
  async lastPrice(symbol: string): Promise<string | null> {
    this.lastAsked = Date.now();
    const fresh = !this.inUse.has(symbol) && !this.options.tickerSymbols.includes(symbol);
    this.inUse.set(symbol, Date.now());
    this.ensureRunning();
    if (fresh || !this.snapshot.has(symbol)) await this.poll();
    return this.snapshot.get(symbol)?.price ?? null;
  }

  /** Futures last price, cached briefly so a polling screen costs at most 1 weight/s per pair. */
  async futuresPrice(symbol: string): Promise<string | null> {
    const prices = await this.cached(`f:${symbol}`, this.options.futuresPriceTtlMs ?? 1_000,
      () => this.gateway.lastPrices('futures', [symbol]));
    return prices[symbol] ?? null;
  }

  /** Every spot last price (ticker/price, 4 weight), cached briefly: values asset lists. */
  spotPrices(): Promise<Record<string, string>> {
    return this.cached('spot:all', this.options.futuresPriceTtlMs ?? 2_000, () => this.gateway.lastPrices('spot'));
  }

  klines(symbol: string, interval: KlineInterval, limit: number): Promise<Kline[]> {
    return this.cached(`k:${symbol}:${interval}:${limit}`, this.options.klinesTtlMs ?? 5_000,
      () => this.gateway.klines(symbol, interval, limit));
  }

  private cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const hit = this.ttlCache.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit.value as Promise<T>;
    const value = load();
    value.catch(() => this.ttlCache.delete(key));
    this.ttlCache.set(key, { at: Date.now(), value });
    if (this.ttlCache.size > 500) this.ttlCache.delete(this.ttlCache.keys().next().value!);
    return value;
  }

  private symbols(): string[] {
    const cutoff = Date.now() - IDLE_MS;
    for (const [s, at] of this.inUse) if (at < cutoff) this.inUse.delete(s);
    return [...new Set([...this.options.tickerSymbols, ...this.inUse.keys()])];
  }

  private ensureRunning(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.pollMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.listeners.size === 0 && Date.now() - this.lastAsked > IDLE_MS) {
      clearInterval(this.timer!);
      this.timer = null;
      return;
    }
    await this.poll().catch(() => undefined); // a failed poll keeps the last snapshot; the next one retries
  }

  /** One shared request for everyone waiting on it. */
  poll(): Promise<void> {
    this.polling ??= this.fetchAndPublish().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  private async fetchAndPublish(): Promise<void> {
    const rows = await this.gateway.tickers(this.symbols());
    this.polls += 1;
    let changed = false;
    for (const row of rows) {
      const before = this.snapshot.get(row.symbol);
      if (!before || before.price !== row.price || before.changePercent !== row.changePercent) changed = true;
      this.snapshot.set(row.symbol, row);
    }
    if (!changed) return;
    const list = this.options.tickerSymbols.flatMap((s) => this.snapshot.get(s) ?? []);
    for (const listener of this.listeners) listener(list);
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.listeners.clear();
  }
}
