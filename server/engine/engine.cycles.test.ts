/**
 * Cycles on the engine (issue 21) against the simulator: the cycle codec on the kernel. A round
 * rests a LIMIT GTC buy, then a LIMIT GTC sell of what it bought; the engine books what the
 * exchange filled (from the stream or, after a restart, the reconciler) and places the next order
 * once. The trades it books are the cycle backtester's on the same path, fills while no engine
 * ran included; a completed cycle leaves nothing on the exchange; the member hears completion and
 * stop loss.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { Decimal } from '../../common/decimal';
import { memberEvents } from '../db/schema';
import { databaseTargets } from '../testing/databases';
import type { Engine } from './engine';
import { EngineHarness, until } from './testing/harness';
import { cycleBacktest, cycleOrderRows, cycleRow, cycleTrades, insertCycle, openOnExchange, startCycleEngine, type CycleSettings } from './testing/cycles';
import { quietCycle } from './testing/cycles';

const targets = await databaseTargets();
const SYMBOL = 'SOLUSDT';
const ROUND: CycleSettings = { buyPrice: '95', sellPrice: '105', stopLoss: '90', count: 2 };

describe.each(targets)('cycles on the engine on $name', (target) => {
  let h: EngineHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  async function begin(settings: CycleSettings = ROUND, price = '100.00'): Promise<{ h: EngineHarness; engine: Engine; id: string }> {
    h = await EngineHarness.create(target);
    h.setPrice(SYMBOL, price);
    const id = await insertCycle(h, settings);
    const engine = startCycleEngine(h);
    await engine.claim();
    await quietCycle(h, engine, id);
    return { h, engine, id };
  }

  /** Moves the price through `prices`, each time until the engine acted on it and on every fill it brought. */
  async function drive(engine: Engine, id: string, prices: string[]): Promise<void> {
    for (const price of prices) {
      h!.setPrice(SYMBOL, price);
      await engine.metrics.waitFor(SYMBOL, price);
      await quietCycle(h!, engine, id);
    }
  }

  const events = async (kind: string) => (await h!.db.select().from(memberEvents).where(and(eq(memberEvents.userId, h!.member.userId), eq(memberEvents.kind, kind))));

  it('runs its rounds as the backtester does, completes, leaves nothing on the exchange and tells the member', async () => {
    const prices = ['100.00', '97.00', '94.00', '99.00', '104.00', '106.00', '101.00', '93.00', '96.00', '107.00', '94.00', '92.00'];
    const { engine, id } = await begin();
    await drive(engine, id, prices.slice(1));
    const trades = await cycleTrades(h!, id);
    const expected = await cycleBacktest(h!, id, prices);
    expect(trades).toEqual(expected.trades);
    expect(trades.map((t) => [t.side, t.price])).toEqual([['buy', '95'], ['sell', '105'], ['buy', '95'], ['sell', '105']]);
    const row = await cycleRow(h!, id);
    expect(row).toMatchObject({ status: 'Completed', cyclesCompleted: 2, lastBoughtPrice: null, trades: 4, leaseOwner: null });
    expect(openOnExchange(h!)).toEqual([]);
    expect(h!.exchangeHolding('SOL')).toBe('0');
    const [completed] = await events('cycle.completed');
    const profit = expected.trades.reduce((sum, t) => sum.plus(t.pnl), new Decimal(0));
    expect(completed!.payload).toMatchObject({ kind: 'cycle.completed', cycleID: id, name: SYMBOL, cycles: 2 });
    expect(new Decimal((completed!.payload as { profit: string }).profit).eq(profit)).toBe(true);
    expect(new Decimal(row.realizedPnl).eq(profit)).toBe(true);
  });
});
