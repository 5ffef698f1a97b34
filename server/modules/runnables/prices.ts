/**
 * Live prices for bot and cycle screens, polled every 10 s by every open desktop: from the market-data
 * hub (the shared ticker stream; its one shared REST poll only for a pair it has not seen), one
 * question per distinct pair, never an exchange call per bot. When the hub cannot answer, the
 * price the engine last evaluated (its `last_price`) stands in.
 */
import type { ExchangeServices } from '../../exchange/services';
import { plainOrNull } from './figures';

/** What a price is asked for: a bot's or a cycle's row. */
interface PricedBot {
  symbol: string;
  /** 'Spot' or 'Future'. */
  category: string;
  lastPrice: string | null;
}

const keyOf = (bot: Pick<PricedBot, 'symbol' | 'category'>) => `${bot.category}:${bot.symbol}`;

async function hubPrice(exchange: ExchangeServices | undefined, bot: PricedBot): Promise<string | null> {
  if (!exchange || bot.symbol === '') return null;
  try {
    const hub = exchange.marketData;
    return bot.category === 'Future' ? await hub.futuresPrice(bot.symbol) : await hub.lastPrice(bot.symbol);
  } catch {
    return null; // the exchange is not answering: the engine's last price is the best we know
  }
}

export interface PriceBook {
  /** The price, or null when neither the hub nor the engine has seen one. */
  known(bot: PricedBot): string | null;
  /** The price for display: '0' when none is known yet. */
  of(bot: PricedBot): string;
}

/** Prices for these bots: one hub question per pair and market. */
export async function livePrices(exchange: ExchangeServices | undefined, list: readonly PricedBot[]): Promise<PriceBook> {
  const distinct = new Map<string, PricedBot>();
  for (const bot of list) if (!distinct.has(keyOf(bot))) distinct.set(keyOf(bot), bot);
  const entries = await Promise.all([...distinct].map(async ([key, bot]) => [key, await hubPrice(exchange, bot)] as const));
  const known = new Map(entries);
  const knownPrice = (bot: PricedBot) => known.get(keyOf(bot)) ?? plainOrNull(bot.lastPrice);
  return { known: knownPrice, of: (bot) => knownPrice(bot) ?? '0' };
}

export async function livePrice(exchange: ExchangeServices | undefined, bot: PricedBot): Promise<string> {
  return (await livePrices(exchange, [bot])).of(bot);
}
