import { describe, expect, it } from 'vitest';
import { Decimal } from '../../common/money';
import { databaseTargets } from '../testing/databases';
import { type EngineHarness, seededPath, TRAILING_BUYS_THEN_TAKE_PROFITS } from './testing/harness';
import { engineHarnesses } from './testing/shared-harness';

const targets = await databaseTargets();

/** Scripted paths: each starts at the bot's start price (its first tick: grid 1 at market). */
const PATHS: Record<string, readonly string[]> = {
  // Down through both trailing buys, then up through the take profits.
  'trailing buys then take profits': TRAILING_BUYS_THEN_TAKE_PROFITS,
  'seeded walk A': ['145.00', ...seededPath(11, 60)],
  'seeded walk B': ['145.00', ...seededPath(29, 60, 14_500, 400)],
};

describe.each(targets)('the engine trades exactly as the backtester on $name', (target) => {
  const harnesses = engineHarnesses(target);
  let h: EngineHarness | undefined;

  it.each(Object.entries(PATHS))('%s', async (_name, prices) => {
    h = harnesses.shared();
    h.setPrice('SOLUSDT', prices[0]!);
    const engine = h.startEngine();
    const botId = await h.startBot();
    await engine.claim();
    await engine.metrics.waitFor('SOLUSDT', prices[0]!);
    await h.drive(engine, 'SOLUSDT', prices.slice(1));
    await engine.idle();
    const trades = await h.trades(botId);
    expect(trades.length).toBeGreaterThan(1);
    expect(trades).toEqual(await h.backtest(botId, prices));
    // The bot's holdings are the exchange's: the account started with no SOL.
    const bot = await h.bot(botId);
    expect(h.exchangeHolding('SOL')).toBe(new Decimal(bot.heldQty).toFixed());
    expect(h.exchangeOrders()).toBe(trades.length);
  });
  it('bots of one pair that order on the same tick are written in one statement, each trading as the backtester', async () => {
    const prices = PATHS['trailing buys then take profits']!;
    h = harnesses.shared();
    h.setPrice('SOLUSDT', prices[0]!);
    const ids = [await h.startBot({ amount: 1000 }), await h.startBot({ amount: 1500 }), await h.startBot({ amount: 2000 })];
    const engine = h.startEngine();
    const batches: number[] = [];
    const recordIntentBatch = engine.store.recordIntentBatch.bind(engine.store);
    engine.store.recordIntentBatch = (items) => {
      batches.push(items.length);
      return recordIntentBatch(items);
    };
    await engine.claim();
    await engine.metrics.waitFor('SOLUSDT', prices[0]!);
    await h.drive(engine, 'SOLUSDT', prices.slice(1));
    await engine.idle();
    expect(batches).toContain(3);
    let held = new Decimal(0);
    let trades = 0;
    for (const id of ids) {
      const mine = await h.trades(id);
      expect(mine).toEqual(await h.backtest(id, prices));
      held = held.plus((await h.bot(id)).heldQty);
      trades += mine.length;
    }
    expect(h.exchangeHolding('SOL')).toBe(held.toFixed());
    expect(h.exchangeOrders()).toBe(trades);
  });
});
