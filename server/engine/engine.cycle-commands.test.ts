/**
 * Member commands on a live cycle, through the cycle_commands table as the API queues them:
 * stop (the resting order cancelled, what is held kept), stop & sell (cancelled, then sold at
 * market), the edit (settings re-read from the row: a resting order at an old price replaced; one
 * that filled first is booked and the cycle goes on at the new prices), the count lowered to the
 * rounds completed (Completed, nothing left on the exchange) or below them (refused, not applied).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cycles, memberEvents } from '../db/schema';
import { cycleEditRefusalOf } from '../runnables/cycle/index';
import { commandResultOf } from '../runnables/command-results';
import { databaseTargets } from '../testing/databases';
import type { Engine } from './engine';
import type { EngineHarness } from './testing/harness';
import { engineHarnesses } from './testing/shared-harness';
import {
  commandCycle,
  cycleOrderRows,
  cycleRow,
  driveCycle,
  openOnExchange,
  quietCycle,
  startedCycle,
  TWO_ROUNDS,
  type CycleSettings,
} from './testing/cycles';

const targets = await databaseTargets();
const SYMBOL = 'SOLUSDT';

describe.each(targets)('cycle commands on $name', (target) => {
  const harnesses = engineHarnesses(target);
  let h: EngineHarness | undefined;

  async function begin(settings: CycleSettings = TWO_ROUNDS): Promise<{ engine: Engine; id: string }> {
    h = harnesses.shared();
    return startedCycle(h, settings);
  }

  /** The API's edit: the settings written, then the 'settings' command queued. */
  async function edit(
    id: string,
    settings: Partial<{ buyPrice: string; sellPrice: string; stopLoss: string; noOfCycle: number }>,
  ): Promise<string | null> {
    await h!.db.update(cycles).set(settings).where(eq(cycles.id, id));
    return commandCycle(h!, id, 'settings');
  }

  const sides = async (id: string) =>
    (await cycleOrderRows(h!, id)).map((o) => [o.side, o.orderType, o.status, o.decisionPrice.replace(/\.?0+$/, '')]);
  const stoppedEvents = async () =>
    (
      await h!.db
        .select()
        .from(memberEvents)
        .where(and(eq(memberEvents.userId, h!.member.userId), eq(memberEvents.kind, 'cycle.stopped')))
    ).map((e) => e.payload);

  it('stop with the buy resting cancels it: Stopped by the member, nothing on the exchange, told once', async () => {
    const { engine, id } = await begin();
    expect(await commandCycle(h!, id, 'stop')).toBe('ok');
    await quietCycle(h!, engine, id);
    expect(await sides(id)).toEqual([['buy', 'limit', 'failed', '95']]);
    expect(await cycleRow(h!, id)).toMatchObject({ status: 'Stopped', stopReason: 'manual', trades: 0 });
    expect(openOnExchange(h!)).toEqual([]);
    expect(await stoppedEvents()).toMatchObject([{ kind: 'cycle.stopped', cycleID: id, reason: 'manual' }]);
    // A stopped cycle never trades again, and a second stop & sell is refused.
    await driveCycle(h!, engine, id, ['94.00']);
    expect(h!.exchangeOrders()).toBe(0);
    expect(await commandCycle(h!, id, 'stopAndSell')).toBe('already_stopped');
  });

  it('stop while holding cancels the resting sell and keeps what is held', async () => {
    const { engine, id } = await begin();
    await driveCycle(h!, engine, id, ['94.00']);
    expect(await commandCycle(h!, id, 'stop')).toBe('ok');
    await quietCycle(h!, engine, id);
    expect(await sides(id)).toEqual([
      ['buy', 'limit', 'filled', '95'],
      ['sell', 'limit', 'failed', '105'],
    ]);
    expect(await cycleRow(h!, id)).toMatchObject({ status: 'Stopped', stopReason: 'manual', heldQty: '10.526000000000000000' });
    expect(h!.exchangeHolding('SOL')).toBe('10.526');
    expect(openOnExchange(h!)).toEqual([]);
  });

  it('stop & sell while holding cancels the resting sell and sells all at market', async () => {
    const { engine, id } = await begin();
    await driveCycle(h!, engine, id, ['94.00', '98.00']);
    expect(await commandCycle(h!, id, 'stopAndSell')).toBe('ok');
    await quietCycle(h!, engine, id);
    expect(await sides(id)).toEqual([
      ['buy', 'limit', 'filled', '95'],
      ['sell', 'limit', 'failed', '105'],
      ['sell', 'market', 'filled', '98'],
    ]);
    expect(await cycleRow(h!, id)).toMatchObject({
      status: 'Stopped',
      stopReason: 'stopAndSell',
      heldQty: '0.000000000000000000',
      cyclesCompleted: 0,
    });
    expect(h!.exchangeHolding('SOL')).toBe('0');
    expect(openOnExchange(h!)).toEqual([]);
    expect(await stoppedEvents()).toMatchObject([{ reason: 'stopAndSell' }]);
  });

  it('stop & sell with nothing held cancels the buy and stops', async () => {
    const { engine, id } = await begin();
    expect(await commandCycle(h!, id, 'stopAndSell')).toBe('ok');
    await quietCycle(h!, engine, id);
    expect(await sides(id)).toEqual([['buy', 'limit', 'failed', '95']]);
    expect(await cycleRow(h!, id)).toMatchObject({ status: 'Stopped', stopReason: 'stopAndSell' });
    expect(openOnExchange(h!)).toEqual([]);
  });

  it('an edit replaces the resting buy at the new price, and the round goes on at the new prices', async () => {
    const { engine, id } = await begin();
    expect(await edit(id, { buyPrice: '96', sellPrice: '104', stopLoss: '91' })).toBe('ok');
    await quietCycle(h!, engine, id);
    expect(await sides(id)).toEqual([
      ['buy', 'limit', 'failed', '95'],
      ['buy', 'limit', 'open', '96'],
    ]);
    expect(openOnExchange(h!).map((o) => o.price)).toEqual(['96']);
    await driveCycle(h!, engine, id, ['95.50', '104.50']);
    expect((await sides(id)).slice(1)).toEqual([
      ['buy', 'limit', 'filled', '96'],
      ['sell', 'limit', 'filled', '104'],
      ['buy', 'limit', 'open', '96'],
    ]);
    expect(await cycleRow(h!, id)).toMatchObject({ cyclesCompleted: 1, status: 'Live' });
  });

  it('an edit that races the fill of the resting buy never loses it: the cycle holds and the sell rests at the new price', async () => {
    const { engine, id } = await begin();
    const runner = engine.runner(id)!;
    // The exchange fills the buy; the edit is applied before the stream's report of it is heard.
    await h!.db.update(cycles).set({ buyPrice: '96', sellPrice: '110' }).where(eq(cycles.id, id));
    h!.setPrice(SYMBOL, '94.00');
    expect(await runner.command('settings', '94.00')).toEqual({ kind: 'applied' });
    await quietCycle(h!, engine, id);
    const orders = await cycleOrderRows(h!, id);
    expect(orders.map((o) => [o.side, o.status, o.decisionPrice.replace(/\.?0+$/, '')])).toEqual([
      ['buy', 'filled', '95'],
      ['sell', 'open', '110'],
    ]);
    expect(orders[1]!.quantity).toBe(orders[0]!.filledQty);
    expect(await cycleRow(h!, id)).toMatchObject({ status: 'Live', trades: 1, lastBoughtPrice: '95.000000000000000000' });
    expect(openOnExchange(h!).map((o) => [o.side, o.price])).toEqual([['SELL', '110']]);
  });

  it('a stop that races the fill of the resting sell books the fill: the round completes and the cycle stops', async () => {
    const { engine, id } = await begin();
    await driveCycle(h!, engine, id, ['94.00']);
    const runner = engine.runner(id)!;
    h!.setPrice(SYMBOL, '106.00');
    expect(await runner.command('stop', '106.00')).toEqual({ kind: 'applied' });
    await quietCycle(h!, engine, id);
    expect(await sides(id)).toEqual([
      ['buy', 'limit', 'filled', '95'],
      ['sell', 'limit', 'filled', '105'],
    ]);
    expect(await cycleRow(h!, id)).toMatchObject({
      status: 'Stopped',
      stopReason: 'manual',
      cyclesCompleted: 1,
      heldQty: '0.000000000000000000',
    });
    expect(openOnExchange(h!)).toEqual([]);
  });

  it('the count lowered to the rounds completed ends the cycle Completed, its resting buy cancelled', async () => {
    const { engine, id } = await begin({ ...TWO_ROUNDS, count: 3 });
    await driveCycle(h!, engine, id, ['94.00', '106.00']);
    expect(await edit(id, { noOfCycle: 1 })).toBe('ok');
    await quietCycle(h!, engine, id);
    expect(await cycleRow(h!, id)).toMatchObject({ status: 'Completed', cyclesCompleted: 1, stopReason: null });
    expect(openOnExchange(h!)).toEqual([]);
    const completed = await h!.db
      .select()
      .from(memberEvents)
      .where(and(eq(memberEvents.userId, h!.member.userId), eq(memberEvents.kind, 'cycle.completed')));
    expect(completed.map((e) => e.payload)).toMatchObject([{ cycleID: id, cycles: 1 }]);
  });

  it('a count below the rounds completed is refused and not applied: the cycle runs on with its own', async () => {
    const { engine, id } = await begin({ ...TWO_ROUNDS, count: 3 });
    await driveCycle(h!, engine, id, ['94.00', '106.00', '94.00', '106.00']);
    expect(await cycleRow(h!, id)).toMatchObject({ cyclesCompleted: 2, status: 'Live' });
    const result = await edit(id, { noOfCycle: 1 });
    expect(cycleEditRefusalOf(commandResultOf(result))).toBe('cycles_below_completed');
    await quietCycle(h!, engine, id);
    const row = await cycleRow(h!, id);
    expect((row.state as { count: number }).count).toBe(3);
    expect(row.status).toBe('Live');
    expect(openOnExchange(h!)).toHaveLength(1);
    await driveCycle(h!, engine, id, ['94.00', '106.00']);
    expect(await cycleRow(h!, id)).toMatchObject({ status: 'Completed', cyclesCompleted: 3 });
  });
});
