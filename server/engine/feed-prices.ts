/**
 * Where the engine's prices come from: the feed a bot ticks on (spot, or USD-M for a Future bot),
 * this engine's last tick of it, and, when a bot is taken on, the price now.
 */
import type { ExchangeServices } from '../exchange/services';
import type { Market } from '../exchange/core/gateway';

/** What a price is looked up for: a bot's pair and the market it trades on. */
interface Follower {
  symbol: string;
  market: Market;
}

/**
 * A futures bot ticks on USD-M prices, which are not spot's: its feed key (the symbol label of
 * the engine's price gauge, too) is the symbol with this suffix, 'BTCUSDT_PERP'.
 */
export const FUTURES_FEED_SUFFIX = '_PERP';
export const feedKeyOf = (runner: Follower) =>
  runner.market === 'futures' ? runner.symbol + FUTURES_FEED_SUFFIX : runner.symbol;
/** The spot (or USD-M) symbols among feed keys. */
export const keysOf = (keys: Iterable<string>, futures: boolean) =>
  [...keys].flatMap((k) =>
    k.endsWith(FUTURES_FEED_SUFFIX) === futures ? [futures ? k.slice(0, -FUTURES_FEED_SUFFIX.length) : k] : [],
  );

export class FeedPrices {
  /** Price questions in flight, by feed key, shared by the bots a claim takes on at once. */
  private readonly asking = new Map<string, Promise<string | null>>();

  constructor(
    private readonly exchange: ExchangeServices,
    /** The engine's last tick by feed key: current for every pair a bot of this engine follows. */
    private readonly lastTick: ReadonlyMap<string, string>,
  ) {}

  /** The bot's last price this process or its feed knows, without asking the exchange. */
  known(runner: Follower): string | null {
    const md = this.exchange.marketData;
    return (
      this.lastTick.get(feedKeyOf(runner)) ??
      (runner.market === 'futures' ? md.knownFuturesPrice(runner.symbol) : md.knownPrice(runner.symbol))
    );
  }

  /**
   * The price a bot is taken on at: this engine's last tick of the pair while a bot here follows
   * the pair (every change of it since reached this engine, and reaches the new bot from here on),
   * else the exchange's answer now, as a restarted engine asks it. A feed's price of a pair no bot
   * here follows may be stale (a change made while its stream connected is never pushed; the
   * engine forgets its own last tick of a pair it stops following, PriceFanout.unfollowed), and a
   * taken-over bot would wait on a quiet pair for its next change.
   */
  async current(runner: Follower): Promise<string | null> {
    const feedKey = feedKeyOf(runner);
    const followed = this.lastTick.get(feedKey);
    if (followed !== undefined) return followed;
    let asked = this.asking.get(feedKey);
    if (!asked) {
      // One question per pair for every bot of it a claim takes on at once.
      asked = this.exchange.gateway
        .lastPrices(runner.market, [runner.symbol])
        .then(
          (prices) => prices[runner.symbol] ?? null,
          () => null,
        )
        .finally(() => this.asking.delete(feedKey));
      this.asking.set(feedKey, asked);
    }
    return (await asked) ?? this.fromFeed(runner);
  }

  /** The feed's price, asked of the exchange when the feed has none (the exchange did not answer above). */
  private async fromFeed(runner: Follower): Promise<string | null> {
    const known = this.known(runner);
    if (known !== null) return known;
    const md = this.exchange.marketData;
    return await (runner.market === 'futures' ? md.futuresPrice(runner.symbol) : md.lastPrice(runner.symbol)).catch(() => null);
  }
}
