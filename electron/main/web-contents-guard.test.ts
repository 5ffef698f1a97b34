import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { guardWebContents, isAppUrl } from './web-contents-guard';

/** Just enough of Electron's WebContents: its events and the window-open handler. */
class FakeContents extends EventEmitter {
  openHandler: ((details: { url: string }) => { action: string }) | null = null;
  devToolsClosed = 0;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void {
    this.openHandler = handler;
  }
  closeDevTools(): void {
    this.devToolsClosed += 1;
  }
  /** Emits `name` with a cancellable event; true when a listener prevented it. */
  attempt(name: string, url = ''): boolean {
    let prevented = false;
    this.emit(name, { url, preventDefault: () => void (prevented = true) }, url);
    return prevented;
  }
}

function guarded(isPackaged = true): FakeContents {
  const contents = new FakeContents();
  guardWebContents(contents, { isPackaged });
  return contents;
}

describe('the app-wide webContents guard', () => {
  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])(
    'blocks %s away from the app origin and lets app:// pages through',
    (event) => {
      const contents = guarded();
      expect(contents.attempt(event, 'https://evil.example/phish')).toBe(true);
      expect(contents.attempt(event, 'file:///etc/passwd')).toBe(true);
      expect(contents.attempt(event, 'app://other-host/index.html')).toBe(true);
      expect(contents.attempt(event, 'not a url')).toBe(true);
      expect(contents.attempt(event, 'app://griddesk/index.html#/dashboard')).toBe(false);
    },
  );

  it('denies every new window, app pages included', () => {
    const contents = guarded();
    expect(contents.openHandler?.({ url: 'https://evil.example' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'app://griddesk/index.html' })).toEqual({ action: 'deny' });
  });

  it('refuses to attach a webview', () => {
    expect(guarded().attempt('will-attach-webview')).toBe(true);
  });

  it('closes DevTools in a packaged build and leaves them to developers otherwise', () => {
    const packaged = guarded(true);
    packaged.emit('devtools-opened');
    expect(packaged.devToolsClosed).toBe(1);
    const dev = guarded(false);
    dev.emit('devtools-opened');
    expect(dev.devToolsClosed).toBe(0);
  });

  it('knows the app origin exactly', () => {
    expect(isAppUrl('app://griddesk/')).toBe(true);
    expect(isAppUrl('app://griddesk.evil.example/')).toBe(false);
    expect(isAppUrl('app://user@griddesk/')).toBe(false);
    expect(isAppUrl('http://griddesk/')).toBe(false);
  });
});
