/**
 * The kernel runs a runnable that is no grid, in tables of its own: resting limit orders
 * (server/engine/testing/resting-limit-runnable.ts) against the simulator. A limit the exchange
 * rests leaves the runner free; it fills on the exchange when the price crosses it, engine or
 * not; the kernel books the fill once (from the user-data stream, or the reconciler after a
 * restart) and the runnable's next order is placed once, never twice; a partial fill leaves it
 * resting, and its fill is booked once, whole. A cancel is recorded before
 * it is sent, cancelled again after a restart, and one that races a fill books the fill.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COMMAND_QUEUED_CHANNEL, notifyCommand } from '../runnables/command-delivery';
import { databaseTargets } from '../testing/databases';
import type { Engine } from './engine';
import { type EngineHarness, heardEvents, until } from './testing/harness';
import { engineHarnesses } from './testing/shared-harness';
import {
  createRestingTables,
  insertResting,
  restingCodec,
  restingCommands,
  restingFills,
  restingOrders,
  restingRunnables,
} from './testing/resting-limit-runnable';

const targets = await databaseTargets();
const SYMBOL = 'SOLUSDT';

describe.each(targets)('resting limit orders on $name', (target) => {
  const harnesses = engineHarnesses(target);
  let h: EngineHarness | undefined;

  /** The harnesses whose database has the runnable's tables. */
  const withTables = new WeakSet<EngineHarness>();

  /**
   * A harness whose member has a resting-limit runnable (buy at 95, sell at 105, 1 SOL) at a price
   * of 100, not yet claimed: the shared one, or (`own`) one of the test's own for a test that kills its engines.
   */
  async function begin(own = false): Promise<{ h: EngineHarness; id: string }> {
    h = own ? await harnesses.own() : harnesses.shared();
    if (!withTables.has(h)) await createRestingTables(h.db);
    withTables.add(h);
    h.setPrice(SYMBOL, '100.00');
    const id = await insertResting(h.db, h.member.userId, SYMBOL, { buyAt: '95', sellAt: '105', quantity: '1' });
    return { h, id };
  }

  const startEngine = () => h!.startEngine({ runnable: restingCodec });
  const orders = (id: string) =>
    h!.db.select().from(restingOrders).where(eq(restingOrders.runnableId, id)).orderBy(asc(restingOrders.seq));
  const runnable = async (id: string) => (await h!.db.select().from(restingRunnables).where(eq(restingRunnables.id, id)))[0]!;
  const openOnExchange = () => h!.exchange.simulator.control.getAccount(h!.apiKey)!.openOrders;

  /** Waits until `engine` runs `id` and has nothing queued. */
  async function takenOn(engine: Engine, id: string): Promise<void> {
    await until(async () => (await runnable(id)).leaseOwner === engine.id && engine.runner(id) !== undefined);
    await engine.idle();
  }

  it('rests a limit and leaves the runner free; its fill (from the stream, or looked up once the stream is up) is booked once and the next limit rests at the price now', async () => {
    const { id } = await begin();
    const engine = startEngine();
    await takenOn(engine, id);
    const [buy] = await orders(id);
    expect(buy).toMatchObject({ kind: 'buy', side: 'buy', orderType: 'limit', status: 'open', slot: 1 });
    expect(openOnExchange().map((o) => [o.clientOrderId, o.type, o.price])).toEqual([[buy!.clientOrderId, 'LIMIT', '95']]);
    expect(engine.runner(id)!.busy).toBe(false);

    // The price crosses the buy: the exchange fills it at its own price, and the stream reports it (had the
    // member's stream not been up yet, the kernel looks resting orders up once it is).
    h!.setPrice(SYMBOL, '94.00');
    await until(async () => (await orders(id)).some((o) => o.side === 'sell' && o.status === 'open'));
    await engine.idle();
    const [bought, sell] = await orders(id);
    expect(bought).toMatchObject({ status: 'filled', fillPrice: '95.000000000000000000', filledQty: '1.000000000000000000' });
    expect(sell).toMatchObject({
      kind: 'sell',
      orderType: 'limit',
      status: 'open',
      slot: 2,
      quantity: '1.000000000000000000',
      decisionPrice: '105.000000000000000000',
    });
    expect(openOnExchange().map((o) => o.clientOrderId)).toEqual([sell!.clientOrderId]);

    // Booked once: looking every order up again changes nothing.
    const runner = engine.runner(id)!;
    await runner.enqueue(() => runner.reconcile());
    expect((await orders(id)).map((o) => [o.side, o.status])).toEqual([
      ['buy', 'filled'],
      ['sell', 'open'],
    ]);
    expect(await h!.db.select().from(restingFills).where(eq(restingFills.orderId, bought!.id))).toHaveLength(1);
    expect((await runnable(id)).trades).toBe(1);

    // The sell fills: done, nothing left on the exchange.
    h!.setPrice(SYMBOL, '106.00');
    await until(async () => (await runnable(id)).status === 'Stopped');
    expect((await orders(id)).map((o) => [o.side, o.status, o.fillPrice])).toEqual([
      ['buy', 'filled', '95.000000000000000000'],
      ['sell', 'filled', '105.000000000000000000'],
    ]);
    expect((await runnable(id)).trades).toBe(2);
    expect(openOnExchange()).toEqual([]);
  });

  it('a partial fill leaves the limit resting, nothing booked; the price crossing it books one fill of the whole, and the sell is for the whole', async () => {
    const { id } = await begin();
    const engine = startEngine();
    await takenOn(engine, id);
    const [buy] = await orders(id);
    const heard = heardEvents(h!);
    h!.exchange.simulator.control.fillPartially(h!.apiKey, buy!.clientOrderId, '0.4');
    await until(() => heard.events.some((e) => e.c === buy!.clientOrderId && e.X === 'PARTIALLY_FILLED'));
    heard.close();
    await engine.idle();
    expect((await orders(id)).map((o) => [o.side, o.status])).toEqual([['buy', 'open']]);
    expect(await runnable(id)).toMatchObject({ trades: 0, heldQty: '0.000000000000000000' });
    // Looked up (a take-on, the stream coming up again), it is still open: nothing is booked.
    const runner = engine.runner(id)!;
    await runner.enqueue(() => runner.reconcile());
    expect((await orders(id)).map((o) => [o.side, o.status])).toEqual([['buy', 'open']]);
    expect(openOnExchange()).toEqual([
      expect.objectContaining({ clientOrderId: buy!.clientOrderId, status: 'PARTIALLY_FILLED', executedQty: '0.4' }),
    ]);

    h!.setPrice(SYMBOL, '94.00');
    await until(async () => (await orders(id)).some((o) => o.side === 'sell' && o.status === 'open'));
    await engine.idle();
    const [bought, sell] = await orders(id);
    // Two trades on the exchange, one fill booked: 1 at 95, the fees summed (0.038 + 0.057).
    expect(bought).toMatchObject({
      status: 'filled',
      fillPrice: '95.000000000000000000',
      filledQty: '1.000000000000000000',
      fee: '0.095000000000000000',
    });
    expect(
      (await h!.db.select().from(restingFills).where(eq(restingFills.orderId, bought!.id))).map((f) => f.quantity).sort(),
    ).toEqual(['0.400000000000000000', '0.600000000000000000']);
    expect(sell).toMatchObject({ side: 'sell', status: 'open', quantity: '1.000000000000000000' });
    expect(await runnable(id)).toMatchObject({ trades: 1, heldQty: '1.000000000000000000' });
    expect(h!.exchangeHolding('SOL')).toBe('1');
  });

  it('finds a fill that happened while no engine ran, after a kill -9, and places the next order once, never twice', async () => {
    const { id } = await begin(true);
    const first = startEngine();
    await takenOn(first, id);
    first.kill();
    // Filled on the exchange while no engine runs.
    h!.setPrice(SYMBOL, '94.00');
    expect(openOnExchange()).toEqual([]);

    const second = startEngine();
    await takenOn(second, id);
    const [bought, sell] = await orders(id);
    expect(bought).toMatchObject({ side: 'buy', status: 'filled', fillPrice: '95.000000000000000000' });
    expect(sell).toMatchObject({ side: 'sell', status: 'open' });
    expect(openOnExchange().map((o) => o.clientOrderId)).toEqual([sell!.clientOrderId]);

    // Another kill and restart while the sell rests: the sell is found resting, not placed again.
    second.kill();
    const third = startEngine();
    await takenOn(third, id);
    expect((await orders(id)).map((o) => [o.side, o.status])).toEqual([
      ['buy', 'filled'],
      ['sell', 'open'],
    ]);
    expect(openOnExchange().map((o) => o.clientOrderId)).toEqual([sell!.clientOrderId]);
    expect((await runnable(id)).trades).toBe(1);
  });
  it('cancels a resting order on a member command: recorded, cancelled on the exchange, and the runnable stops holding nothing', async () => {
    const { id } = await begin();
    const engine = startEngine();
    await takenOn(engine, id);
    const [command] = await h!.db.insert(restingCommands).values({ runnableId: id, kind: 'cancel' }).returning();
    await notifyCommand(h!.db, COMMAND_QUEUED_CHANNEL, command!.id);
    await until(
      async () => (await h!.db.select().from(restingCommands).where(eq(restingCommands.id, command!.id)))[0]!.appliedAt !== null,
    );
    expect((await h!.db.select().from(restingCommands).where(eq(restingCommands.id, command!.id)))[0]!.result).toBe('ok');
    const [buy] = await orders(id);
    expect(buy).toMatchObject({
      side: 'buy',
      status: 'failed',
      error: `The exchange canceled order ${buy!.clientOrderId} without filling it.`,
    });
    expect(await runnable(id)).toMatchObject({ status: 'Stopped', trades: 0, heldQty: '0.000000000000000000' });
    expect(openOnExchange()).toEqual([]);
  });

  it('a cancel that races a fill books the fill, once, and nothing is left on the exchange', async () => {
    const { id } = await begin();
    const engine = startEngine();
    await takenOn(engine, id);
    const runner = engine.runner(id)!;
    // The exchange fills the buy, and the cancel is decided before the stream's report of the fill is heard.
    h!.setPrice(SYMBOL, '94.00');
    const cancelled = runner.command('cancel', '94.00');
    expect(await cancelled).toEqual({ kind: 'applied' });
    await engine.idle();
    const [bought, ...rest] = await orders(id);
    expect(bought).toMatchObject({
      side: 'buy',
      status: 'filled',
      fillPrice: '95.000000000000000000',
      filledQty: '1.000000000000000000',
    });
    expect(rest).toEqual([]);
    expect(await h!.db.select().from(restingFills).where(eq(restingFills.orderId, bought!.id))).toHaveLength(1);
    expect(await runnable(id)).toMatchObject({ status: 'Stopped', trades: 1, heldQty: '1.000000000000000000' });
    expect(openOnExchange()).toEqual([]);
  });

  it('cancels again after a kill -9 between the recorded cancel and its send, once taken on by the next engine', async () => {
    const { id } = await begin(true);
    let armed = false;
    const victim: Engine = h!.startEngine({
      runnable: restingCodec,
      faults: {
        crashAt: (at) => {
          if (!armed || at !== 'afterIntent') return false;
          armed = false;
          victim.kill();
          return true;
        },
      },
    });
    await takenOn(victim, id);
    armed = true;
    await victim.runner(id)!.command('cancel', '100.00');
    expect(armed).toBe(false); // it died after recording the cancel, before sending it
    expect((await orders(id)).map((o) => o.status)).toEqual(['cancel']);
    expect(openOnExchange()).toHaveLength(1);

    const successor = startEngine();
    await until(async () => (await runnable(id)).status === 'Stopped');
    await successor.idle();
    expect((await orders(id)).map((o) => o.status)).toEqual(['failed']);
    expect(openOnExchange()).toEqual([]);
  });
});
