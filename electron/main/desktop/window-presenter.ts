/**
 * Bringing the one window up, wherever the request comes from: a second launch, a griddesk://
 * link, the tray, a notification click, the macOS dock. A request before the app is ready (a
 * link that launched it) is kept and becomes the window's first route; later ones focus the
 * window (restoring or showing it from the tray) and navigate it.
 */

/** The part of a BrowserWindow this needs. */
export interface PresentedWindow {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}

export interface WindowPresenterOptions<W extends PresentedWindow> {
  /** Creates the window, opening `initialPath` first (null: the default route). */
  open(initialPath: string | null): W;
  /** Tells the open window's page to go to `path` (app:navigate). */
  navigate(path: string): void;
}

export interface WindowPresenter<W extends PresentedWindow> {
  /** The app is ready: opens the window, on the route asked for before, if any. */
  ready(): void;
  /** Shows the window (creating it if it was closed), on `path` when given. */
  show(path?: string | null): void;
  /** The window closed for good (not hidden). */
  closed(): void;
  readonly window: W | null;
}

export function createWindowPresenter<W extends PresentedWindow>(options: WindowPresenterOptions<W>): WindowPresenter<W> {
  let isReady = false;
  let pending: string | null = null;
  let current: W | null = null;

  const alive = () => (current && !current.isDestroyed() ? current : null);

  function open(): void {
    current = options.open(pending);
    pending = null;
  }

  return {
    ready() {
      isReady = true;
      if (!alive()) open();
    },
    show(path) {
      const win = alive();
      if (!win) {
        // The newest request wins: it is what the member did last.
        if (path) pending = path;
        if (isReady) open();
        return;
      }
      if (win.isMinimized()) win.restore();
      win.show();
      win.focus();
      if (path) options.navigate(path);
    },
    closed() {
      current = null;
    },
    get window() {
      return alive();
    },
  };
}
