/**
 * What GET /metrics carries from a running engine, beyond the price gauge: orders by outcome,
 * the order acknowledgement histogram, bots by status and the leases held, read from the
 * engine's registry as Prometheus text after a scripted run against the simulator.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '../testing/databases';
import { EngineHarness } from './testing/harness';

const targets = await databaseTargets();

/** The value of one sample line (`name{labels} value`) of the text, or null when absent. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

describe.each(targets)('engine metrics on $name', (target) => {
  let h: EngineHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('count the orders by outcome, time their answers, and report bots by status and leases', async () => {
    const prices = ['145.00', '143.00', '142.00', '141.90', '143.40', '146.50', '147.00', '146.20'];
    h = await EngineHarness.create(target);
    h.setPrice('SOLUSDT', prices[0]!);
    const engine = h.startEngine();
    const live = await h.startBot();
    await h.startBot({ amount: 1500 });
    await engine.claim();
    await engine.metrics.waitFor('SOLUSDT', prices[0]!);
    await h.drive(engine, 'SOLUSDT', prices.slice(1));
    await engine.idle();
    const text = () => engine.metrics.registry.metrics();
    const orders = h.exchangeOrders();
    expect((await h.trades(live)).length).toBeGreaterThan(2);

    expect(sample(await text(), 'griddesk_engine_orders_total{outcome="filled"}')).toBe(orders);
    expect(sample(await text(), 'griddesk_engine_orders_total{outcome="send_error"}')).toBeNull();
    expect(sample(await text(), 'griddesk_engine_order_ack_seconds_count')).toBe(orders);
    // Bots and leases are counted at each lease renewal.
    // Both are read at the same renewal, which may be the first one after the claim on a loaded machine: wait for them together.
    const counts = async () => {
      const t = await text();
      return [
        sample(t, 'griddesk_engine_leases'),
        sample(t, 'griddesk_engine_runnables{kind="bots",status="Live"}'),
        sample(t, 'griddesk_engine_runnables{kind="bots",status="Pause"}'),
      ];
    };
    await expect.poll(counts, { timeout: 5_000 }).toEqual([2, 2, 0]);
  });
});
