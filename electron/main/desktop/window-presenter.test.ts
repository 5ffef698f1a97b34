import { describe, expect, it } from 'vitest';
import { createWindowPresenter, type PresentedWindow } from './window-presenter';

class Win implements PresentedWindow {
  destroyed = false;
  minimized = false;
  visible = false;
  focused = 0;
  constructor(readonly initialPath: string | null) {}
  isDestroyed = () => this.destroyed;
  isMinimized = () => this.minimized;
  restore = () => {
    this.minimized = false;
  };
  show = () => {
    this.visible = true;
  };
  focus = () => {
    this.focused += 1;
  };
}

function presenter() {
  const opened: Win[] = [];
  const navigated: string[] = [];
  const subject = createWindowPresenter({
    open: (initialPath) => {
      const win = new Win(initialPath);
      opened.push(win);
      return win;
    },
    navigate: (path) => navigated.push(path),
  });
  return { subject, opened, navigated };
}

describe('window presenter (single instance, links, tray, notifications)', () => {
  it('keeps a link that came before the app was ready as the first route', () => {
    const { subject, opened } = presenter();
    subject.show('/resetpassword/t1');
    subject.show(null);
    subject.show('/running-bot/b2');
    expect(opened).toEqual([]);
    subject.ready();
    expect(opened.map((w) => w.initialPath)).toEqual(['/running-bot/b2']);
  });

  it('brings the one window up from the tray or a minimised state, and navigates it', () => {
    const { subject, opened, navigated } = presenter();
    subject.ready();
    const win = opened[0]!;
    win.minimized = true;
    win.visible = false;
    subject.show('/history');
    expect(win).toMatchObject({ minimized: false, visible: true, focused: 1 });
    subject.show();
    expect(win.focused).toBe(2);
    expect(navigated).toEqual(['/history']);
    expect(opened).toHaveLength(1);
  });

  it('opens a new window on the route when the last one closed', () => {
    const { subject, opened, navigated } = presenter();
    subject.ready();
    opened[0]!.destroyed = true;
    subject.closed();
    expect(subject.window).toBeNull();
    subject.show('/cycle');
    expect(opened.map((w) => w.initialPath)).toEqual([null, '/cycle']);
    expect(navigated).toEqual([]);
    expect(subject.window).toBe(opened[1]);
  });
});
