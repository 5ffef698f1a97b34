import { describe, expect, it } from 'vitest';
import { isReady, PRICE_FEED_STALE_MS, priceFeedReadiness } from './readiness';

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
