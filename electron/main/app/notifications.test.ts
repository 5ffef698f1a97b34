import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const shown: FakeNotification[] = [];
let supported = true;

class FakeNotification extends EventEmitter {
  constructor(readonly options: { title: string; body: string }) {
    super();
  }
  static isSupported = () => supported;
  show() {
    shown.push(this);
  }
}

vi.mock('electron', () => ({ Notification: FakeNotification }));

const { createElectronNotifier } = await import('./notifications');

beforeEach(() => {
  shown.length = 0;
  supported = true;
});

describe('createElectronNotifier', () => {
  it('shows the notification and routes its click', () => {
    const clicks: (string | undefined)[] = [];
    const notifier = createElectronNotifier((route) => clicks.push(route));
    notifier.notify({ kind: 'botStopped', title: 'BTC/USDT bot stopped', body: 'Stopped by you', route: '/history' });
    notifier.notify({
      kind: 'botStopped',
      title: 'ETH/USDT bot paused',
      body: 'Pause price reached',
      route: '/running-bot/b2',
    });
    expect(shown.map((n) => n.options)).toEqual([
      { title: 'BTC/USDT bot stopped', body: 'Stopped by you', silent: false },
      { title: 'ETH/USDT bot paused', body: 'Pause price reached', silent: false },
    ]);
    shown[1]!.emit('click');
    shown[0]!.emit('click');
    expect(clicks).toEqual(['/running-bot/b2', '/history']);
  });

  it('shows nothing where the system has no notifications', () => {
    supported = false;
    createElectronNotifier(() => undefined).notify({ kind: 'orderFailed', title: 't', body: 'b' });
    expect(shown).toEqual([]);
  });
});
