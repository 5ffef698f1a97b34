import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SETTINGS_LABELS } from '../../../common/messages';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../common/notifications';
import { SCREEN_TITLES } from '../../../common/routes';
import { SIGNED_IN, fail, installFakeBridge, ok } from '../../testing/fakeBridge';
import { currentPath, renderApp } from '../../testing/renderApp';

/** The first paint of a lazy page under a loaded CI machine can take a while. */
const SLOW = { timeout: 15_000 };

const toggle = (kind: NotificationKind) => screen.getByRole('switch', { name: SETTINGS_LABELS.kinds[kind].label });

/** Main's side of the channels: the muted kinds it stores. */
function open(initiallyMuted: NotificationKind[] = []) {
  const bridge = installFakeBridge(SIGNED_IN);
  let muted = [...initiallyMuted];
  bridge.handle('notifications:settings', () => ok({ muted }));
  bridge.handle('notifications:setMuted', ({ kind, muted: mute }) => {
    muted = NOTIFICATION_KINDS.filter((k) => (k === kind ? mute : muted.includes(k)));
    return ok({ muted });
  });
  renderApp('/settings');
  return bridge;
}

describe('Settings', () => {
  it('shows a switch per kind of notification, off for the muted ones', async () => {
    open(['cycleCompleted']);
    await screen.findByRole('heading', { name: SCREEN_TITLES.settings }, SLOW);
    await waitFor(() => expect(toggle('botStopped')).toBeTruthy(), SLOW);
    for (const kind of NOTIFICATION_KINDS) {
      expect(toggle(kind).getAttribute('aria-checked')).toBe(kind === 'cycleCompleted' ? 'false' : 'true');
      expect(screen.getByText(SETTINGS_LABELS.kinds[kind].description)).toBeTruthy();
    }
  });

  it('mutes and unmutes a kind through notifications:setMuted', async () => {
    const bridge = open();
    await waitFor(() => expect(toggle('subscriptionExpiring')).toBeTruthy(), SLOW);
    fireEvent.click(toggle('subscriptionExpiring'));
    await waitFor(() => expect(toggle('subscriptionExpiring').getAttribute('aria-checked')).toBe('false'));
    fireEvent.click(toggle('orderFailed'));
    await waitFor(() => expect(toggle('orderFailed').getAttribute('aria-checked')).toBe('false'));
    fireEvent.click(toggle('subscriptionExpiring'));
    await waitFor(() => expect(toggle('subscriptionExpiring').getAttribute('aria-checked')).toBe('true'));
    expect(bridge.callsTo('notifications:setMuted')).toEqual([
      { kind: 'subscriptionExpiring', muted: true },
      { kind: 'orderFailed', muted: true },
      { kind: 'subscriptionExpiring', muted: false },
    ]);
  });

  it('puts the switch back and says so when main could not save it', async () => {
    const bridge = open();
    bridge.handle('notifications:setMuted', () => fail(500, 'disk full'));
    await waitFor(() => expect(toggle('botStopped')).toBeTruthy(), SLOW);
    fireEvent.click(toggle('botStopped'));
    expect(await screen.findByText(SETTINGS_LABELS.saveFailed)).toBeTruthy();
    expect(toggle('botStopped').getAttribute('aria-checked')).toBe('true');
  });

  it('is reached from the profile menu', async () => {
    installFakeBridge(SIGNED_IN);
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
    fireEvent.click(await screen.findByText(SCREEN_TITLES.settings));
    await screen.findByRole('heading', { name: SCREEN_TITLES.settings }, SLOW);
    expect(currentPath()).toBe('/settings');
  });
});
