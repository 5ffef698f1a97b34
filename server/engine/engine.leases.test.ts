/**
 * Leases against claims in flight: the heartbeat renews in chunks while claims go on, and must
 * neither drop a bot claimed meanwhile nor leave a bot it holds unrun.
 */
import { describe, expect, it, vi } from 'vitest';
import { databaseTargets } from '../testing/databases';
import type { Engine } from './engine';
import type { EngineHarness } from './testing/harness';
import { engineHarnesses } from './testing/shared-harness';

const targets = await databaseTargets();
const SYMBOL = 'SOLUSDT';

describe.each(targets)('engine leases on $name', (target) => {
  const harnesses = engineHarnesses(target);
  let h: EngineHarness | undefined;

  /** Counts the engine's heartbeats; `after(n)` resolves once n more have completed. */
  function countBeats(engine: Engine, during?: () => Promise<void>) {
    let beats = 0;
    const heartbeat = engine.store.heartbeat.bind(engine.store);
    engine.store.heartbeat = async (chunk) => {
      const held = await heartbeat(chunk);
      if (beats === 0 && during) await during();
      beats += 1;
      return held;
    };
    return {
      after: async (n: number) => {
        const target = beats + n;
        await vi.waitFor(() => expect(beats).toBeGreaterThanOrEqual(target), { timeout: 10_000, interval: 50 });
      },
    };
  }

  it('keeps running a bot claimed and adopted while a heartbeat was renewing leases', async () => {
    h = harnesses.shared();
    h.setPrice(SYMBOL, '145.00');
    const engine = h.startEngine({ claimEveryMs: 600_000 });
    let botId = '';
    // The renewal's answer is in, then a bot is claimed and adopted before the heartbeat judges its runners.
    const beats = countBeats(engine, async () => {
      botId = await h!.startBot();
      await engine.claim();
    });
    await beats.after(3);
    expect(engine.runner(botId)).toBeDefined();
    expect((await h.bot(botId)).leaseOwner).toBe(engine.id);
    // Still trading: grid 1 was bought at the start, and the next price change is decided.
    h.setPrice(SYMBOL, '143.00');
    await engine.metrics.waitFor(SYMBOL, '143.00');
    expect((await h.trades(botId)).length).toBeGreaterThanOrEqual(1);
  });

  it("a stopping engine hands its bots to another at once, not at the other's next claim", async () => {
    h = harnesses.shared();
    h.setPrice(SYMBOL, '145.00');
    const first = h.startEngine({ claimEveryMs: 600_000 }, 'first');
    const botId = await h.startBot();
    await first.claim();
    await first.idle();
    // Its first claim is behind it: only the announcement makes it claim again within the test.
    const second = h.startEngine({ claimEveryMs: 600_000 }, 'second');
    await second.claim();
    expect((await h.bot(botId)).leaseOwner).toBe('first');
    await first.stop();
    await vi.waitFor(async () => expect((await h!.bot(botId)).leaseOwner).toBe('second'), { timeout: 10_000, interval: 20 });
    await vi.waitFor(() => expect(second.runner(botId)).toBeDefined(), { timeout: 10_000, interval: 20 });
  });

  it('runs a bot it holds the lease of but does not run yet', async () => {
    h = harnesses.shared();
    h.setPrice(SYMBOL, '145.00');
    const engine = h.startEngine({ claimEveryMs: 600_000 });
    const beats = countBeats(engine);
    await beats.after(1);
    const botId = await h.startBot();
    // Claimed for this engine, as a claim whose answer never reached the adoption.
    expect(await engine.store.claim(10)).toEqual([botId]);
    expect(engine.runner(botId)).toBeUndefined();
    await beats.after(2);
    expect(engine.runner(botId)).toBeDefined();
    await engine.idle();
    expect(await h.trades(botId)).toHaveLength(1);
  });
});
