/**
 * An exchange error that stops a cycle (keys revoked, IP no longer allowed) while its limit order
 * rests: a stopped cycle is never claimed again, so the order is cancelled before the stop (a
 * fill the cancel finds is booked), and when even the cancel is refused the stop message names
 * the order for the member to cancel on the exchange.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../common/money';
import { memberEvents } from '../db/schema';
import { ExchangeError } from '../exchange/errors';
import { databaseTargets } from '../testing/databases';
import type { Engine } from './engine';
import type { EngineHarness } from './testing/harness';
import { engineHarnesses } from './testing/shared-harness';
import { cycleOrderRows, cycleRow, openOnExchange, startedCycle } from './testing/cycles';

const targets = await databaseTargets();
const SYMBOL = 'SOLUSDT';

describe.each(targets)('a cycle stopped by an exchange error on $name', (target) => {
  const harnesses = engineHarnesses(target);
  let h: EngineHarness | undefined;

  /** A cycle whose buy rests at 95 (the price 100), on an engine that holds it. */
  async function resting(): Promise<{ id: string; engine: Engine }> {
    h = harnesses.shared();
    const { id, engine } = await startedCycle(h);
    expect(openOnExchange(h)).toHaveLength(1);
    return { id, engine };
  }

  /** The next order lookup answers as an exchange that no longer takes the keys; then `before` runs. */
  function refuseNextLookup(engine: Engine, id: string, before: () => void = () => undefined): void {
    const gateway = engine.runner(id)!.gateway;
    const fetchOrder = gateway.fetchOrder.bind(gateway);
    let refused = false;
    gateway.fetchOrder = async (...args) => {
      if (refused) return fetchOrder(...args);
      refused = true;
      before();
      throw new ExchangeError('auth', 'Invalid API-key, IP, or permissions for action.');
    };
  }

  async function reconcile(engine: Engine, id: string): Promise<void> {
    const runner = engine.runner(id)!;
    await runner.enqueue(() => runner.reconcile());
    await engine.idle();
  }

  const events = async (kind: string) =>
    h!.db
      .select()
      .from(memberEvents)
      .where(and(eq(memberEvents.userId, h!.member.userId), eq(memberEvents.kind, kind)));

  it('cancels the resting buy, then stops with the reason, telling the member once', async () => {
    const { id, engine } = await resting();
    refuseNextLookup(engine, id);
    await reconcile(engine, id);
    expect(await cycleRow(h!, id)).toMatchObject({
      status: 'Stopped',
      stopReason: 'keysRevoked',
      heldQty: '0.000000000000000000',
      trades: 0,
    });
    expect(openOnExchange(h!)).toEqual([]);
    expect((await cycleOrderRows(h!, id)).map((o) => [o.side, o.status])).toEqual([['buy', 'failed']]);
    // The cancel was ours: no failed-order notice, one stop notice.
    expect(await events('cycle.orderFailed')).toHaveLength(0);
    expect((await events('cycle.stopped')).map((e) => (e.payload as { reason: string }).reason)).toEqual(['keysRevoked']);
  });

  it('books a buy that filled before its cancel: the cycle stops holding it, no sell placed', async () => {
    const { id, engine } = await resting();
    // The price crosses the buy on the exchange as the lookup is refused: the cancel then finds it filled.
    refuseNextLookup(engine, id, () => h!.setPrice(SYMBOL, '94.00'));
    await reconcile(engine, id);
    const row = await cycleRow(h!, id);
    expect(row).toMatchObject({ status: 'Stopped', stopReason: 'keysRevoked', trades: 1 });
    expect(new Decimal(row.heldQty).gt(0)).toBe(true);
    expect(h!.exchangeHolding('SOL')).toBe(new Decimal(row.heldQty).toFixed());
    expect((await cycleOrderRows(h!, id)).map((o) => [o.side, o.status])).toEqual([['buy', 'filled']]);
    expect(openOnExchange(h!)).toEqual([]);
    expect(h!.exchangeOrders()).toBe(1);
  });

  it('keys the exchange refuses even for the cancel: the stop message names the order left resting', async () => {
    const { id, engine } = await resting();
    const [buy] = await cycleOrderRows(h!, id);
    h!.exchange.simulator.core.accounts.get(h!.apiKey)!.ipRestrict = ['10.9.9.9'];
    await reconcile(engine, id);
    const row = await cycleRow(h!, id);
    expect(row.status).toBe('Stopped');
    expect(['keysRevoked', 'ipNotAllowed']).toContain(row.stopReason);
    expect(row.stopMessage).toContain(
      `GridDesk could not cancel its buy order for 10.526 SOL at 95 (${buy!.clientOrderId}): it may still rest on the exchange`,
    );
    expect(row.stopMessage).toContain('cancel it there');
    expect(openOnExchange(h!)).toHaveLength(1);
    expect(await events('cycle.stopped')).toHaveLength(1);
  });
});
