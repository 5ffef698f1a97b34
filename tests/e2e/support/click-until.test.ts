import { afterEach, describe, expect, it, vi } from 'vitest';
import { clickUntil } from './click-until';

/** An effect that comes only once the click has happened `needed` times. */
function lostClicks(needed: number) {
  let clicks = 0;
  return {
    click: async () => {
      clicks += 1;
    },
    effect: async (timeoutMs: number) => {
      if (clicks < needed) {
        await new Promise((resolve) => setTimeout(resolve, timeoutMs));
        throw new Error(`waited ${timeoutMs} ms for the effect`);
      }
    },
    clicks: () => clicks,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('clickUntil', () => {
  it('clicks once when the effect comes', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const target = lostClicks(1);
    await clickUntil(target.click, target.effect, { what: 'Agree', patienceMs: 20, timeoutMs: 200 });
    expect(target.clicks()).toBe(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('clicks again after a lost click and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const target = lostClicks(3);
    await clickUntil(target.click, target.effect, { what: 'Agree', patienceMs: 20, timeoutMs: 1_000 });
    expect(target.clicks()).toBe(3);
    expect(warn.mock.calls.map(([line]) => line)).toEqual([
      '[e2e] Agree: no effect 0.02 s after click 1; clicking again',
      '[e2e] Agree: no effect 0.02 s after click 2; clicking again',
    ]);
  });

  it("fails with the wait's own error once the time is up", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const target = lostClicks(Infinity);
    await expect(clickUntil(target.click, target.effect, { what: 'Agree', patienceMs: 20, timeoutMs: 70 })).rejects.toThrow(
      /waited \d+ ms for the effect/,
    );
    expect(target.clicks()).toBeGreaterThanOrEqual(3);
  });
});
