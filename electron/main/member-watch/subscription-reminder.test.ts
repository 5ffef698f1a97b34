import { afterEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_TEXT } from '../../../common/messages';
import { createMemorySettings } from '../ports/settings-defaults';
import type { Notification } from '../ports/types';
import { subscriptionReminder } from './subscription-reminder';
import { createSubscriptionWatch } from './subscription-watch';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.parse('2026-11-23T09:00:00.000Z');
const endsIn = (ms: number) => ({ expireDate: new Date(now + ms).toISOString() });

describe('subscriptionReminder', () => {
  it.each([
    ['3 days', 3 * DAY, 3],
    ['2 days and 1 hour', 2 * DAY + HOUR, 3],
    ['2 days', 2 * DAY, 2],
    ['1 hour', HOUR, 1],
  ])('reminds of a subscription ending in %s, opening Subscription', (_what, left, days) => {
    expect(subscriptionReminder('ann@example.com', endsIn(left), now, null)?.notification).toEqual({
      kind: 'subscriptionExpiring',
      title: DESKTOP_TEXT.subscription.title,
      body: DESKTOP_TEXT.subscription.body(days),
      route: '/subscription',
    });
  });

  it.each([
    ['more than 3 days away', endsIn(3 * DAY + 1)],
    ['over already', endsIn(-HOUR)],
    ['absent (never subscribed)', { expireDate: null }],
    ['unreadable', { expireDate: 'soon' }],
  ])('says nothing of a subscription %s', (_what, view) => {
    expect(subscriptionReminder('ann@example.com', view, now, null)).toBeNull();
  });

  it('reminds once a day left: not again for the same day, again the next day or for another member', () => {
    const view = endsIn(2 * DAY + HOUR);
    const first = subscriptionReminder('ann@example.com', view, now, null)!;
    expect(subscriptionReminder('ann@example.com', view, now + HOUR / 2, first.mark)).toBeNull();
    expect(subscriptionReminder('ann@example.com', view, now + 2 * HOUR, first.mark)?.notification.body).toBe(
      DESKTOP_TEXT.subscription.body(2),
    );
    expect(subscriptionReminder('bob@example.com', view, now, first.mark)).not.toBeNull();
  });

  it('says the days left in words', () => {
    expect(DESKTOP_TEXT.subscription.body(1)).toMatch(/^It ends within a day\./);
    expect(DESKTOP_TEXT.subscription.body(3)).toMatch(/^It ends in 3 days\./);
  });
});

describe('subscription watch', () => {
  afterEach(() => vi.useRealTimers());

  function watch(views: ({ expireDate: string | null } | null)[], signedIn = true) {
    const settings = createMemorySettings({ email: 'ann@example.com' });
    const shown: Notification[] = [];
    let clock = now;
    const fetched: number[] = [];
    const subject = createSubscriptionWatch({
      fetch: async () => {
        fetched.push(clock);
        return views.shift() ?? null;
      },
      signedIn: async () => signedIn,
      settings,
      notifier: { notify: (n) => shown.push(n) },
      everyMs: HOUR,
      now: () => clock,
    });
    return { subject, settings, shown, fetched, tick: (ms: number) => (clock += ms) };
  }

  it('checks at sign-in and every hour, and shows each reminder once, even across a restart', async () => {
    vi.useFakeTimers();
    const view = endsIn(2 * DAY + 2 * HOUR);
    const { subject, settings, shown, fetched, tick } = watch([view, view, view, view]);
    subject.start();
    await vi.waitFor(() => expect(shown).toHaveLength(1));
    tick(HOUR);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(fetched).toHaveLength(2);
    expect(shown).toHaveLength(1);
    tick(2 * HOUR); // now 2 days left
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(shown.map((n) => n.body)).toEqual([DESKTOP_TEXT.subscription.body(3), DESKTOP_TEXT.subscription.body(2)]);
    subject.stop();

    // A restart reads the mark from the settings: the same day left is not told again.
    const again = createSubscriptionWatch({
      fetch: async () => view,
      signedIn: async () => true,
      settings,
      notifier: { notify: (n) => shown.push(n) },
      everyMs: HOUR,
      now: () => now + 3 * HOUR,
    });
    await again.check();
    expect(shown).toHaveLength(2);
  });

  it('stops checking once stopped, and checks nothing without a member', async () => {
    vi.useFakeTimers();
    const { subject, fetched } = watch([null, null, null]);
    subject.start();
    await vi.waitFor(() => expect(fetched).toHaveLength(1));
    subject.stop();
    await vi.advanceTimersByTimeAsync(5 * HOUR);
    expect(fetched).toHaveLength(1);

    const nobody = watch([endsIn(DAY)], false);
    await nobody.subject.check();
    expect(nobody.fetched).toEqual([]);
    expect(nobody.shown).toEqual([]);
  });
});
