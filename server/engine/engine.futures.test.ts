/**
 * Future bots (USD-M, long, isolated) in the live engine against the simulator: the engine sets
 * isolated margin and the leverage before the first order, trades exactly as the backtester on
 * the same ticks, and when the price reaches the liquidation price the exchange closes the
 * position and the bot books it and stops with reason 'liquidation', its books equal to the
 * member's futures wallet. A kill -9 while the liquidation is awaited changes nothing.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../common/money';
import { bots, memberEvents } from '../db/schema';
import type { OrderRequest } from '../exchange/core/gateway';
import { position } from '../modules/bots/info';
import { databaseTargets } from '../testing/databases';
import type { Engine } from './engine';
import { FUTURES_FEED_SUFFIX } from './engine';
import { type EngineHarness, FUTURES_WALLET, TRAILING_BUYS, until } from './testing/harness';
import { engineHarnesses } from './testing/shared-harness';

const targets = await databaseTargets();
const SYMBOL = 'SOLUSDT';
const FEED = SYMBOL + FUTURES_FEED_SUFFIX;
// Grid 1 at 145, both trailing buys, a take profit of grid 3, then down through the liquidation price.
const PRICES = [
  ...TRAILING_BUYS,
  '141.00',
  '138.00',
  '135.00',
  '130.00',
  '126.00',
  '123.00',
  '121.00',
  '119.50',
  '118.00',
  '116.00',
  '113.00',
  '110.00',
  '105.00',
  '150.00',
];

describe.each(targets)('Future bots in the engine on $name', (target) => {
  const harnesses = engineHarnesses(target);
  let h: EngineHarness | undefined;

  /** On the shared harness, or (`own`) one of the test's own for a test that kills its engines. */
  async function begin(own = false): Promise<{ engine: Engine; botId: string }> {
    h = own ? await harnesses.own() : harnesses.shared();
    return h.withBot(SYMBOL, PRICES[0]!, { bot: { category: 'Future', leverage: '5x' } });
  }

  async function drive(engine: Engine, prices: string[]): Promise<void> {
    for (const price of prices) {
      h!.setPrice(SYMBOL, price);
      await engine.metrics.waitFor(FEED, price);
    }
  }

  async function expectLiquidatedAsBacktested(botId: string): Promise<void> {
    const trades = await h!.trades(botId);
    expect(trades).toEqual(await h!.backtest(botId, PRICES));
    const last = trades.at(-1)!;
    expect([last.side, last.grid, last.fee]).toEqual(['sell', 0, '0']);
    const bot = await h!.bot(botId);
    expect([bot.status, bot.stopReason, bot.heldQty]).toEqual(['Stopped', 'liquidation', '0.000000000000000000']);
    // The exchange: no position left, one futures order per trade (the last one its own close),
    // and the wallet moved by exactly what the bot booked (fees and the lost margin included).
    const futures = h!.futures(SYMBOL);
    expect(futures.position).toBeNull();
    const account = h!.exchange.simulator.control.getAccount(h!.apiKey)!;
    expect(account.trades.filter((t) => t.market === 'futures').length).toBe(trades.length);
    expect(new Decimal(futures.walletBalance).minus(FUTURES_WALLET).toFixed(8)).toBe(new Decimal(bot.realizedPnl).toFixed(8));
    const events = await h!.db.select().from(memberEvents).where(eq(memberEvents.userId, h!.member.userId));
    expect(events.map((e) => e.payload as { kind: string; reason?: string }).filter((p) => p.kind === 'bot.stopped')).toEqual([
      expect.objectContaining({ reason: 'liquidation', status: 'Stopped' }),
    ]);
  }

  it('sets isolated 5x, trades as the backtester and is liquidated where it computed', async () => {
    const { engine, botId } = await begin();
    // Every order the bot sends from here on: its sells must only ever shrink the long.
    const gateway = engine.runner(botId)!.gateway;
    const place = gateway.placeOrder.bind(gateway);
    const sent: OrderRequest[] = [];
    gateway.placeOrder = (order) => {
      sent.push(order);
      return place(order);
    };
    const opened = h!.futures(SYMBOL).position!;
    expect(opened.leverage).toBe(5);
    // The side panel's Liq. Price is the exchange's, rounded up to 8 decimals.
    expect((await position(h!.deps, h!.member.userId, botId)).liquidationPrice).toBe(
      new Decimal(opened.liquidationPrice).toDecimalPlaces(8, Decimal.ROUND_UP).toFixed(),
    );
    await drive(engine, PRICES.slice(1));
    await engine.idle();
    await expectLiquidatedAsBacktested(botId);
    expect((await position(h!.deps, h!.member.userId, botId)).liquidationPrice).toBeNull();
    expect(sent.map((o) => [o.market, o.side, o.reduceOnly])).toEqual([
      ['futures', 'buy', false],
      ['futures', 'buy', false],
      ['futures', 'sell', true],
    ]);
  });

  it('a kill -9 while the liquidation is awaited: the successor books it once', { timeout: 45_000 }, async () => {
    const { engine: first, botId } = await begin(true);
    // The liquidation is the only intent that is never sent: crash right after recording it.
    const { victim, killed } = h!.startVictim((at) => at === 'afterIntent' && h!.futures(SYMBOL).position === null);
    await first.stop();
    await until(() => victim.size === 1);
    const engine = await h!.driveThroughKill(victim, FEED, SYMBOL, PRICES.slice(1), killed);
    expect(killed()).toBe(true);
    await engine.idle();
    await expectLiquidatedAsBacktested(botId);
  });

  /** The member trades the pair on the exchange by hand, beside the bot. */
  const byHand = (side: 'buy' | 'sell', quantity: string) =>
    h!.exchange.gateway.member(h!.memberKey).placeOrder({
      market: 'futures',
      symbol: SYMBOL,
      side,
      type: 'market',
      quantity,
      clientOrderId: `by-hand-${side}-${quantity}`,
    });

  async function expectStoppedForPosition(botId: string, ordersBefore: number): Promise<void> {
    await until(async () => (await h!.bot(botId)).status === 'Stopped');
    const bot = await h!.bot(botId);
    expect(bot.stopReason).toBe('positionChanged');
    const events = await h!.db.select().from(memberEvents).where(eq(memberEvents.userId, h!.member.userId));
    expect(events.map((e) => e.payload as { kind: string; reason?: string }).filter((p) => p.kind === 'bot.stopped')).toEqual([
      expect.objectContaining({ reason: 'positionChanged', status: 'Stopped' }),
    ]);
    expect(h!.exchangeOrders()).toBe(ordersBefore); // the bot sent nothing on a position it no longer knows
  }

  it('a position the member shrinks by hand stops the bot, which trades nothing more on it', async () => {
    const { engine, botId } = await begin();
    const held = h!.futures(SYMBOL).position!.amount;
    await byHand('sell', '1');
    const orders = h!.exchangeOrders();
    await expectStoppedForPosition(botId, orders);
    // Prices that would have bought grid 2 and sold grid 1: nothing happens on the exchange.
    await drive(engine, ['139.00', '140.50', '150.00']);
    expect(h!.exchangeOrders()).toBe(orders);
    expect(h!.futures(SYMBOL).position!.amount).toBe(new Decimal(held).minus(1).toFixed());
    expect((await h!.trades(botId)).map((t) => [t.side, t.grid])).toEqual([['buy', 1]]);
  });

  it('a position the member grows while no engine runs stops the bot at its takeover', async () => {
    const { engine: first, botId } = await begin();
    await first.stop();
    await byHand('buy', '1');
    const orders = h!.exchangeOrders();
    h!.startEngine({}, 'successor');
    await expectStoppedForPosition(botId, orders);
    expect((await h!.bot(botId)).stopMessage).toMatch(/holds 1 SOL more|this bot holds/);
  });

  it("a liquidation the exchange carried out while no engine ran is booked as the bot's, once", async () => {
    const { engine: first, botId } = await begin();
    await first.stop();
    const liquidationPrice = new Decimal(h!.futures(SYMBOL).position!.liquidationPrice);
    h!.setPrice(SYMBOL, liquidationPrice.minus(1).toFixed(2)); // the exchange closes the position here
    expect(h!.futures(SYMBOL).position).toBeNull();
    h!.setPrice(SYMBOL, PRICES[0]!); // and the price is back where the bot last saw it
    const engine = h!.startEngine({}, 'successor');
    await until(async () => (await h!.bot(botId)).status === 'Stopped');
    await engine.idle();
    const bot = await h!.bot(botId);
    expect([bot.stopReason, bot.heldQty]).toEqual(['liquidation', '0.000000000000000000']);
    const trades = await h!.trades(botId);
    expect(trades.map((t) => [t.side, t.grid, t.fee])).toEqual([
      ['buy', 1, expect.any(String)],
      ['sell', 0, '0'],
    ]);
    expect(new Decimal(h!.futures(SYMBOL).walletBalance).minus(FUTURES_WALLET).toFixed(8)).toBe(
      new Decimal(bot.realizedPnl).toFixed(8),
    );
  });

  it('refuses a second Future bot on a pair whose position the first one holds', async () => {
    const { botId } = await begin();
    await expect(h!.startBot({ category: 'Future', leverage: '3x' })).rejects.toThrow(/already runs on SOLUSDT/);
    const [row] = await h!.db.select().from(bots).where(eq(bots.id, botId));
    expect([row!.category, row!.leverage]).toEqual(['Future', 5]);
  });
});
