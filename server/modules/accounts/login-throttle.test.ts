import { describe, expect, it } from 'vitest';
import { delayAfter } from './login-throttle';

const policy = { freeFailures: 5, baseDelayMs: 60_000, maxDelayMs: 900_000 };

describe('delayAfter', () => {
  it('lets the free failures pass without a wait', () => {
    for (let failures = 0; failures < policy.freeFailures; failures += 1) expect(delayAfter(failures, policy)).toBe(0);
  });

  it('doubles the wait from the last free failure on, up to the cap', () => {
    expect([5, 6, 7, 8, 9, 10, 50].map((failures) => delayAfter(failures, policy) / 60_000)).toEqual([1, 2, 4, 8, 15, 15, 15]);
  });
});
