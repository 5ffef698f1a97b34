import { describe, expect, it } from 'vitest';
import { SERVER } from '../../../common/messages';
import { daysLeft, noteDate, subscriptionStatus } from './subscription-status';

const now = new Date('2025-03-01T12:00:00.000Z');
const at = (iso: string) => new Date(iso);

describe('subscription status (user data)', () => {
  it('is Pending (isActiveSubscription undefined) with no subscription ever', () => {
    expect(subscriptionStatus(null, now)).toEqual({
      isActiveSubscription: undefined,
      subscription: { expireDate: null, validityLabel: '0 days', isExpire: true, note: SERVER.subscriptionNone },
    });
  });

  it('is Active with the days left rounded up and the expiry in the note', () => {
    const expiry = at('2025-03-24T06:00:00.000Z'); // 22.75 days away
    expect(subscriptionStatus(expiry, now)).toEqual({
      isActiveSubscription: true,
      subscription: {
        expireDate: '2025-03-24T06:00:00.000Z',
        validityLabel: '23 days',
        isExpire: false,
        note: SERVER.subscriptionExpiresOn('2025-03-24 06:00 UTC'),
      },
    });
    expect(subscriptionStatus(at('2025-03-01T12:30:00.000Z'), now).subscription.validityLabel).toBe('1 day');
    expect(subscriptionStatus(at('2025-03-31T12:00:00.000Z'), now).subscription.validityLabel).toBe('30 days');
  });

  it('is In-Active from the expiry instant on, with 0 days', () => {
    for (const expiry of [now, at('2025-02-01T00:00:00.000Z')]) {
      expect(subscriptionStatus(expiry, now)).toEqual({
        isActiveSubscription: false,
        subscription: {
          expireDate: expiry.toISOString(),
          validityLabel: '0 days',
          isExpire: true,
          note: SERVER.subscriptionExpiredOn(noteDate(expiry)),
        },
      });
    }
  });

  it('counts whole days, never negative', () => {
    expect([
      daysLeft(null, now),
      daysLeft(at('2025-02-27T00:00:00Z'), now),
      daysLeft(at('2025-03-02T12:00:00Z'), now),
      daysLeft(at('2025-03-02T12:00:00.001Z'), now),
    ]).toEqual([0, 0, 1, 2]);
  });
});
