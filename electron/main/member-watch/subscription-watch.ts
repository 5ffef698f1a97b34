/**
 * Checks the signed-in member's subscription when they sign in (or main starts with them
 * signed in) and then every `everyMs`, and shows the reminder subscription-reminder.ts decides
 * on. The mark of the last reminder is kept in the settings, so restarting the app does not
 * repeat it.
 */
import type { Notifier, SettingsStore } from '../ports/types';
import { subscriptionReminder, type SubscriptionView } from './subscription-reminder';

/** How often main looks again while the app runs (also at each sign-in). */
export const SUBSCRIPTION_CHECK_MS = 60 * 60 * 1000;

export interface SubscriptionWatchOptions {
  /** The member's subscription now; null when the server could not say. */
  fetch(): Promise<SubscriptionView | null>;
  signedIn(): Promise<boolean>;
  settings: SettingsStore;
  notifier: Notifier;
  everyMs: number;
  now?: () => number;
}

export interface SubscriptionWatch {
  start(): void;
  stop(): void;
  /** One check now (the timer's work); resolves when it is done. */
  check(): Promise<void>;
}

export function createSubscriptionWatch(options: SubscriptionWatchOptions): SubscriptionWatch {
  const now = options.now ?? Date.now;
  let timer: ReturnType<typeof setInterval> | null = null;
  /** Bumped by start and stop: a check that began in an earlier session shows nothing. */
  let session = 0;

  async function check(): Promise<void> {
    const mine = session;
    try {
      if (!(await options.signedIn())) return;
      const view = await options.fetch();
      if (!view || mine !== session) return;
      // Marks are per member, so another member signing in here gets their own reminders.
      const member = options.settings.get('email') ?? '';
      const reminder = subscriptionReminder(member, view, now(), options.settings.get('subscriptionReminder'));
      if (!reminder) return;
      options.settings.set('subscriptionReminder', reminder.mark);
      options.notifier.notify(reminder.notification);
    } catch (error) {
      // A failed check waits for the next one; the subscription page still shows the expiry.
      console.warn('GridDesk: checking the subscription failed', error);
    }
  }

  function stop(): void {
    session += 1;
    if (timer) clearInterval(timer);
    timer = null;
  }

  return {
    start() {
      stop();
      void check();
      timer = setInterval(() => void check(), options.everyMs);
      // Never what keeps a process alive (tests, a preview shutting down).
      timer.unref?.();
    },
    stop,
    check,
  };
}
