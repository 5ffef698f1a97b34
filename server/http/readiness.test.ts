import { describe, expect, it } from 'vitest';
import { isReady, PRICE_FEED_STALE_MS, priceFeedReadiness, READINESS_CACHE_MS, sharedCheck } from './readiness';

describe('priceFeedReadiness', () => {
  const now = 1_000_000;
  it('is stream while the WebSocket delivers, rest-fallback while only the polls do', () => {
    expect(priceFeedReadiness({ streamUp: true, lastPriceAt: now - 1_000 }, now)).toBe('stream');
    expect(priceFeedReadiness({ streamUp: false, lastPriceAt: now - 1_000 }, now)).toBe('rest-fallback');
  });

  it('is down before the first price and once the last one is older than the staleness bound, stream or not', () => {
    expect(priceFeedReadiness({ streamUp: false, lastPriceAt: null }, now)).toBe('down');
    expect(priceFeedReadiness({ streamUp: true, lastPriceAt: now - PRICE_FEED_STALE_MS - 1 }, now)).toBe('down');
    expect(priceFeedReadiness({ streamUp: false, lastPriceAt: now - PRICE_FEED_STALE_MS }, now)).toBe('rest-fallback');
  });
});

describe('isReady', () => {
  it('needs the database, every migration, and a price feed that is not down (the REST fallback counts)', () => {
    expect(isReady({ database: 'ok', migrations: 'ok' })).toBe(true);
    expect(isReady({ database: 'ok', migrations: 'ok', priceFeed: 'rest-fallback' })).toBe(true);
    expect(isReady({ database: 'ok', migrations: 'ok', priceFeed: 'down' })).toBe(false);
    expect(isReady({ database: 'unreachable', migrations: 'ok' })).toBe(false);
    expect(isReady({ database: 'ok', migrations: 'pending: 0020_next' })).toBe(false);
    expect(isReady({ database: 'unreachable', migrations: 'unknown' })).toBe(false);
  });
});

describe('sharedCheck', () => {
  /** A check whose runs the test settles by hand. */
  function manualCheck() {
    const runs: Array<{ resolve: (value: string) => void; reject: (error: Error) => void }> = [];
    const check = () => new Promise<string>((resolve, reject) => runs.push({ resolve, reject }));
    return { runs, check };
  }

  it('lets callers share a run under way, and keeps its answer for the window after it ends', async () => {
    let now = 0;
    const { runs, check } = manualCheck();
    const shared = sharedCheck(check, () => now);
    const waiting = [shared(), shared(), shared()];
    expect(runs).toHaveLength(1);
    now = 5_000; // a slow check: callers still share it
    waiting.push(shared());
    runs[0]!.resolve('first');
    expect(await Promise.all(waiting)).toEqual(['first', 'first', 'first', 'first']);
    now += READINESS_CACHE_MS - 1;
    expect(await shared()).toBe('first');
    expect(runs).toHaveLength(1);
    now += 1;
    const next = shared();
    expect(runs).toHaveLength(2);
    runs[1]!.resolve('second');
    expect(await next).toBe('second');
  });

  it('keeps no failed run: the next caller starts another', async () => {
    const { runs, check } = manualCheck();
    const shared = sharedCheck(check, () => 0);
    const failing = shared();
    runs[0]!.reject(new Error('boom'));
    await expect(failing).rejects.toThrow('boom');
    const retried = shared();
    expect(runs).toHaveLength(2);
    runs[1]!.resolve('ok');
    expect(await retried).toBe('ok');
  });
});
