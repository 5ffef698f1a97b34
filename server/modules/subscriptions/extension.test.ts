import { describe, expect, it } from 'vitest';
import { extendedExpiry } from './subscriptions';

const now = new Date('2030-06-01T12:00:00Z');
const day = 86_400_000;

describe('extendedExpiry', () => {
  it('starts from now for a member without a subscription', () => {
    expect(extendedExpiry(null, 30, now).getTime()).toBe(now.getTime() + 30 * day);
  });

  it('starts from now when the last subscription has lapsed', () => {
    expect(extendedExpiry(new Date(now.getTime() - 5 * day), 10, now).getTime()).toBe(now.getTime() + 10 * day);
  });

  it('keeps unused days by extending from the current expiry', () => {
    const expiry = new Date(now.getTime() + 7 * day);
    expect(extendedExpiry(expiry, 30, now).getTime()).toBe(expiry.getTime() + 30 * day);
  });
});
