import { describe, expect, it, vi } from 'vitest';
import { InFlightSends } from './in-flight-sends';

const state = (p: Promise<unknown>) =>
  Promise.race([p.then(() => 'done'), new Promise((resolve) => setImmediate(() => resolve('waiting')))]);

describe('InFlightSends', () => {
  it('is quiet at once with nothing in flight', async () => {
    expect(await state(new InFlightSends().quiet(1_000))).toBe('done');
  });

  it('wakes every waiter when the last send of the burst is answered, not before', async () => {
    const sends = new InFlightSends();
    sends.begin();
    sends.begin();
    const first = sends.quiet(10_000);
    const second = sends.quiet(10_000);
    sends.end();
    expect(await state(first)).toBe('waiting');
    sends.end();
    expect([await state(first), await state(second), sends.size]).toEqual(['done', 'done', 0]);
  });

  it('holds a waiter no longer than its limit behind a send that hangs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const sends = new InFlightSends();
      sends.begin();
      let woken = false;
      void sends.quiet(30).then(() => (woken = true));
      await vi.advanceTimersByTimeAsync(29);
      expect(woken).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect([woken, sends.size]).toEqual([true, 1]);
    } finally {
      vi.useRealTimers();
    }
  });
});
