/**
 * The price gauge of a process that runs two engines (bots and cycles) on one registry: it is the
 * last price every engine with runnables on the symbol has acted on, never one engine's alone.
 */
import { describe, expect, it } from 'vitest';
import { EngineMetrics } from './metrics';

describe('the settled price across engines', () => {
  it('moves only to a price every engine of the symbol settled, and waiters wake then', async () => {
    const m = new EngineMetrics();
    m.settle('SOLUSDT', '100', 'bots');
    expect(m.settledPrice('SOLUSDT')).toBe('100');
    m.settle('SOLUSDT', '100', 'cycles');
    let woke = false;
    const waiting = m.waitFor('SOLUSDT', '101.00').then(() => (woke = true));
    m.settle('SOLUSDT', '101', 'bots');
    // The cycles' engine has not acted on 101 yet: the gauge stays where both were.
    expect(m.settledPrice('SOLUSDT')).toBe('100');
    expect((await m.registry.getSingleMetric('griddesk_engine_price')!.get()).values).toEqual([
      { labels: { symbol: 'SOLUSDT' }, value: 100 },
    ]);
    await Promise.resolve();
    expect(woke).toBe(false);
    m.settle('SOLUSDT', '101', 'cycles');
    await waiting;
    expect(m.settledPrice('SOLUSDT')).toBe('101');
    // Another symbol only one engine runs on is that engine's.
    m.settle('ETHUSDT', '3000', 'cycles');
    expect(m.settledPrice('ETHUSDT')).toBe('3000');
  });

  it('counts the runnables of each engine by kind, and leases over both, with no gauge of one kind', async () => {
    const m = new EngineMetrics();
    m.held('bots', { live: 3, paused: 1, leases: 4 });
    m.held('cycles', { live: 5, paused: 0, leases: 5 });
    const text = await m.registry.metrics();
    expect(text).toContain('griddesk_engine_runnables{kind="bots",status="Live"} 3');
    expect(text).toContain('griddesk_engine_runnables{kind="bots",status="Pause"} 1');
    expect(text).not.toContain('griddesk_engine_bots');
    expect(text).toContain('griddesk_engine_runnables{kind="cycles",status="Live"} 5');
    expect(text).toContain('griddesk_engine_leases 9');
  });
});
