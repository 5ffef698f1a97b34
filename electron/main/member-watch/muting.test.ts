import { describe, expect, it } from 'vitest';
import { createMemorySettings, sanitize } from '../ports/settings-defaults';
import type { Notification } from '../ports/types';
import { mutedKinds, mutingNotifier, setMuted } from './muting';

const note = (kind: Notification['kind'], title: string = kind): Notification => ({
  kind,
  title,
  body: '',
});

describe('mute switches', () => {
  it('drops a muted kind before the notifier and lets the others through', () => {
    const settings = createMemorySettings({ mutedNotifications: ['orderFailed'] });
    const shown: string[] = [];
    const notifier = mutingNotifier({ notify: (n) => shown.push(n.title) }, settings);
    notifier.notify(note('orderFailed'));
    notifier.notify(note('botStopped'));
    expect(shown).toEqual(['botStopped']);
  });

  it('reads the switches at each notification, so a change counts from the next one', () => {
    const settings = createMemorySettings();
    const shown: string[] = [];
    const notifier = mutingNotifier({ notify: (n) => shown.push(n.title) }, settings);
    notifier.notify(note('cycleCompleted', 'first'));
    setMuted(settings, 'cycleCompleted', true);
    notifier.notify(note('cycleCompleted', 'second'));
    setMuted(settings, 'cycleCompleted', false);
    notifier.notify(note('cycleCompleted', 'third'));
    expect(shown).toEqual(['first', 'third']);
  });

  it('keeps each kind once, in a fixed order, whatever order they were muted in', () => {
    const settings = createMemorySettings();
    expect(setMuted(settings, 'subscriptionExpiring', true)).toEqual(['subscriptionExpiring']);
    expect(setMuted(settings, 'botStopped', true)).toEqual(['botStopped', 'subscriptionExpiring']);
    expect(setMuted(settings, 'botStopped', true)).toEqual(['botStopped', 'subscriptionExpiring']);
    expect(setMuted(settings, 'orderFailed', false)).toEqual(['botStopped', 'subscriptionExpiring']);
    expect(mutedKinds(settings)).toEqual(['botStopped', 'subscriptionExpiring']);
  });

  it('reads a hand-edited settings file as known kinds only', () => {
    expect(sanitize('mutedNotifications', ['orderFailed', 'everything', 42, 'botStopped', 'orderFailed'])).toEqual([
      'botStopped',
      'orderFailed',
    ]);
    expect(sanitize('mutedNotifications', 'botStopped')).toEqual([]);
    expect(sanitize('mutedNotifications', undefined)).toEqual([]);
  });
});
