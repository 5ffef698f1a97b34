import { describe, expect, it } from 'vitest';
import { MAX_AGE_MS, SessionCache, USER_PREFIX } from './session-cache';

const NOW = new Date('2026-11-25T10:00:00Z');
const LATER = new Date('2026-11-26T10:00:00Z');

function cacheWithClock() {
  let ms = 0;
  const cache = new SessionCache(() => ms);
  cache.setTrusted(true);
  return { cache, advance: (by: number) => (ms += by) };
}

describe('SessionCache', () => {
  it('answers a session it was given until it expires', () => {
    const { cache } = cacheWithClock();
    expect(cache.get('s1', NOW)).toBeUndefined();
    cache.put('s1', 'u1', LATER, cache.generation);
    expect(cache.get('s1', NOW)).toBe('u1');
    expect(cache.get('s1', LATER)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('asks the database again after MAX_AGE_MS whatever it heard', () => {
    const { cache, advance } = cacheWithClock();
    cache.put('s1', 'u1', LATER, cache.generation);
    advance(MAX_AGE_MS - 1);
    expect(cache.get('s1', NOW)).toBe('u1');
    advance(1);
    expect(cache.get('s1', NOW)).toBeUndefined();
  });

  it('forgets a revoked session, and every session of a member revoked as a whole', () => {
    const { cache } = cacheWithClock();
    for (const [id, user] of [
      ['a', 'u1'],
      ['b', 'u1'],
      ['c', 'u2'],
    ])
      cache.put(id!, user!, LATER, cache.generation);
    cache.revoked('a');
    expect(cache.get('a', NOW)).toBeUndefined();
    expect(cache.get('b', NOW)).toBe('u1');
    cache.revoked(`${USER_PREFIX}u1`);
    expect(cache.get('b', NOW)).toBeUndefined();
    expect(cache.get('c', NOW)).toBe('u2');
  });

  it('does not cache a lookup that was in flight when a revocation arrived', () => {
    const { cache } = cacheWithClock();
    const startedAt = cache.generation;
    cache.revoked('s1'); // the row the lookup is about to return may predate this
    cache.put('s1', 'u1', LATER, startedAt);
    expect(cache.get('s1', NOW)).toBeUndefined();
    cache.put('s1', 'u1', LATER, cache.generation);
    expect(cache.get('s1', NOW)).toBe('u1');
  });

  it('trusts nothing while the feed is not listening, and starts empty when it listens again', () => {
    const { cache } = cacheWithClock();
    cache.put('s1', 'u1', LATER, cache.generation);
    const startedAt = cache.generation;
    cache.setTrusted(false);
    expect(cache.isTrusted).toBe(false);
    expect(cache.get('s1', NOW)).toBeUndefined();
    cache.put('s2', 'u2', LATER, cache.generation);
    expect(cache.size).toBe(0);
    cache.setTrusted(true);
    cache.put('s3', 'u3', LATER, startedAt); // began before the gap
    expect(cache.size).toBe(0);
    cache.put('s3', 'u3', LATER, cache.generation);
    expect(cache.get('s3', NOW)).toBe('u3');
  });

  it('starts untrusted: without a feed every request asks the database', () => {
    const cache = new SessionCache();
    cache.put('s1', 'u1', LATER, cache.generation);
    expect(cache.get('s1', NOW)).toBeUndefined();
  });
});
