/**
 * A takeover is a restart: an engine that takes a bot from a dead engine's expired lease acts on
 * the price as it is when it takes the bot on, at once, as a restarted engine does. On a quiet
 * pair the price may not move again for a long time; a stop loss crossed while no engine held
 * the bot must not wait for it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CcxtGateway } from '../exchange/ccxt-gateway';
import { exchangeServices, type ExchangeInternals } from '../exchange/exchange-factory';
import { WeightGovernor } from '../exchange/core/weight-governor';
import { databaseTargets } from '../testing/databases';
import { EngineHarness, until } from './testing/harness';

const targets = await databaseTargets();
const SYMBOL = 'SOLUSDT';

/** The exchange as another engine process sees it: its own connections and price feed to the same simulator. */
function ownExchange(h: EngineHarness): ExchangeInternals {
  const governor = new WeightGovernor({ limits: h.server.config.exchangeWeight });
  const url = h.exchange.simulator.url;
  const gateway = new CcxtGateway({ simUrl: url, governor, retry: { baseMs: 20, maxMs: 100 }, member: { lookupDelayMs: 50 } });
  return exchangeServices(gateway, governor, { simUrl: url, tickerPollMs: 100 });
}

/**
 * A feed whose stream connected while the pair changed to `missed`: it never delivers that
 * change, and keeps the price it had before (`stale`) until the pair's next change.
 */
function feedMissedTheChange(exchange: ExchangeInternals, stale: string, missed: string): void {
  const md = exchange.marketData;
  const known = md.knownPrice.bind(md);
  const onPrices = md.onPrices.bind(md);
  // In the stream's notation or ours: '139.00000000' is '139.00'.
  const isMissed = (symbol: string, price: string | null) =>
    symbol === SYMBOL && (price === null || Number(price) === Number(missed));
  md.knownPrice = (symbol) => (isMissed(symbol, known(symbol)) ? stale : known(symbol));
  md.lastPrice = async (symbol) => md.knownPrice(symbol);
  md.onPrices = (listener, symbols) => onPrices((rows) => listener(rows.filter((r) => !isMissed(r.symbol, r.price))), symbols);
}

describe.each(targets)('engine takeover on $name', (target) => {
  let h: EngineHarness | undefined;
  let exchange: ExchangeInternals | undefined;
  afterEach(async () => {
    await h?.close();
    await exchange?.close();
    h = undefined;
    exchange = undefined;
  });

  it("acts on the price as it is once it takes a dead engine's bot on: a stop loss crossed meanwhile stops it without another change", async () => {
    const {
      h: harness,
      engine: first,
      botId,
    } = await EngineHarness.withBot(target, SYMBOL, '145.00', { bot: { stoplossPrice: '140' }, engine: { leaseMs: 600 } });
    h = harness;
    expect(await h.trades(botId)).toHaveLength(1); // grid 1 bought at the start
    // The engine dies as under kill -9: its lease stays until it expires.
    first.kill();
    await until(async () => (await h!.bot(botId)).leaseExpiresAt!.getTime() < Date.now());
    // The price crosses the stop loss while nobody runs the bot, then stays there.
    h.setPrice(SYMBOL, '139.00');
    exchange = ownExchange(h);
    feedMissedTheChange(exchange, '145.00', '139.00');
    const second = h.startEngine({ exchange }, 'second');
    await until(async () => (await h!.bot(botId)).leaseOwner === second.id || (await h!.bot(botId)).status === 'Stopped', 10_000);
    // The pair stays at 139: only the takeover itself may act on it.
    await until(async () => (await h!.bot(botId)).status === 'Stopped', 10_000);
    const bot = await h.bot(botId);
    expect([bot.status, bot.stopReason]).toEqual(['Stopped', 'stoploss']);
    expect((await h.trades(botId)).map((t) => t.side)).toEqual(['buy', 'sell']);
  });

  it('asks the exchange as a restart does when it no longer follows the pair: its last tick of it may be stale', async () => {
    const {
      h: harness,
      engine: first,
      botId,
    } = await EngineHarness.withBot(target, SYMBOL, '145.00', {
      bot: { stoplossPrice: '140' },
      engine: { leaseMs: 600, claimEveryMs: 600_000 },
    });
    h = harness;
    // The second engine runs another member's bot on the pair until its higher stop loss ends it.
    const other = await h.addMember();
    exchange = ownExchange(h);
    feedMissedTheChange(exchange, '143.50', '139.00');
    const second = h.startEngine({ exchange, leaseMs: 600, claimEveryMs: 600_000 }, 'second');
    const theirs = await h.startBot({ stoplossPrice: '144' }, other.userId);
    await second.claim();
    await second.metrics.waitFor(SYMBOL, '145.00');
    h.setPrice(SYMBOL, '143.50');
    await until(async () => (await h!.bot(theirs)).status === 'Stopped' && second.size === 0, 10_000);
    // The first engine dies; the price crosses the first bot's stop loss, a change the second engine's feed never delivers.
    first.kill();
    await until(async () => (await h!.bot(botId)).leaseExpiresAt!.getTime() < Date.now());
    h.setPrice(SYMBOL, '139.00');
    await second.claim(); // the only engine alive: what the bot does next, it does
    await until(async () => (await h!.bot(botId)).status === 'Stopped', 10_000);
    expect((await h.bot(botId)).stopReason).toBe('stoploss');
    expect((await h.trades(botId)).map((t) => t.side)).toEqual(['buy', 'sell']);
  });
});
