/**
 * The market-data hub: one shared ticker feed for every symbol, fanned out to any number of
 * subscribers, with last prices kept for liveprice and swaps.
 *
 * Feed: the exchange's all-market mini-ticker WebSocket stream (gateway.tickerStream()), one
 * connection for the whole process and no request weight, whatever the number of viewers or
 * pairs. REST (ticker/24hr in batches of 20 symbols, weight 2 each) only fills the gaps: the
 * first snapshot, a pair the stream has not mentioned yet (it sends only what changed), and the
 * time the stream is down: from a drop until its first message after reconnecting, the symbols
 * in use are polled once per pollMs, so prices never freeze while it reconnects (with backoff).
 * Everything stops after a minute without subscribers or price questions.
 */
import type { Kline, KlineInterval, TickerEntry } from '../../common/api/exchange';
import type { ExchangeGateway, Ticker, TickerStream } from './gateway';

export interface MarketDataOptions {
  /** The pinned ticker's pairs. */
  tickerSymbols: string[];
  /** REST fallback cadence while the stream is down. Default 1 s. */
  pollMs?: number;
  /** Cache of futures prices and klines. */
  futuresPriceTtlMs?: number;
  klinesTtlMs?: number;
  /** Reconnect backoff bounds. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

export interface FeedStats {
  streamUp: boolean;
  streamBatches: number;
  streamFailures: number;
  restPolls: number;
}

type Listener = (tickers: TickerEntry[]) => void;
const IDLE_MS = 60_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export class MarketDataHub {
  private readonly listeners = new Set<Listener>();
  private readonly inUse = new Map<string, number>();
  private readonly snapshot = new Map<string, TickerEntry>();
  private stream: TickerStream | null = null;
  private fallback: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private lastAsked = 0;
  private readonly ttlCache = new Map<string, { at: number; value: Promise<unknown> }>();
  private readonly stats: FeedStats = { streamUp: false, streamBatches: 0, streamFailures: 0, restPolls: 0 };
  readonly pollMs: number;

  constructor(
    private readonly gateway: ExchangeGateway,
    private readonly options: MarketDataOptions,
  ) {
    this.pollMs = options.pollMs ?? 1_000;
  }

  /** Subscribes to ticker snapshots (pushed when a pinned pair changes). */
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

  feedStats(): FeedStats {
    return { ...this.stats };
  }

  /** The pinned ticker: configured pairs, in their configured order. */
  async tickers(): Promise<TickerEntry[]> {
    this.lastAsked = Date.now();
    this.ensureRunning();
    if (this.options.tickerSymbols.some((s) => !this.snapshot.has(s))) await this.poll();
    return this.pinned();
  }

  /** Last spot price of a symbol (kept fresh by the feed while it is asked for). */
  async lastPrice(symbol: string): Promise<string | null> {
    this.lastAsked = Date.now();
    this.inUse.set(symbol, Date.now());
    this.ensureRunning();
    if (!this.snapshot.has(symbol)) await this.poll();
    return this.snapshot.get(symbol)?.price ?? null;
  }

  /** Futures last price, cached briefly so a polling screen costs at most 1 weight/s per pair. */
  async futuresPrice(symbol: string): Promise<string | null> {
    const prices = await this.cached(`f:${symbol}`, this.options.futuresPriceTtlMs ?? 1_000,
      () => this.gateway.lastPrices('futures', [symbol]));
    return prices[symbol] ?? null;
  }

  /**
   * Last spot prices of these pairs (values asset lists): from the feed while it is up, which
   * costs nothing; pairs it has not mentioned, or all of them while it is down, from ticker/price
   * (every symbol, 4 weight, cached briefly).
   */
  async spotPrices(symbols: string[]): Promise<Record<string, string>> {
    this.lastAsked = Date.now();
    this.ensureRunning();
    const known = this.stats.streamUp ? symbols.filter((s) => this.snapshot.has(s)) : [];
    const prices: Record<string, string> = Object.fromEntries(known.map((s) => [s, this.snapshot.get(s)!.price]));
    if (known.length === symbols.length) return prices;
    const all = await this.cached('spot:all', this.options.futuresPriceTtlMs ?? 2_000, () => this.gateway.lastPrices('spot'));
    for (const s of symbols) if (!(s in prices) && all[s] !== undefined) prices[s] = all[s];
    return prices;
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

  private pinned(): TickerEntry[] {
    return this.options.tickerSymbols.flatMap((s) => this.snapshot.get(s) ?? []);
  }

  /** Pinned pairs plus the ones asked for in the last minute. */
  private symbols(): string[] {
    const cutoff = Date.now() - IDLE_MS;
    for (const [s, at] of this.inUse) if (at < cutoff) this.inUse.delete(s);
    return [...new Set([...this.options.tickerSymbols, ...this.inUse.keys()])];
  }

  private idle(): boolean {
    return this.listeners.size === 0 && Date.now() - this.lastAsked > IDLE_MS;
  }

  private ensureRunning(): void {
    if (this.stream) return;
    const stream = this.gateway.tickerStream();
    this.stream = stream;
    this.fallback = setInterval(() => void this.fallbackTick(), this.pollMs);
    this.fallback.unref();
    void this.readStream(stream);
  }

  private async readStream(stream: TickerStream): Promise<void> {
    const minMs = this.options.reconnectMinMs ?? 500;
    let backoff = minMs;
    while (this.stream === stream) {
      try {
        const rows = await stream.next();
        if (this.stream !== stream) break;
        this.stats.streamUp = true;
        this.stats.streamBatches += 1;
        backoff = minMs;
        this.publish(rows);
      } catch {
        if (this.stream !== stream) break;
        this.stats.streamUp = false;
        this.stats.streamFailures += 1;
        await sleep(backoff);
        backoff = Math.min(backoff * 2, this.options.reconnectMaxMs ?? 30_000);
      }
    }
    await stream.close().catch(() => undefined);
  }

  private async fallbackTick(): Promise<void> {
    if (this.idle()) return this.stop();
    if (this.stats.streamUp) return;
    await this.poll().catch(() => undefined); // a failed poll keeps the last snapshot; the next one retries
  }

  private stop(): void {
    if (this.fallback) clearInterval(this.fallback);
    this.fallback = null;
    const stream = this.stream;
    this.stream = null; // the reader sees this and leaves its loop
    this.stats.streamUp = false;
    void stream?.close().catch(() => undefined); // rejects the pending read, even on a silent market
  }

  /** One shared REST request for everyone waiting on it. */
  poll(): Promise<void> {
    this.polling ??= this.gateway.tickers(this.symbols()).then((rows) => {
      this.stats.restPolls += 1;
      this.publish(rows);
    }).finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  /** Takes in USDT pairs and tells subscribers when a pinned pair changed. */
  private publish(rows: Ticker[]): void {
    let changed = false;
    const pinned = new Set(this.options.tickerSymbols);
    for (const row of rows) {
      if (!row.symbol.endsWith('USDT')) continue;
      const before = this.snapshot.get(row.symbol);
      if (pinned.has(row.symbol) && (!before || before.price !== row.price || before.changePercent !== row.changePercent)) changed = true;
      this.snapshot.set(row.symbol, row);
    }
    if (!changed) return;
    const list = this.pinned();
    for (const listener of this.listeners) listener(list);
  }

  close(): void {
    this.stop();
    this.listeners.clear();
  }
}
