/**
 * The gateway on ccxt: one keyless client for public data, one client per member key (cached,
 * evicted when idle), all behind one WeightGovernor. Raw Binance endpoints keep amounts as the
 * exchange's decimal strings; ccxt still signs, maps error codes and reports headers.
 */
import type { Kline, KlineInterval } from '../../common/api/exchange';
import { type CcxtClient, CcxtClientFactory, type ClientTarget, type Endpoint, ENDPOINTS, raw } from './ccxt-client';
import { parseKlines, parseMarkets, trim } from './ccxt-parse';
import { CcxtMember, type MemberTuning } from './ccxt-member';
import { CcxtTickerStream } from './ccxt-ticker-stream';
import { withRetry, type RetryOptions } from './errors';
import type { ExchangeGateway, Market, MarketInfo, MemberGateway, MemberKey, Ticker, TickerStream } from './core/gateway';
import { DirectSigned } from './direct-signed';
import { userStreamUrls } from './user-streams/protocols';
import { WeightGovernor } from './core/weight-governor';
import { WsOrderChannel } from './ws-order-channel';

export interface CcxtGatewayOptions extends ClientTarget {
  governor?: WeightGovernor;
  /** Member clients unused this long are dropped. Default 10 minutes. */
  idleMs?: number;
  retry?: RetryOptions;
  member?: Partial<MemberTuning>;
  /** Orders are sent on the direct signed path (direct-signed.ts) unless this is false (bench:exchange compares both). */
  directOrders?: boolean;
  /**
   * Spot orders of the direct path go over one WebSocket API connection (ws-order-channel.ts)
   * unless this is false; REST carries them while that connection is not open.
   */
  wsOrders?: boolean;
}

const MARKETS_TTL_MS = 3_600_000;

export class CcxtGateway implements ExchangeGateway {
  readonly governor: WeightGovernor;
  private readonly factory: CcxtClientFactory;
  private readonly publicClient: CcxtClient;
  private readonly members = new Map<string, { gateway: CcxtMember; client: CcxtClient; lastUsed: number }>();
  private readonly marketCache = new Map<Market, { at: number; value: Promise<MarketInfo[]> }>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly orderChannel: WsOrderChannel | null;

  constructor(private readonly options: CcxtGatewayOptions) {
    this.governor = options.governor ?? new WeightGovernor();
    this.factory = new CcxtClientFactory(options, this.governor);
    this.publicClient = this.factory.create();
    const idleMs = options.idleMs ?? 600_000;
    this.sweeper = setInterval(() => this.evictIdle(idleMs), Math.max(1_000, idleMs / 2));
    this.sweeper.unref();
    this.orderChannel =
      options.wsOrders === false || options.directOrders === false
        ? null
        : new WsOrderChannel(userStreamUrls(options.simUrl).spot);
  }

  private call<T>(endpoint: Endpoint, params: Record<string, unknown> = {}): Promise<T> {
    return withRetry(() => raw(this.publicClient, endpoint, params) as Promise<T>, this.options.retry);
  }

  markets(market: Market): Promise<MarketInfo[]> {
    const cached = this.marketCache.get(market);
    if (cached && Date.now() - cached.at < MARKETS_TTL_MS) return cached.value;
    const value = this.call(market === 'spot' ? ENDPOINTS.exchangeInfo : ENDPOINTS.futuresExchangeInfo).then(parseMarkets);
    value.catch(() => this.marketCache.delete(market));
    this.marketCache.set(market, { at: Date.now(), value });
    return value;
  }

  async lastPrices(market: Market, symbols?: string[]): Promise<Record<string, string>> {
    const one = symbols?.length === 1 ? { symbol: symbols[0] } : {};
    const rows = await this.call<unknown>(market === 'spot' ? ENDPOINTS.tickerPrice : ENDPOINTS.futuresTickerPrice, one);
    const list = (Array.isArray(rows) ? rows : [rows]) as { symbol: string; price: string }[];
    const wanted = symbols ? new Set(symbols) : null;
    return Object.fromEntries(list.filter((r) => !wanted || wanted.has(r.symbol)).map((r) => [r.symbol, trim(String(r.price))]));
  }

  /** ticker/24hr in batches of 20 symbols: weight 2 each, where 21-100 symbols cost 40. */
  async tickers(symbols: string[]): Promise<Ticker[]> {
    const batches: string[][] = [];
    for (let i = 0; i < symbols.length; i += 20) batches.push(symbols.slice(i, i + 20));
    const rows = await Promise.all(
      batches.map((batch) =>
        this.call<{ symbol: string; lastPrice: string; priceChangePercent: string }[]>(ENDPOINTS.ticker24hr, {
          symbols: JSON.stringify(batch),
        }),
      ),
    );
    return rows
      .flat()
      .map((r) => ({ symbol: r.symbol, price: trim(String(r.lastPrice)), changePercent: trim(String(r.priceChangePercent)) }));
  }

  tickerStream(market: Market): TickerStream {
    return new CcxtTickerStream(this.options, this.governor, market);
  }

  async klines(symbol: string, interval: KlineInterval, limit: number): Promise<Kline[]> {
    return parseKlines(await this.call(ENDPOINTS.klines, { symbol, interval, limit }));
  }

  member(key: MemberKey): MemberGateway {
    const id = `${key.apiKey}\u0000${key.secretKey}`;
    let entry = this.members.get(id);
    if (!entry) {
      const client = this.factory.create(key);
      const direct = this.options.directOrders === false ? null : DirectSigned.for(client, this.governor, this.orderChannel);
      entry = { client, gateway: new CcxtMember(client, this.options.retry, this.options.member, direct), lastUsed: 0 };
      this.members.set(id, entry);
    }
    entry.lastUsed = Date.now();
    return entry.gateway;
  }

  /**
   * Opens the spot order connection now (the engine does this at start); false when orders go
   * over REST instead (turned off, or the connection cannot be opened: it is retried on use).
   */
  openOrderConnection(): Promise<boolean> {
    return this.orderChannel?.open() ?? Promise.resolve(false);
  }

  /** Spot orders sent over the WebSocket API connection so far (tests, bench). */
  get ordersOverWebSocket(): number {
    return this.orderChannel?.sent ?? 0;
  }

  /** Number of cached member clients (tests, bench). */
  get memberClients(): number {
    return this.members.size;
  }

  private evictIdle(idleMs: number): void {
    const cutoff = Date.now() - idleMs;
    for (const [id, entry] of this.members) if (entry.lastUsed < cutoff) this.members.delete(id);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.orderChannel?.close();
    this.members.clear();
  }
}
