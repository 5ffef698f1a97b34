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
 * USD-M last prices come the same way from the futures mini-ticker stream (the /market route),
 * started when a futures price is first asked for, with a briefly cached ticker/price for a pair
 * it has not mentioned or while it is down. Futures price listeners (the engine's futures bots)
 * get every batch of that stream and keep it running; while it is down the fallback polls
 * ticker/price for the pairs they track. Everything stops after a minute without subscribers,
 * listeners or price questions.
 */
import type { Kline, KlineInterval, TickerEntry } from '../../common/api/exchange';
import type { ExchangeGateway, Ticker } from './core/gateway';
import type { FeedStats } from './feed-stats';
import { TickerFeed } from './ticker-feed';

export { FEED_SOURCES, feedSource, type FeedSource, type FeedStats } from './feed-stats';

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

type Listener = (tickers: TickerEntry[]) => void;
/** Every price the feed delivers, any symbol (the engine's ticks). */
export type PriceListener = (rows: readonly Ticker[]) => void;
const IDLE_MS = 60_000;

/** Notes the stream batch that delivered each row (the feed counts the batch before handing it on). */
function streamed(rows: Ticker[], streamedIn: Map<string, number>, feed: TickerFeed): Ticker[] {
  for (const row of rows) streamedIn.set(row.symbol, feed.batches);
  return rows;
}

/** The rows of a REST answer no stream batch after `sentAfter` has overtaken. */
function notStreamedSince(rows: Ticker[], streamedIn: ReadonlyMap<string, number>, sentAfter: number): Ticker[] {
  return rows.filter((row) => (streamedIn.get(row.symbol) ?? -1) <= sentAfter);
}

/** Every pair some listener needs polled (a union: one engine's pairs never hide another's). */
function* trackedBy(listeners: ReadonlyMap<PriceListener, () => Iterable<string>>): Iterable<string> {
  for (const symbols of listeners.values()) yield* symbols();
}

export class MarketDataHub {
  private readonly listeners = new Set<Listener>();
  /** Each price listener with the pairs it needs polled while the stream is down (every engine of the process: bots, cycles). */
  private readonly priceListeners = new Map<PriceListener, () => Iterable<string>>();
  private readonly futuresListeners = new Map<PriceListener, () => Iterable<string>>();
  private readonly inUse = new Map<string, number>();
  private readonly snapshot = new Map<string, TickerEntry>();
  private readonly spotFeed: TickerFeed;
  private readonly futuresFeed: TickerFeed;
  private readonly futuresSnapshot = new Map<string, string>();
  /** Per symbol, the stream batch (TickerFeed.batches) that last delivered it: a REST answer sent before it is older. */
  private readonly streamedIn = new Map<string, number>();
  private readonly futuresStreamedIn = new Map<string, number>();
  private fallback: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  /** The pairs the request under way (`polling`) asked for. */
  private pollingFor: ReadonlySet<string> = new Set();
  private futuresPolling: Promise<void> | null = null;
  private lastAsked = 0;
  private readonly ttlCache = new Map<string, { at: number; value: Promise<unknown> }>();
  private restPolls = 0;
  /** Whether the fallback published REST prices while each stream was down (resync() reads them again once it is up). */
  private readWhileDown = { spot: false, futures: false };
  private lastPriceAt: number | null = null;
  private futuresRestPolls = 0;
  private futuresAsked = 0;
  readonly pollMs: number;

  constructor(
    private readonly gateway: ExchangeGateway,
    private readonly options: MarketDataOptions,
  ) {
    this.pollMs = options.pollMs ?? 1_000;
    const backoff = { reconnectMinMs: options.reconnectMinMs, reconnectMaxMs: options.reconnectMaxMs };
    this.spotFeed = new TickerFeed(
      () => gateway.tickerStream('spot'),
      (rows) => this.publish(streamed(rows, this.streamedIn, this.spotFeed)),
      { ...backoff, onUp: () => this.resync('spot') },
    );
    this.futuresFeed = new TickerFeed(
      () => gateway.tickerStream('futures'),
      (rows) => this.publishFutures(streamed(rows, this.futuresStreamedIn, this.futuresFeed)),
      { ...backoff, onUp: () => this.resync('futures') },
    );
  }

  /** Subscribes to ticker snapshots (pushed when a pinned pair changes). */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    this.ensureRunning();
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Every price batch the feed or the REST fallback delivers, for every symbol. While anyone
   * listens the feed keeps running; `symbols` names the pairs the REST fallback must poll while
   * the stream is down (the engine's bots' pairs).
   */
  onPrices(listener: PriceListener, symbols: () => Iterable<string>): () => void {
    this.priceListeners.set(listener, symbols);
    this.ensureRunning();
    return () => {
      this.priceListeners.delete(listener);
    };
  }

  /**
   * Every USD-M price batch, as onPrices for spot: the futures stream's batches, and while it is
   * down ticker/price for the pairs `symbols` names, once per pollMs. While anyone listens the
   * futures stream keeps running; after the last listener leaves it stops once a minute passes
   * without futures price questions.
   */
  onFuturesPrices(listener: PriceListener, symbols: () => Iterable<string>): () => void {
    this.futuresListeners.set(listener, symbols);
    this.ensureTimer();
    this.futuresFeed.start();
    return () => {
      if (!this.futuresListeners.delete(listener) || this.futuresListeners.size > 0) return;
      this.futuresAsked = Date.now(); // the idle minute counts from here, not from the last question
    };
  }

  /** The last spot price the feed has for `symbol`, without asking the exchange. */
  knownPrice(symbol: string): string | null {
    return this.snapshot.get(symbol)?.price ?? null;
  }

  /** The last USD-M price the futures feed (or its fallback) has for `symbol`, without asking the exchange. */
  knownFuturesPrice(symbol: string): string | null {
    return this.futuresSnapshot.get(symbol) ?? null;
  }

  get subscribers(): number {
    return this.listeners.size;
  }

  feedStats(): FeedStats {
    return {
      streamUp: this.spotFeed.up,
      streamBatches: this.spotFeed.batches,
      streamFailures: this.spotFeed.failures,
      restPolls: this.restPolls,
      futuresStreamUp: this.futuresFeed.up,
      futuresRestPolls: this.futuresRestPolls,
      lastPriceAt: this.lastPriceAt,
    };
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
    if (!this.snapshot.has(symbol)) {
      // A request already out was sent before this pair was asked for: its answer cannot name it.
      const joinsOneWithout = this.polling !== null && !this.pollingFor.has(symbol);
      await this.poll();
      if (joinsOneWithout && !this.snapshot.has(symbol)) await this.poll();
    }
    return this.snapshot.get(symbol)?.price ?? null;
  }

  /**
   * USD-M last price: from the futures stream while it is up; otherwise (or for a pair it has not
   * mentioned yet) ticker/price cached briefly, so a polling screen costs at most 1 weight/s per pair.
   */
  async futuresPrice(symbol: string): Promise<string | null> {
    this.lastAsked = Date.now();
    this.futuresAsked = Date.now();
    this.ensureRunning();
    this.futuresFeed.start();
    const streamed = this.futuresFeed.up ? this.futuresSnapshot.get(symbol) : undefined;
    if (streamed !== undefined) return streamed;
    const prices = await this.cached(`f:${symbol}`, this.options.futuresPriceTtlMs ?? 1_000, () =>
      this.gateway.lastPrices('futures', [symbol]),
    );
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
    const known = this.spotFeed.up ? symbols.filter((s) => this.snapshot.has(s)) : [];
    const prices: Record<string, string> = Object.fromEntries(known.map((s) => [s, this.snapshot.get(s)!.price]));
    if (known.length === symbols.length) return prices;
    const all = await this.cached('spot:all', this.options.futuresPriceTtlMs ?? 2_000, () => this.gateway.lastPrices('spot'));
    for (const s of symbols) if (!(s in prices) && all[s] !== undefined) prices[s] = all[s];
    return prices;
  }

  klines(symbol: string, interval: KlineInterval, limit: number): Promise<Kline[]> {
    return this.cached(`k:${symbol}:${interval}:${limit}`, this.options.klinesTtlMs ?? 5_000, () =>
      this.gateway.klines(symbol, interval, limit),
    );
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
    return [...new Set([...this.options.tickerSymbols, ...this.inUse.keys(), ...trackedBy(this.priceListeners)])];
  }

  private spotIdle(): boolean {
    return this.listeners.size === 0 && this.priceListeners.size === 0 && Date.now() - this.lastAsked > IDLE_MS;
  }

  private futuresIdle(): boolean {
    return this.futuresListeners.size === 0 && Date.now() - this.futuresAsked > IDLE_MS;
  }

  private ensureRunning(): void {
    this.spotFeed.start();
    this.ensureTimer();
  }

  /** The once-per-pollMs timer: idle checks, and the REST fallback of whichever stream is down. */
  private ensureTimer(): void {
    if (this.fallback) return;
    this.fallback = setInterval(() => void this.fallbackTick(), this.pollMs);
    this.fallback.unref();
  }

  private async fallbackTick(): Promise<void> {
    const spotIdle = this.spotIdle();
    const futuresIdle = this.futuresIdle();
    if (spotIdle && futuresIdle) return this.stop();
    if (futuresIdle && this.futuresFeed.running) this.stopFutures();
    // Futures listeners alone keep the timer, not the spot stream: it restarts with the next spot use.
    if (spotIdle) this.spotFeed.stop();
    // A failed poll keeps the last prices; the next tick retries.
    await Promise.all([
      spotIdle || this.spotFeed.up ? undefined : this.poll().catch(() => undefined),
      futuresIdle || this.futuresFeed.up ? undefined : this.pollFutures().catch(() => undefined),
    ]);
  }

  private stop(): void {
    if (this.fallback) clearInterval(this.fallback);
    this.fallback = null;
    this.spotFeed.stop();
    this.stopFutures();
  }

  /** Stopped, its prices age without notice: the next start builds them again. */
  private stopFutures(): void {
    this.futuresFeed.stop();
    this.futuresSnapshot.clear();
  }

  /**
   * A stream is up again after the fallback read REST prices while it was down: those pairs are
   * read once more. An all-market stream sends a pair only when it changes, so a price that moved
   * after the fallback's last read and before the stream was back, and is quiet since, would never
   * come, and an engine would act on the old one until the pair moved again. The read keeps every
   * pair the stream delivered from the batch that brought it up on (sentAfter is the count before
   * it); one already under way was sent before that batch, so this one follows it.
   */
  private resync(market: 'spot' | 'futures'): void {
    if (!this.readWhileDown[market]) return;
    this.readWhileDown[market] = false;
    const spot = market === 'spot';
    const sentAfter = (spot ? this.spotFeed : this.futuresFeed).batches - 1;
    const underWay = (spot ? this.polling : this.futuresPolling) ?? Promise.resolve();
    void underWay
      .catch(() => undefined)
      .then(() => (spot ? this.poll(sentAfter) : this.pollFutures(sentAfter)))
      .catch(() => undefined);
  }

  /**
   * One shared REST request for everyone waiting on it. Its answer may arrive after the stream
   * delivered a newer price of some pair (the stream coming up, or a pair asked for while it is
   * up): those pairs keep the stream's price, or the engine would act on a price already gone.
   */
  poll(sentAfter = this.spotFeed.batches): Promise<void> {
    if (this.polling) return this.polling;
    if (!this.spotFeed.up) this.readWhileDown.spot = true;
    const symbols = this.symbols();
    this.pollingFor = new Set(symbols);
    this.polling = this.gateway
      .tickers(symbols)
      .then((rows) => {
        this.restPolls += 1;
        const current = notStreamedSince(rows, this.streamedIn, sentAfter);
        if (current.length > 0) this.publish(current);
      })
      .finally(() => {
        this.polling = null;
      });
    return this.polling;
  }

  /**
   * ticker/price for the pairs the futures listeners track, one shared request, published like a
   * stream batch (ticker/price carries no 24 h change: '0').
   */
  private pollFutures(sentAfter = this.futuresFeed.batches): Promise<void> {
    const symbols = [...new Set(trackedBy(this.futuresListeners))];
    if (symbols.length === 0) return Promise.resolve();
    if (!this.futuresFeed.up) this.readWhileDown.futures = true;
    this.futuresPolling ??= this.gateway
      .lastPrices('futures', symbols)
      .then((prices) => {
        this.futuresRestPolls += 1;
        // The stream may have come back while the request was out: its prices are the newer ones.
        const rows = Object.entries(prices).map(([symbol, price]) => ({ symbol, price, changePercent: '0' }));
        const current = notStreamedSince(rows, this.futuresStreamedIn, sentAfter);
        if (current.length > 0) this.publishFutures(current);
      })
      .finally(() => {
        this.futuresPolling = null;
      });
    return this.futuresPolling;
  }

  private publishFutures(rows: Ticker[]): void {
    for (const row of rows) this.futuresSnapshot.set(row.symbol, row.price);
    for (const listener of this.futuresListeners.keys()) listener(rows);
  }

  /** Takes in USDT pairs and tells subscribers when a pinned pair changed. */
  private publish(rows: Ticker[]): void {
    if (rows.length > 0) this.lastPriceAt = Date.now();
    for (const listener of this.priceListeners.keys()) listener(rows);
    let changed = false;
    const pinned = new Set(this.options.tickerSymbols);
    for (const row of rows) {
      if (!row.symbol.endsWith('USDT')) continue;
      const before = this.snapshot.get(row.symbol);
      if (pinned.has(row.symbol) && (!before || before.price !== row.price || before.changePercent !== row.changePercent))
        changed = true;
      this.snapshot.set(row.symbol, row);
    }
    if (!changed) return;
    const list = this.pinned();
    for (const listener of this.listeners) listener(list);
  }

  close(): void {
    this.stop();
    this.listeners.clear();
    this.priceListeners.clear();
    this.futuresListeners.clear();
  }
}
